import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldsOf, getAt, inFieldOrder, missingRequired, moveItem, newValueFor, pathKey, setAt } from './schema-fields';
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
      ['args', 'list'],
      ['labels', 'map'],
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

test('maps are key/value rows and arrays repeat their item, each typed by its schema', () => {
  const fields = fieldsOf(spec, ['spec']);
  const args = fields.find((f) => f.name === 'args');
  assert.ok(args?.kind === 'list');
  assert.equal(args.item.kind, 'string');
  const labels = fields.find((f) => f.name === 'labels');
  assert.ok(labels?.kind === 'map');
  assert.equal(labels.value.kind, 'string');
  const other = fieldsOf(
    {
      type: 'object',
      properties: {
        ports: {
          type: 'array',
          items: {
            type: 'object',
            required: ['name'],
            properties: { port: { type: 'integer' }, name: { type: 'string' } },
          },
        },
        free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
        any: { type: 'object', additionalProperties: true },
        choice: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
      },
    },
    ['spec'],
  );
  assert.deepEqual(
    other.map((f) => [f.name, f.kind]),
    [
      ['ports', 'list'],
      ['free', 'yaml'],
      ['any', 'yaml'],
      ['choice', 'yaml'],
    ],
  );
  const ports = other[0];
  assert.ok(ports?.kind === 'list' && ports.item.kind === 'object');
  assert.deepEqual(
    ports.item.children.map((c) => [c.name, c.required, c.path]),
    [
      ['port', false, ['port']],
      ['name', true, ['name']],
    ],
  );
});

test("the design's order comes first, at every depth; fields it does not name keep the schema's order", () => {
  const schema = {
    type: 'object',
    properties: {
      alpha: { type: 'string' },
      beta: { type: 'string' },
      gamma: {
        type: 'array',
        items: { type: 'object', properties: { a: { type: 'string' }, z: { type: 'string' } } },
      },
      zeta: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } },
    },
  } as const;
  const fields = fieldsOf(schema, ['spec'], {
    fields: [
      { name: 'zeta', fields: [{ name: 'b' }, { name: 'a' }] },
      { name: 'gone' },
      { name: 'gamma', items: { fields: [{ name: 'z' }, { name: 'a' }] } },
      { name: 'beta' },
    ],
  });
  assert.deepEqual(
    fields.map((f) => f.name),
    ['zeta', 'gamma', 'beta', 'alpha'],
  );
  const zeta = fields[0];
  assert.ok(zeta?.kind === 'object');
  assert.deepEqual(
    zeta.children.map((c) => c.name),
    ['b', 'a'],
  );
  const gamma = fields[1];
  assert.ok(gamma?.kind === 'list' && gamma.item.kind === 'object');
  assert.deepEqual(
    gamma.item.children.map((c) => c.name),
    ['z', 'a'],
  );
  // no order: the schema's
  assert.deepEqual(
    fieldsOf(schema, ['spec']).map((f) => f.name),
    ['alpha', 'beta', 'gamma', 'zeta'],
  );
});

test('a new item starts from the schema: its default, its children with defaults, or an empty value', () => {
  const [ports, tier, count, flag, labels] = fieldsOf(
    {
      type: 'object',
      properties: {
        ports: {
          type: 'array',
          items: {
            type: 'object',
            required: ['name', 'tls'],
            properties: {
              name: { type: 'string' },
              protocol: { type: 'string', default: 'TCP' },
              tls: { type: 'object', properties: { on: { type: 'boolean', default: false } } },
            },
          },
        },
        tier: { type: 'array', items: { type: 'string', enum: ['gold', 'silver'] } },
        count: { type: 'array', items: { type: 'integer', minimum: 3 } },
        flag: { type: 'array', items: { type: 'boolean' } },
        labels: { type: 'object', additionalProperties: { type: 'string', default: 'x' } },
      },
    },
    ['spec'],
  );
  assert.ok(ports?.kind === 'list' && tier?.kind === 'list' && count?.kind === 'list' && flag?.kind === 'list');
  assert.deepEqual(newValueFor(ports.item), { protocol: 'TCP', tls: { on: false } });
  assert.equal(newValueFor(tier.item), 'gold');
  assert.equal(newValueFor(count.item), 3);
  assert.equal(newValueFor(flag.item), false);
  assert.ok(labels?.kind === 'map');
  assert.equal(newValueFor(labels.value), 'x');
  assert.deepEqual(newValueFor(ports), []);
});

test('required fields left empty are found at the top, inside present objects, items and map values', () => {
  const fields = fieldsOf(
    {
      type: 'object',
      required: ['image', 'size'],
      properties: {
        image: { type: 'string' },
        size: { type: 'integer' },
        tls: { type: 'object', required: ['secret'], properties: { secret: { type: 'string' } } },
        ports: {
          type: 'array',
          items: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
        },
        hosts: {
          type: 'object',
          additionalProperties: { type: 'object', required: ['ip'], properties: { ip: { type: 'string' } } },
        },
      },
    },
    ['spec'],
  );
  assert.deepEqual(missingRequired(fields, undefined, ['spec']).map(pathKey), ['spec.image', 'spec.size']);
  assert.deepEqual(
    missingRequired(fields, { image: '', size: 0, ports: [{ name: 'a' }, {}], hosts: { h: { ip: null } } }, [
      'spec',
    ]).map(pathKey),
    ['spec.image', 'spec.ports.1.name', 'spec.hosts.h.ip'],
  );
  // an absent optional object asks nothing; a present one asks for its required fields
  assert.deepEqual(missingRequired(fields, { image: 'i', size: 1, tls: {} }, ['spec']).map(pathKey), [
    'spec.tls.secret',
  ]);
});

test('moveItem moves within bounds and leaves the list alone otherwise', () => {
  assert.deepEqual(moveItem(['a', 'b', 'c'], 0, 1), ['b', 'a', 'c']);
  assert.deepEqual(moveItem(['a', 'b', 'c'], 2, 0), ['c', 'a', 'b']);
  const list = ['a', 'b'];
  assert.equal(moveItem(list, 1, 5), list);
  assert.equal(moveItem(list, 0, -1), list);
});

test("inFieldOrder puts the form's fields first, in its order, and keeps the others after them", () => {
  const fields = fieldsOf({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } }, ['spec'], {
    fields: [{ name: 'b' }, { name: 'a' }],
  });
  assert.deepEqual(Object.keys(inFieldOrder({ x: 1, a: 2, b: 3 }, fields)), ['b', 'a', 'x']);
});
