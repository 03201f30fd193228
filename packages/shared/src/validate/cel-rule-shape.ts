// What validateCelRules and its memoised twin share: the accepted reasons, the fieldPath shape,
// and two checks the API server makes on a rule's companions: fieldPath must lead to a field that exists under the rule's node (`.owner` on
// a string is refused), and with optionalOldSelf `oldSelf` is an optional value, so a rule (or
// messageExpression) that uses it as a plain value does not compile.
import type { JSONSchemaProps } from '../crd/types';

/** The reasons the API server accepts on a rule. */
export const REASONS = new Set([
  'FieldValueInvalid',
  'FieldValueForbidden',
  'FieldValueRequired',
  'FieldValueDuplicate',
]);
/** A relative path such as `.name`, `['key']` or `[0]`, chained. */
export const FIELD_PATH = /^(\.[A-Za-z_][\w-]*|\[('[^']*'|"[^"]*"|\d+)\])+$/;

/** ` (at character N)` for a CEL error offset, or nothing. */
export function where(offset: number | undefined): string {
  return offset === undefined ? '' : ` (at character ${offset + 1})`;
}

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

const OPTIONAL_USE = /^(\.(hasValue|value|orValue|or|optMap|optFlatMap)\(|\?\.|\[\?|\s*[!=]=\s*optional\.)/;

/** With optionalOldSelf, every `oldSelf` must be unwrapped (hasValue/value/orValue …). */
export function plainOptionalOldSelf(expression: string): boolean {
  for (const m of expression.matchAll(/\boldSelf\b/g)) {
    if (!OPTIONAL_USE.test(expression.slice(m.index + m[0].length))) return true;
  }
  return false;
}

export const OPTIONAL_OLD_SELF_HINT =
  'with optionalOldSelf, oldSelf is an optional value: use oldSelf.hasValue(), oldSelf.value() or oldSelf.orValue(…)';
