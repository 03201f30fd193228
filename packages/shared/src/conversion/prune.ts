/**
 * Pruning as the API server prunes a custom resource (structural schemas): a field the schema
 * does not declare goes, unless `x-kubernetes-preserve-unknown-fields` keeps it; at the root and
 * in an embedded resource apiVersion, kind and metadata stay. The converter prunes what it
 * returns to the target version's schema, so a field with no place there is lost as it would be
 * in the cluster, and the round-trip check sees it.
 */
import type { JSONSchemaProps, JSONValue } from '../crd/types';

const OBJECT_META = ['apiVersion', 'kind', 'metadata'];

export function pruneToSchema(value: JSONValue, schema: JSONSchemaProps, root = false): JSONValue {
  if (Array.isArray(value)) {
    const items = Array.isArray(schema.items) ? undefined : schema.items;
    return items === undefined ? value : value.map((v) => pruneToSchema(v, items));
  }
  if (value === null || typeof value !== 'object') return value;
  const keepMeta = root || schema['x-kubernetes-embedded-resource'] === true;
  const preserve = schema['x-kubernetes-preserve-unknown-fields'] === true;
  const additional = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  const out: Record<string, JSONValue> = {};
  for (const [k, v] of Object.entries(value)) {
    const sub = schema.properties?.[k] ?? additional;
    if (keepMeta && OBJECT_META.includes(k)) out[k] = v;
    else if (sub !== undefined) out[k] = pruneToSchema(v, sub);
    else if (preserve || schema.additionalProperties === true) out[k] = v;
  }
  return out;
}
