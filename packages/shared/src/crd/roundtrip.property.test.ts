// Property tests: for random valid designs crd(import(crd(d))) === crd(d), the design file
// round-trips, and random invalid input yields errors, never an exception.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  FIELD_NODE,
  LIST_TYPES,
  MAP_TYPES,
  RULE_REASONS,
  type FieldNode,
  type JsonValue,
  type NamedField,
} from '../design/field';
import { parseDesign, serializeDesign } from '../design/io';
import type { Design } from '../design/schema';
import { emitYaml } from '../yaml/emit';
import { generateCrd } from './generate';
import { importCrd } from './import';

// Strings with everything the emitter has to get right: quoting, folding, block scalars,
// unicode, control characters.
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(
    '',
    'True',
    'yes',
    '1',
    '0x1F',
    '- a',
    'a: b',
    '#x',
    ' lead',
    'trail ',
    'a\nb',
    'a\n',
    'a\n\n',
    '\nx',
    'x \ny',
    'tab\tx',
    '2024-01-02',
    '1:20',
    'é€😀',
  ),
  fc.array(fc.constantFrom('word', 'longer-word', ' ', '\n', 'x'), { maxLength: 60 }).map((a) => a.join(' ')),
);
const json: fc.Arbitrary<JsonValue> = fc
  .jsonValue({ maxDepth: 2 })
  .map((v) => JSON.parse(JSON.stringify(v)) as JsonValue);
const name = fc
  .oneof(fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,10}$/), fc.string({ minLength: 1, maxLength: 8 }))
  .filter((n) => n !== '__proto__');
const opt = <T>(a: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(a, { nil: undefined });
const nat = fc.nat({ max: 1000 });
const num = fc.oneof(
  fc.integer({ min: -1e6, max: 1e6 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }),
);

function strip<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

const keywords = fc
  .record({
    type: opt(fc.constantFrom('string', 'integer', 'number', 'boolean', 'object', 'array' as const)),
    format: opt(fc.constantFrom('int32', 'int64', 'date-time', 'byte')),
    description: opt(text),
    title: opt(text),
    default: opt(json),
    example: opt(json),
    enum: opt(fc.array(json, { maxLength: 3 })),
    nullable: opt(fc.boolean()),
    minimum: opt(num),
    maximum: opt(num),
    exclusiveMinimum: opt(fc.boolean()),
    multipleOf: opt(num),
    minLength: opt(nat),
    maxLength: opt(nat),
    pattern: opt(text),
    maxItems: opt(nat),
    uniqueItems: opt(fc.boolean()),
    listType: opt(fc.constantFrom(...LIST_TYPES)),
    listMapKeys: opt(fc.array(name, { maxLength: 2 })),
    mapType: opt(fc.constantFrom(...MAP_TYPES)),
    preserveUnknownFields: opt(fc.boolean()),
    intOrString: opt(fc.boolean()),
    anyOf: opt(fc.array(fc.constant({ type: 'string' }), { minLength: 1, maxLength: 2 })),
    validations: opt(
      fc.array(
        fc.record({ rule: text, message: opt(text), reason: opt(fc.constantFrom(...RULE_REASONS)) }).map(strip),
        { maxLength: 2 },
      ),
    ),
    preset: opt(fc.constant('conditions' as const)),
  })
  .map((k) => strip(k) as FieldNode);

const tree = fc.letrec<{ node: FieldNode; children: NamedField[] }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    keywords,
    fc.record({ k: keywords, fields: tie('children') }).map(({ k, fields }) => ({ ...k, fields })),
    fc.record({ k: keywords, items: tie('node') }).map(({ k, items }) => ({ ...k, items })),
    fc
      .record({ k: keywords, ap: fc.oneof(fc.boolean(), tie('node')) })
      .map(({ k, ap }) => ({ ...k, additionalProperties: ap })),
  ),
  children: fc
    .uniqueArray(fc.record({ name, required: opt(fc.boolean()), node: tie('node') }), {
      selector: (c) => c.name,
      maxLength: 4,
    })
    .map((cs) => cs.map((c) => strip({ ...c.node, name: c.name, required: c.required }) as NamedField)),
}));

const design: fc.Arbitrary<Design> = fc
  .record({
    kind: fc.stringMatching(/^[A-Z][a-z]{1,8}$/),
    scope: fc.constantFrom('Namespaced', 'Cluster' as const),
    root: tree.children,
    description: opt(text),
    annotations: opt(fc.dictionary(fc.stringMatching(/^[a-z]{1,5}\.io\/[a-z]{1,5}$/), text, { maxKeys: 2 })),
    version: opt(fc.oneof(fc.constant(null), fc.constantFrom('v0.19.0', '(devel)'))),
    status: fc.boolean(),
  })
  .map((r) => ({
    apiVersion: 'studio.opstudio.dev/v1alpha1' as const,
    kind: 'OperatorDesign' as const,
    project: { domain: 'example.com', repo: 'github.com/example/x', projectName: 'x' },
    crd: strip({
      group: 'test',
      names: { kind: r.kind },
      scope: r.scope,
      annotations: r.annotations,
      controllerGenVersion: r.version,
      versions: [
        strip({
          name: 'v1',
          served: true,
          storage: true,
          subresources: r.status ? { status: true } : undefined,
          schema: strip({ type: 'object' as const, description: r.description, fields: r.root }),
        }),
      ],
    }),
  }));

test('random trees are valid designs (the generator matches the model)', () => {
  fc.assert(
    fc.property(tree.node, (n) => FIELD_NODE.safeParse(n).success),
    { numRuns: 200 },
  );
});

test('crd(import(crd(d))) === crd(d), and the design file round-trips', () => {
  fc.assert(
    fc.property(design, (d) => {
      const crd = generateCrd(d);
      const imported = importCrd(crd);
      if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
      assert.equal(generateCrd(imported.design), crd);
      const reread = parseDesign(serializeDesign(d));
      if (!reread.ok) throw new Error(JSON.stringify(reread.errors));
      assert.equal(generateCrd(reread.design), crd);
    }),
    { numRuns: 300 },
  );
});

test('random text and random YAML give errors, never an exception', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.string({ unit: 'binary' }),
        json.map((v) => emitYaml(v)),
      ),
      (input) => {
        const d = parseDesign(input);
        assert.ok(!d.ok && d.errors.length > 0);
        const c = importCrd(input);
        assert.ok(!c.ok && c.errors.length > 0);
      },
    ),
    { numRuns: 500 },
  );
});

test('a valid design with one random value replaced gives errors or a design, never an exception', () => {
  fc.assert(
    fc.property(design, fc.array(fc.nat()), json, (d, picks, value) => {
      const copy = structuredClone(d) as unknown as Record<string, unknown>;
      let cur: Record<string, unknown> = copy;
      for (const p of picks) {
        const keys = Object.keys(cur);
        const k = keys[p % Math.max(keys.length, 1)];
        if (k === undefined) break;
        const next = cur[k];
        if (next === null || typeof next !== 'object') break;
        cur = next as Record<string, unknown>;
      }
      const keys = Object.keys(cur);
      const k = keys[(picks[0] ?? 0) % Math.max(keys.length, 1)] ?? 'x';
      cur[k] = value;
      const r = parseDesign(emitYaml(copy as never));
      assert.ok(r.ok || r.errors.length > 0);
      if (r.ok) generateCrd(r.design);
    }),
    { numRuns: 300 },
  );
});
