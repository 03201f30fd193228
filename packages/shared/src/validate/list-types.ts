// x-kubernetes-list-type / list-map-keys / map-type: the merge semantics server-side
// apply relies on, checked as the API server checks them.
import type { JSONSchemaProps } from '../crd/types';
import { error, type Issue } from './issue';

const SCALARS = new Set(['string', 'integer', 'number', 'boolean']);

function isScalar(s: JSONSchemaProps): boolean {
  return (s.type !== undefined && SCALARS.has(s.type)) || s['x-kubernetes-int-or-string'] === true;
}

/** A list map key names one of the item fields (the design's own check says it in the same words). */
export const notAnItemField = (key: string): string =>
  `list map key ${JSON.stringify(key)} is not a field of the items: name an item field, or add the field to the items`;

export function validateListTypes(node: JSONSchemaProps, p: string, out: Issue[]): void {
  const listType = node['x-kubernetes-list-type'] as string | undefined;
  const keys = node['x-kubernetes-list-map-keys'];
  const mapType = node['x-kubernetes-map-type'] as string | undefined;
  const items = node.items !== undefined && !Array.isArray(node.items) ? node.items : undefined;

  if (listType !== undefined) {
    if (!['atomic', 'set', 'map'].includes(listType))
      out.push(error(p, `x-kubernetes-list-type "${listType}" must be atomic, set or map`));
    if (node.type !== 'array') out.push(error(p, 'x-kubernetes-list-type can only be used on arrays'));
  }
  if (keys !== undefined && listType !== 'map')
    out.push(error(p, 'x-kubernetes-list-map-keys needs x-kubernetes-list-type: map'));

  if (listType === 'map' && items !== undefined) {
    if (items.type !== 'object') out.push(error(p, 'x-kubernetes-list-type: map needs items of type object'));
    if (keys === undefined || keys.length === 0)
      out.push(
        error(
          p,
          'x-kubernetes-list-type: map needs x-kubernetes-list-map-keys naming the item fields that identify an entry',
        ),
      );
    const at = `${p} x-kubernetes-list-map-keys`;
    for (const key of keys ?? []) {
      const prop = Object.hasOwn(items.properties ?? {}, key) ? items.properties?.[key] : undefined;
      if (prop === undefined) {
        out.push(error(at, notAnItemField(key)));
        continue;
      }
      if (!isScalar(prop))
        out.push(
          error(at, `list map key ${JSON.stringify(key)} must be a scalar (string, integer, number or boolean)`),
        );
      if (!(items.required ?? []).includes(key) && prop.default === undefined) {
        out.push(
          error(at, `list map key ${JSON.stringify(key)} must be required or have a default, so every entry has it`),
        );
      }
    }
    if (keys !== undefined && new Set(keys).size !== keys.length)
      out.push(error(p, 'x-kubernetes-list-map-keys lists a key twice'));
  }
  if (listType === 'set' && items !== undefined) {
    const ok =
      isScalar(items) ||
      (items.type === 'object' && items['x-kubernetes-map-type'] === 'atomic') ||
      (items.type === 'array' && items['x-kubernetes-list-type'] === 'atomic');
    if (!ok)
      out.push(
        error(
          p,
          'x-kubernetes-list-type: set needs scalar items, objects with x-kubernetes-map-type: atomic, or atomic lists; use map with keys for objects',
        ),
      );
  }
  if (mapType !== undefined) {
    if (!['atomic', 'granular'].includes(mapType))
      out.push(error(p, `x-kubernetes-map-type "${mapType}" must be atomic or granular`));
    if (node.type !== 'object') out.push(error(p, 'x-kubernetes-map-type can only be used on objects'));
  }
}
