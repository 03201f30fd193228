// The names the two sides give the same things (docs/design/0056).
import type { JSONValue } from '../crd/types';
import type { FieldNode, NamedField } from '../design/field';
import { wholeExpression } from './cel-names';

export const RGD_API_VERSION = 'kro.run/v1alpha1';
export const RGD_KIND = 'ResourceGraphDefinition';
/** kro's group when an RGD's schema names none. */
export const KRO_DEFAULT_GROUP = 'kro.run';

/** The custom resource: the studio's `self`, kro's `schema`. */
export const STUDIO_SELF = 'self';
export const KRO_SELF = 'schema';
/** A collection's object in its own readyWhen: the child's id in the studio, `each` in kro. */
export const KRO_EACH = 'each';
/** Status fields kro writes itself on every instance. */
export const KRO_OWN_STATUS = ['conditions', 'state'];
/** Status fields the studio's controller writes itself: an export leaves them to kro's. */
export const STUDIO_OWN_STATUS = ['conditions', 'observedGeneration'];

/** The name kro gives a child the studio names by default (`<cr>-<id>`). */
export const defaultNameExpression = (id: string): string => `\${${KRO_SELF}.metadata.name + '-${id}'}`;

/**
 * The name kro gives a collection's object the studio names by default (`<cr>-<id>-<key>`), from
 * each iterator's key expression (elementKeyExpression); iterators join with `-`.
 */
export function defaultElementNameExpression(id: string, keys: readonly string[]): string {
  return `\${${KRO_SELF}.metadata.name + '-${id}-' + ${keys.join(" + '-' + ")}}`;
}

/**
 * An element's key as CEL (the studio's elementKey): a string element itself, an int as a string,
 * an object its `name`. Known only where the list's elements have a type: a spec field's list
 * (`self.spec.ports`, `self.spec.?ports.orValue([])`) or `lists.range(n)`; undefined otherwise.
 */
export function elementKeyExpression(iterator: string, list: string, spec: readonly NamedField[]): string | undefined {
  if (/^lists\.range\(/.test(list)) return `string(${iterator})`;
  const m = /^self\.spec((?:\.\??[A-Za-z_][A-Za-z0-9_]*)+)(?:\.orValue\(\[\]\))?$/.exec(list);
  if (!m) return undefined;
  let fields: readonly NamedField[] | undefined = spec;
  let node: FieldNode | undefined;
  for (const name of m[1]!
    .split('.')
    .slice(1)
    .map((s) => s.replace(/^\?/, ''))) {
    node = fields?.find((f) => f.name === name);
    fields = node?.fields;
  }
  const items = node?.type === 'array' ? node.items : undefined;
  if (items?.type === 'string') return iterator;
  if (items?.type === 'integer') return `string(${iterator})`;
  const name = items?.fields?.find((f) => f.name === 'name');
  if (name?.type === 'string') return `${iterator}.name`;
  if (name?.type === 'integer') return `string(${iterator}.name)`;
  return undefined;
}

/** Objects as plain JSON maps, for templates. */
export const isMap = (v: unknown): v is Record<string, JSONValue> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The `metadata.name` kro needs for a child the studio names by default, from the child's id
 * and (a collection) its studio-form `forEach`; undefined where an element's key is not known.
 */
export function defaultChildName(
  id: string,
  forEach: readonly Record<string, string>[] | undefined,
  spec: readonly NamedField[],
): string | undefined {
  if (forEach === undefined) return defaultNameExpression(id);
  const keys: string[] = [];
  for (const it of forEach) {
    const [name, list] = Object.entries(it)[0] ?? [];
    const expr = list === undefined ? undefined : wholeExpression(list);
    const key = name === undefined || expr === undefined ? undefined : elementKeyExpression(name, expr, spec);
    if (key === undefined) return undefined;
    keys.push(key);
  }
  return defaultElementNameExpression(id, keys);
}
