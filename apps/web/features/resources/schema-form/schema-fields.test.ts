import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldsOf, getAt, setAt } from './schema-fields';
import type { SchemaProps } from './schema-fields';

const spec: SchemaProps = {
  type: 'object',
  required: ['size'],
  properties: {
    size: { type: 'integer', minimum: 1, maximum: 10, description: 'Number of pods' },
    image: { type: 'string' },
    mode: { type: 'string', enum: ['fast', 'safe'] },
    debug: { type: 'boolean' },
    resources: { type: 'object', properties: { cpu: { type: 'string' } } },
    args: { type: 'array', items: { type: 'string' } },
    labels: { type: 'object', additionalProperties: { type: 'string' } },
    port: { 'x-kubernetes-int-or-string': true },
  },
};

test('each schema type becomes the input that can edit it, nested objects keep their paths', () => {
  const fields = fieldsOf(spec, ['spec']);
  assert.deepEqual(
    fields.map((f) => [f.name, f.kind]),
    [
      ['size', 'number'],
      ['image', 'string'],
      ['mode', 'enum'],
      ['debug', 'boolean'],
      ['resources', 'object'],
      ['args', 'yaml'],
      ['labels', 'yaml'],
      ['port', 'yaml'],
    ],
  );
  const size = fields[0];
  assert.ok(size?.kind === 'number');
  assert.equal(size.integer, true);
  assert.equal(size.required, true);
  assert.equal(size.maximum, 10);
  const resources = fields[4];
  assert.ok(resources?.kind === 'object');
  assert.deepEqual(resources.children[0]?.path, ['spec', 'resources', 'cpu']);
});

test('setAt copies along the path and removing the last key of an object removes the object', () => {
  const obj = { spec: { size: 1, resources: { cpu: '1' } } };
  const a = setAt(obj, ['spec', 'size'], 3);
  assert.deepEqual(a, { spec: { size: 3, resources: { cpu: '1' } } });
  assert.equal(obj.spec.size, 1);
  assert.deepEqual(setAt(a, ['spec', 'resources', 'cpu'], undefined), { spec: { size: 3 } });
  assert.deepEqual(setAt({}, ['spec', 'x', 'y'], true), { spec: { x: { y: true } } });
  assert.equal(getAt(a, ['spec', 'resources', 'cpu']), '1');
  assert.equal(getAt(a, ['spec', 'size', 'nope']), undefined);
});
