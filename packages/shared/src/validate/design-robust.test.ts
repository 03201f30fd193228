/// <reference types="node" />
// Whatever the user has typed so far, validateDesignText returns issues and never throws:
// random text, random JSON, and the example designs with one value replaced anywhere
// (most of which still parse, so validateDesign itself runs on odd but valid designs).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseDesign } from '../design/io';
import { REPO_ROOT } from '../testing/corpus';
import { validateDesignText } from './design';

const texts = ['memcached', 'kitchen-sink'].map((n) => readFileSync(`${REPO_ROOT}/examples/${n}.design.yaml`, 'utf8'));
const docs: unknown[] = texts.map((t) => {
  const parsed = parseDesign(t);
  assert.ok(parsed.ok);
  return parsed.design;
});

/** Every path to a value in a JSON document. */
function paths(v: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) paths(x, [...at, k], out);
  return out;
}
const allPaths = docs.map((d) => paths(d).filter((p) => p.length > 0));

function replaced(doc: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(doc) as Record<string | number, unknown>;
  let node = copy;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}

/** Strings that keep many designs valid but odd: names, paths, types, rules. */
const strings = fc.constantFrom(
  'spec.size',
  'status.nodes',
  'spec',
  '.spec.size',
  '.status.conditions[0].type',
  'v1',
  'v1alpha1',
  'object',
  'array',
  'integer',
  'string',
  'map',
  'set',
  'atomic',
  'self > 0',
  'self.',
  'self.size <= oldSelf.size',
  'has(self.x)',
  '^a(',
  'Size',
  'type',
  'DeepCopy',
  'podIp',
  'metadata',
  'int32',
  'date-time',
  '',
  'a b',
  'Namespaced',
  'FieldValueInvalid',
);
const plausible = fc.oneof(
  strings,
  fc.integer({ min: -3, max: 70000 }),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Mostly a value of the same JSON type as the one replaced, so that the design often stays valid. */
function valueLike(old: unknown): fc.Arbitrary<unknown> {
  const same =
    typeof old === 'string'
      ? strings
      : typeof old === 'number'
        ? fc.integer({ min: -3, max: 70000 })
        : typeof old === 'boolean'
          ? fc.boolean()
          : plausible;
  return fc.oneof({ arbitrary: same, weight: 4 }, { arbitrary: plausible, weight: 1 });
}
const at = (doc: unknown, path: (string | number)[]): unknown =>
  path.reduce<unknown>((n, k) => (n as Record<string | number, unknown>)[k], doc);

let reachedValidation = 0;

test('random text gives issues, never a throw', () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 200 }), (s) => void validateDesignText(s)),
    { numRuns: 200 },
  );
});

test('random JSON gives issues, never a throw', () => {
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 4 }), (v) => assert.ok(validateDesignText(JSON.stringify(v)).length > 0)),
    { numRuns: 200 },
  );
});

test('the examples with any one value replaced give issues or none, never a throw', () => {
  const mutation = fc
    .integer({ min: 0, max: docs.length - 1 })
    .chain((d) =>
      fc
        .constantFrom(...allPaths[d]!)
        .chain((path) => fc.tuple(fc.constant(d), fc.constant(path), valueLike(at(docs[d], path)))),
    );
  fc.assert(
    fc.property(mutation, ([d, path, value]) => {
      const text = JSON.stringify(replaced(docs[d], path, value));
      if (parseDesign(text).ok) reachedValidation++;
      const issues = validateDesignText(text);
      assert.ok(Array.isArray(issues) && issues.every((i) => typeof i.path === 'string' && i.message.length > 0));
    }),
    { numRuns: 300 },
  );
  assert.ok(
    reachedValidation > 100,
    `only ${reachedValidation} of 300 mutated designs parsed: the test barely reaches validateDesign`,
  );
});

test('the examples with two values replaced, including whole field nodes', () => {
  const node = fc.record(
    {
      name: fc.constantFrom('a', 'size', 'spec', 'x-y'),
      type: fc.constantFrom('object', 'array', 'string', 'integer'),
    },
    { requiredKeys: ['name'] },
  );
  const mutation = fc
    .integer({ min: 0, max: docs.length - 1 })
    .chain((d) =>
      fc.tuple(
        fc.constant(d),
        fc.constantFrom(...allPaths[d]!),
        fc.oneof(plausible, node),
        fc.constantFrom(...allPaths[d]!),
        plausible,
      ),
    );
  fc.assert(
    fc.property(mutation, ([d, p1, v1, p2, v2]) => {
      let doc = replaced(docs[d], p1, v1);
      try {
        doc = replaced(doc, p2, v2);
      } catch {
        // the second path went through the first replacement: one mutation is enough
      }
      void validateDesignText(JSON.stringify(doc));
    }),
    { numRuns: 150 },
  );
});
