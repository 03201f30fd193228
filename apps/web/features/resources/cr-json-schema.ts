// The JSON schema the CR page's YAML editor validates against (monaco-yaml: completion, hover,
// diagnostics): the kind's openAPIV3Schema wrapped as the document the editor shows
// (apiVersion and kind fixed, the metadata the page edits, the spec; never status).
// Kubernetes' OpenAPI dialect is translated where plain JSON schema reads it differently:
// int-or-string, nullable, and pruning (a field the schema does not name is dropped by the API
// server, so the editor flags it instead of letting it vanish silently).
import type { JSONSchemaProps } from '@opstudio/shared/crd/types';

export interface JsonSchema {
  [key: string]: unknown;
}

/** One schema node in JSON schema terms; `x-kubernetes-*` keys become what they mean. */
export function toJsonSchema(s: JSONSchemaProps): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(s)) {
    if (
      key.startsWith('x-kubernetes-') ||
      key === 'nullable' ||
      key === 'properties' ||
      key === 'items' ||
      key === 'additionalProperties'
    )
      continue;
    if (key === 'allOf' || key === 'anyOf' || key === 'oneOf')
      out[key] = (value as JSONSchemaProps[]).map(toJsonSchema);
    else if (key === 'not') out[key] = toJsonSchema(value as JSONSchemaProps);
    else out[key] = value;
  }
  if (s['x-kubernetes-int-or-string'] === true) {
    delete out.type;
    out.anyOf = [{ type: 'integer' }, { type: 'string' }];
  }
  if (s.properties !== undefined)
    out.properties = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, toJsonSchema(v)]));
  if (s.items !== undefined && !Array.isArray(s.items)) out.items = toJsonSchema(s.items);
  const extra: unknown = s.additionalProperties;
  if (extra !== undefined)
    out.additionalProperties = typeof extra === 'boolean' ? extra : toJsonSchema(extra as JSONSchemaProps);
  else if (s.properties !== undefined && s['x-kubernetes-preserve-unknown-fields'] !== true)
    out.additionalProperties = false;
  if (s.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  return out;
}

const stringMap = { type: 'object', additionalProperties: { type: 'string' } };

/** The schema of the CR page's YAML document for a kind (`schema` is the version's openAPIV3Schema, if any). */
export function crDocumentSchema(kind: {
  group: string;
  version: string;
  kind: string;
  schema: JSONSchemaProps | null;
}): JsonSchema {
  const spec = kind.schema?.properties?.spec;
  return {
    type: 'object',
    title: `${kind.kind} (${kind.group}/${kind.version})`,
    required: ['apiVersion', 'kind', 'metadata'],
    additionalProperties: false,
    properties: {
      apiVersion: {
        type: 'string',
        enum: [`${kind.group}/${kind.version}`],
        description: 'The API group and version: cannot change here.',
      },
      kind: { type: 'string', enum: [kind.kind], description: 'The kind: cannot change here.' },
      metadata: {
        type: 'object',
        additionalProperties: false,
        description: 'Only labels and annotations are edited here.',
        properties: {
          name: { type: 'string', description: 'The object name: cannot change here.' },
          namespace: { type: 'string', description: 'The namespace: cannot change here.' },
          labels: { ...stringMap, description: 'Labels: string keys and string values.' },
          annotations: { ...stringMap, description: 'Annotations: string keys and string values.' },
        },
      },
      spec: spec === undefined ? { type: 'object' } : toJsonSchema(spec),
    },
  };
}
