// Memos for the keystroke path: bounded maps keyed by content, so that work whose inputs
// did not change since the last keystroke (declaring a schema's CEL types, evaluating a
// rule on the same sample value) is not redone. Invisible to callers: same inputs, same
// result. Bounded by clearing, since a designer session holds few distinct entries.
import type { JSONSchemaProps } from '../crd/types';

const LIMIT = 4000;

export function remember<V>(memo: Map<string, V>, key: string, compute: () => V): V {
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const value = compute();
  if (memo.size >= LIMIT) memo.clear(); // rarely reached in one session: start over
  memo.set(key, value);
  return value;
}

/** Keywords that cannot change a CEL type (checkCel's declare() ignores them). */
const TYPE_NEUTRAL = new Set([
  'description',
  'title',
  'example',
  'default',
  'enum',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'x-kubernetes-validations',
  'x-kubernetes-list-type',
  'x-kubernetes-list-map-keys',
  'x-kubernetes-map-type',
  'required',
  'nullable',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'externalDocs',
]);

// Interned type signatures: equal content, equal id. Ids are never reused (the counter only
// grows), so dropping the table when it is full cannot make two different nodes look alike.
const typeIds = new Map<string, number>();
let nextTypeId = 0;

function intern(key: string): number {
  let id = typeIds.get(key);
  if (id === undefined) {
    if (typeIds.size >= LIMIT * 10) typeIds.clear();
    id = nextTypeId++;
    typeIds.set(key, id);
  }
  return id;
}

/** Per call: each schema node's type id, so a subtree is looked at once. */
export type TypeIds = Map<JSONSchemaProps, number>;

/**
 * An id for what decides a node's CEL type (type, format, field names, items, map values,
 * int-or-string, embedded, unknown keywords), leaving out documentation and value
 * constraints: typing a description or a default keeps the id.
 */
export function celTypeId(node: JSONSchemaProps, memo: TypeIds): number {
  const known = memo.get(node);
  if (known !== undefined) return known;
  let key = '';
  for (const [k, v] of Object.entries(node)) {
    if (TYPE_NEUTRAL.has(k) || v === undefined) continue;
    if (k === 'properties') {
      key += 'P{';
      for (const [name, child] of Object.entries(v as Record<string, JSONSchemaProps>))
        key += `${JSON.stringify(name)}:${celTypeId(child, memo)},`;
      key += '}';
    } else if (
      (k === 'items' || k === 'additionalProperties') &&
      v !== null &&
      typeof v === 'object' &&
      !Array.isArray(v)
    ) {
      key += `${k}:${celTypeId(v as JSONSchemaProps, memo)},`;
    } else key += `${k}:${JSON.stringify(v)},`;
  }
  const id = intern(key);
  memo.set(node, id);
  return id;
}
