// Collections (docs/design/0041): a child with `forEach` is one object per element of a list, or
// of the cartesian product of several lists (kro's model, the first iterator the outer loop).
// What is decided here without CEL: the iterators of a child, each element's key and the name
// it gives (`<cr>-<id>-<key>`, the key being the element itself when it is a string or an int,
// or its `name` field, else its index), the label that carries the key, and the observed objects
// of a collection as the reconciler hands them in (a list under the child's id).
import type { JSONValue } from '../crd/types';
import { splitExpressions } from './expressions';
import { FOR_EACH_LIMIT_DEFAULT, type ChildResource, type KubeObject } from './model';
import { CHILD_NAME_MAX, childName, fnv1a32 } from './child-names';

/** The label every object of a collection carries: its element's key (as a label value). */
export const ELEMENT_LABEL = 'studio.opstudio.dev/element';

export const isCollection = (child: Pick<ChildResource, 'forEach'>): boolean => child.forEach !== undefined;

/** The most objects a collection may make. */
export const collectionLimit = (child: Pick<ChildResource, 'forEachLimit'>): number =>
  child.forEachLimit ?? FOR_EACH_LIMIT_DEFAULT;

export interface Iterator {
  readonly name: string;
  /** the forEach entry's value as written: `${self.spec.ports}` */
  readonly value: string;
  /** `resources[1].forEach[0]` */
  readonly path: string;
}

export function iteratorsOf(child: Pick<ChildResource, 'forEach'>, path: string): Iterator[] {
  return (child.forEach ?? []).flatMap((entry, j) =>
    Object.entries(entry).map(([name, value]) => ({ name, value, path: `${path}.forEach[${j}]` })),
  );
}

/** The CEL of a forEach entry, which is one whole `${…}`; or why it is not. */
export function iteratorExpression(value: string): { ok: true; expr: string } | { ok: false; message: string } {
  const split = splitExpressions(value.trim());
  const [only] = split.ok ? split.parts : [];
  if (split.ok && split.parts.length === 1 && only !== undefined && 'expr' in only && only.expr !== '')
    return { ok: true, expr: only.expr };
  return {
    ok: false,
    message: `${JSON.stringify(value)}: an iterator's list is one expression, such as \${self.spec.ports} or \${lists.range(self.spec.replicas)}`,
  };
}

/** What kind of value a forEach expression gave, in words, when it is not a list. */
export function notAList(value: JSONValue): string {
  const type =
    value === null
      ? 'null'
      : typeof value === 'object'
        ? 'a map'
        : typeof value === 'string'
          ? 'a string'
          : typeof value;
  return `gives ${type}, not a list: forEach walks a list, such as \${self.spec.ports} or \${lists.range(3)}`;
}

/**
 * An element's key: a string or an int is its own key, an object its `name` (a string or an
 * int), anything else its index in the list. A product's key joins its iterators' keys with `-`.
 */
export function elementKey(value: JSONValue, index: number): string {
  const own = (v: JSONValue | undefined): string | undefined =>
    typeof v === 'string' && v !== '' ? v : typeof v === 'number' && Number.isInteger(v) ? String(v) : undefined;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return own(value.name) ?? String(index);
  return own(value) ?? String(index);
}

export interface Element {
  /** the iterators' values, by name */
  readonly vars: Record<string, JSONValue>;
  readonly key: string;
}

/** How many objects the lists make together (their product), before making any. */
export const productSize = (lists: readonly (readonly JSONValue[])[]): number =>
  lists.reduce((n, l) => n * l.length, 1);

/** The elements of the product, the first iterator the outer loop. */
export function productElements(iterators: readonly { name: string; list: readonly JSONValue[] }[]): Element[] {
  let out: Element[] = [{ vars: {}, key: '' }];
  for (const { name, list } of iterators) {
    const next: Element[] = [];
    for (const e of out)
      list.forEach((v, i) => {
        const k = elementKey(v, i);
        next.push({ vars: { ...e.vars, [name]: v }, key: e.key === '' ? k : `${e.key}-${k}` });
      });
    out = next;
  }
  return out;
}

/**
 * The key as it goes into a name: ASCII letters lower-cased, anything but a-z, 0-9 and `-` a
 * `-`, no `-` at either end; cut, with the FNV-1a hash of the whole key, to leave room for the
 * custom resource's name (`<cr>-<id>-<key>` stays a DNS label). The export's Go does the same.
 */
export function nameKey(key: string, id: string): string {
  let s = key
    .replace(/[A-Z]/g, (c) => c.toLowerCase())
    .replace(/[^a-z0-9-]/gu, '-')
    .replace(/^-+|-+$/g, '');
  const hash = fnv1a32(key).toString(16).padStart(8, '0');
  if (s === '') return hash;
  const max = CHILD_NAME_MAX - id.length - 12; // room for `<at least 1>-<8 hex>-` before `<id>-`
  if (s.length > max) s = `${s.slice(0, max - 9).replace(/-+$/, '')}-${hash}`;
  return s;
}

/** An element's object name when the template sets none: `<cr>-<id>-<key>`, cut as childName cuts. */
export const elementName = (crName: string, id: string, key: string): string =>
  childName(crName, `${id}-${nameKey(key, id)}`);

/** A collection's observed objects as handed in (a list; one object when the design just became a collection). */
export function observedList(v: KubeObject | readonly KubeObject[] | undefined): readonly KubeObject[] {
  if (v === undefined) return [];
  const isList = (x: KubeObject | readonly KubeObject[]): x is readonly KubeObject[] => Array.isArray(x);
  return isList(v) ? v : [v];
}

export const objectName = (o: KubeObject | undefined): string | undefined => {
  const name = (o?.metadata as { name?: JSONValue } | undefined)?.name;
  return typeof name === 'string' ? name : undefined;
};
