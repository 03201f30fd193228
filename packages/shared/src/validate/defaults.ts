// A default must satisfy the constraints of its own field (type, enum, bounds, pattern,
// required sub-fields …); the API server rejects the CRD otherwise.
import type { JSONSchemaProps } from '../crd/types';
import { show } from '../crd/diff-json';
import { error, type Issue } from './issue';
import { validateValue } from './value';
import { at, walkSchema } from './walk';

export function validateDefaults(version: string, root: JSONSchemaProps | undefined): Issue[] {
  const out: Issue[] = [];
  walkSchema(root, ({ node, path }) => {
    if (node.default === undefined) return;
    for (const p of validateValue(node, node.default, '.')) {
      const inside = p.path === '.' ? '' : ` at ${p.path}`;
      out.push(
        error(
          at(version, path),
          `default ${show(node.default)}${inside}: ${p.message}; change the default or the constraint`,
        ),
      );
    }
  });
  return out;
}
