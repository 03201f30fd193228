// What validateCelRules and its memoised twin check without the CEL module, the API server's
// checks of a rule's companions: the reason must be one it knows, fieldPath must be a path to a
// field under the rule's node (`.owner` on a string is refused), a message is one line. The
// rule and messageExpression themselves are compiled by the CEL module (cel-engine-issues.ts).
import type { JSONSchemaProps } from '../crd/types';
import { error, type Issue } from './issue';
import { at, walkSchema } from './walk';

/** The reasons the API server accepts on a rule. */
export const REASONS = new Set([
  'FieldValueInvalid',
  'FieldValueForbidden',
  'FieldValueRequired',
  'FieldValueDuplicate',
]);
/** A relative path such as `.name`, `['key']` or `[0]`, chained. */
export const FIELD_PATH = /^(\.[A-Za-z_][\w-]*|\[('[^']*'|"[^"]*"|\d+)\])+$/;

const SEGMENT = /\.([A-Za-z_][\w-]*)|\[(?:'([^']*)'|"([^"]*)"|(\d+))\]/y;

/** Why `fieldPath` does not name a field under `node`, or undefined when it does. */
export function fieldPathProblem(fieldPath: string, node: JSONSchemaProps): string | undefined {
  let here: JSONSchemaProps | undefined = node;
  SEGMENT.lastIndex = 0;
  while (SEGMENT.lastIndex < fieldPath.length) {
    const m = SEGMENT.exec(fieldPath);
    if (m === null) return "it is not a path such as .name or ['key']";
    if (here === undefined || here['x-kubernetes-preserve-unknown-fields'] === true) return undefined;
    const index = m[4];
    if (index !== undefined) {
      here = here.type === 'array' && here.items !== undefined && !Array.isArray(here.items) ? here.items : undefined;
      if (here === undefined) return `[${index}] indexes something that is not a list`;
      continue;
    }
    const key = (m[1] ?? m[2] ?? m[3])!;
    const props: Record<string, JSONSchemaProps> | undefined = here.properties;
    const extra: JSONSchemaProps | boolean | undefined = here.additionalProperties;
    if (props?.[key] !== undefined) here = props[key];
    else if (typeof extra === 'object') here = extra;
    else if (extra === true) here = undefined;
    else return `this field has no property "${key}"`;
  }
  return undefined;
}

/** The companions of every rule of a version's schema. */
export function ruleShapeIssues(version: string, root: JSONSchemaProps | undefined): Issue[] {
  const out: Issue[] = [];
  walkSchema(root, ({ node, path }) => {
    (node['x-kubernetes-validations'] ?? []).forEach((r, i) => {
      const p = at(version, `${path} x-kubernetes-validations[${i}]`);
      if (r.reason !== undefined && !REASONS.has(r.reason))
        out.push(error(p, `reason "${String(r.reason)}" must be one of ${[...REASONS].join(', ')}`));
      if (r.fieldPath !== undefined) {
        const problem = FIELD_PATH.test(r.fieldPath)
          ? fieldPathProblem(r.fieldPath, node)
          : "it is not a path such as .name or ['key']";
        if (problem !== undefined)
          out.push(error(p, `fieldPath "${r.fieldPath}" must lead to a field under this one: ${problem}`));
      }
      if (r.message !== undefined && /[\r\n]/.test(r.message)) out.push(error(p, 'message must be a single line'));
    });
  });
  return out;
}
