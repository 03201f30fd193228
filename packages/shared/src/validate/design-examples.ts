// An example must satisfy its field's own constraints: the API server does not check it,
// but the sample CR (`opstudio sample`, the designer's preview) is built from examples, so a
// bad one gives users a sample the API server rejects. A warning, next to the example.
import { show } from '../crd/diff-json';
import type { JSONSchemaProps } from '../crd/types';
import { schemaIssuePath } from './design-paths';
import { warning, type Issue } from './issue';
import { validateValue } from './value';
import { walkSchema } from './walk';

export function validateExamples(version: string, root: JSONSchemaProps | undefined): Issue[] {
  const out: Issue[] = [];
  walkSchema(root, ({ node, path }) => {
    if (node.example === undefined) return;
    for (const p of validateValue(node, node.example, '.')) {
      const inside = p.path === '.' ? '' : ` at ${p.path}`;
      out.push(
        warning(
          `${schemaIssuePath(version, path)}.example`,
          `example ${show(node.example)}${inside}: ${p.message}; the sample CR uses it, so change the example`,
        ),
      );
    }
  });
  return out;
}
