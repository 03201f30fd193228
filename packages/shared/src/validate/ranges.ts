// Bounds that no value can meet: `minimum: 10` with `maximum: 1`, `minLength` above
// `maxLength`, and the same for items and properties. The API server accepts such a schema
// and then refuses every object; the studio says so at the field before install.
import type { JSONSchemaProps } from '../crd/types';
import { error, type Issue } from './issue';

const PAIRS = [
  ['minLength', 'maxLength', 'characters'],
  ['minItems', 'maxItems', 'items'],
  ['minProperties', 'maxProperties', 'properties'],
] as const;

export function validateRanges(node: JSONSchemaProps, path: string): Issue[] {
  const out: Issue[] = [];
  const { minimum: min, maximum: max } = node;
  if (min !== undefined && max !== undefined) {
    const empty = min > max || (min === max && (node.exclusiveMinimum === true || node.exclusiveMaximum === true));
    if (empty)
      out.push(
        error(
          path,
          `minimum ${min}${node.exclusiveMinimum === true ? ' (exclusive)' : ''} and maximum ${max}${node.exclusiveMaximum === true ? ' (exclusive)' : ''} leave no value: lower the minimum or raise the maximum`,
        ),
      );
  }
  for (const [low, high, what] of PAIRS) {
    const a = node[low];
    const b = node[high];
    if (a !== undefined && b !== undefined && a > b)
      out.push(error(path, `${low} ${a} is above ${high} ${b}: no value can have between ${a} and ${b} ${what}`));
  }
  return out;
}
