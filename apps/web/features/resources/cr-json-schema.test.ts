import assert from 'node:assert/strict';
import { test } from 'node:test';
import { crDocumentSchema, toJsonSchema } from './cr-json-schema';

test("Kubernetes' OpenAPI dialect becomes plain JSON schema", () => {
  assert.deepEqual(toJsonSchema({ 'x-kubernetes-int-or-string': true, description: 'port' }), {
    description: 'port',
    anyOf: [{ type: 'integer' }, { type: 'string' }],
  });
  assert.deepEqual(toJsonSchema({ type: 'string', nullable: true }), { type: ['string', 'null'] });
  // pruned fields are flagged unless the schema keeps unknown fields
  assert.deepEqual(toJsonSchema({ type: 'object', properties: { a: { type: 'integer', minimum: 1 } } }), {
    type: 'object',
    properties: { a: { type: 'integer', minimum: 1 } },
    additionalProperties: false,
  });
  assert.deepEqual(toJsonSchema({ type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: {} }), {
    type: 'object',
    properties: {},
  });
  assert.deepEqual(toJsonSchema({ type: 'object', additionalProperties: { type: 'string' } }), {
    type: 'object',
    additionalProperties: { type: 'string' },
  });
  assert.deepEqual(
    toJsonSchema({ type: 'array', items: { type: 'object', properties: {}, 'x-kubernetes-map-type': 'atomic' } }),
    { type: 'array', items: { type: 'object', properties: {}, additionalProperties: false } },
  );
});

test('the editor document: fixed apiVersion and kind, editable metadata, the spec; no status', () => {
  const schema = crDocumentSchema({
    group: 'cache.example.com',
    version: 'v1alpha1',
    kind: 'Memcached',
    schema: {
      type: 'object',
      properties: {
        spec: { type: 'object', properties: { size: { type: 'integer', minimum: 1, maximum: 5 } } },
        status: { type: 'object' },
      },
    },
  });
  const props = schema.properties as Record<string, { enum?: unknown[]; properties?: Record<string, unknown> }>;
  assert.deepEqual(Object.keys(props), ['apiVersion', 'kind', 'metadata', 'spec']);
  assert.deepEqual(props.apiVersion?.enum, ['cache.example.com/v1alpha1']);
  assert.deepEqual(props.kind?.enum, ['Memcached']);
  assert.deepEqual(props.spec?.properties?.size, { type: 'integer', minimum: 1, maximum: 5 });
  assert.equal(schema.additionalProperties, false);
  // a kind without a schema still gets a document schema
  assert.deepEqual(crDocumentSchema({ group: 'g.io', version: 'v1', kind: 'K', schema: null }).properties, {
    ...(schema.properties as object),
    apiVersion: props.apiVersion && { ...props.apiVersion, enum: ['g.io/v1'] },
    kind: { ...props.kind, enum: ['K'] },
    spec: { type: 'object' },
  });
});
