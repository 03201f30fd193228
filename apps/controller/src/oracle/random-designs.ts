/**
 * Random designs for the controller-gen oracle: field trees of every kind with random (often
 * inapplicable) keywords, nasty descriptions and names. generateGoTypes must turn each into Go
 * that builds and that controller-gen accepts, reporting whatever it has to leave out.
 */
import fc from 'fast-check';
import {
  LIST_TYPES,
  MAP_TYPES,
  RULE_REASONS,
  type FieldNode,
  type JsonValue,
  type NamedField,
} from '@opstudio/shared/design/field';
import { FIELD_KINDS, kindKeywords } from '@opstudio/shared/design/kinds';
import type { Design } from '@opstudio/shared/design/schema';

const text = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    'True',
    'a, b; {c}',
    '"quoted"',
    'back`tick',
    '+1 marker',
    'TODO x',
    '--- cut',
    ' lead',
    'trail ',
    'a\nb',
    'a\n\nb',
    'a\n\n\nb',
    '\nx',
    'x\n',
    '  - item',
    '```\n--- in\n```',
    'tab\tx',
    'é€😀',
    '\\back\\slash',
    "self != ''",
    'a ``b`` c',
    '```',
    "'''",
  ),
  fc.array(fc.constantFrom('word', 'longer-word', ' ', '\n', 'x', '"', ','), { maxLength: 30 }).map((a) => a.join('')),
);
const json: fc.Arbitrary<JsonValue> = fc
  .jsonValue({ maxDepth: 1 })
  .map((v) => JSON.parse(JSON.stringify(v)) as JsonValue);
const opt = <T>(a: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(a, { nil: undefined, freq: 3 });
const num = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
);
const nat = fc.nat({ max: 100 });
const name = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,8}$/) },
  fc.constantFrom('api-key', 'podIP', 'url', 'x.y', 'deepCopy', 'getName', 'name', 'é', '9lives', 'a b', 'ｚ', '𝒜'),
);

function strip<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

const extras = fc
  .record({
    description: opt(text),
    title: opt(text),
    default: opt(json),
    example: opt(json),
    enum: opt(fc.array(json, { maxLength: 3 })),
    nullable: opt(fc.boolean()),
    minimum: opt(num),
    maximum: opt(num),
    exclusiveMaximum: opt(fc.boolean()),
    multipleOf: opt(fc.integer({ min: 1, max: 9 })),
    minLength: opt(nat),
    maxLength: opt(nat),
    pattern: opt(text),
    minItems: opt(nat),
    uniqueItems: opt(fc.boolean()),
    maxProperties: opt(nat),
    listType: opt(fc.constantFrom(...LIST_TYPES)),
    listMapKeys: opt(fc.array(name, { minLength: 1, maxLength: 2 })),
    mapType: opt(fc.constantFrom(...MAP_TYPES)),
    format: opt(fc.constantFrom('uri', 'int16', 'date')),
    not: opt(fc.constant({ pattern: '^x' })),
    validations: opt(
      fc.array(
        fc
          .record({
            rule: text,
            message: opt(text),
            reason: opt(fc.constantFrom(...RULE_REASONS)),
            optionalOldSelf: opt(fc.boolean()),
          })
          .map(strip),
        { maxLength: 2 },
      ),
    ),
  })
  .map((k) => strip(k) as FieldNode);

const tree = fc.letrec<{ node: FieldNode; children: NamedField[] }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc
      .record({
        kind: fc.constantFrom(...FIELD_KINDS.filter((k) => k !== 'object' && k !== 'array' && k !== 'map')),
        k: extras,
      })
      .map(({ kind, k }) => ({ ...kindKeywords(kind), ...k })),
    fc
      .record({ k: extras, fields: tie('children') })
      .map(({ k, fields }) => ({ ...k, type: 'object' as const, fields })),
    fc.record({ k: extras, items: tie('node') }).map(({ k, items }) => ({ ...k, type: 'array' as const, items })),
    fc
      .record({ k: extras, ap: tie('node') })
      .map(({ k, ap }) => ({ ...k, type: 'object' as const, additionalProperties: ap })),
  ),
  children: fc
    .uniqueArray(fc.record({ name, required: opt(fc.boolean()), node: tie('node') }), {
      selector: (c) => c.name,
      minLength: 1,
      maxLength: 4,
    })
    .map((cs) => cs.map((c) => strip({ ...c.node, name: c.name, required: c.required }) as NamedField)),
}));

/** A design in group `g<i>` (so many fit one Go module, one package per group and version). */
export function randomDesigns(count: number, seed: number): Design[] {
  const arb = fc.record({
    kind: fc.stringMatching(/^[A-Z][a-z]{1,8}$/),
    scope: fc.constantFrom('Namespaced' as const, 'Cluster' as const),
    spec: tree.children,
    description: opt(text),
    status: fc.boolean(),
    statusFields: opt(tree.children),
    metadataRequired: fc.boolean(),
    rootRules: opt(fc.array(fc.record({ rule: text, message: opt(text) }).map(strip), { minLength: 1, maxLength: 2 })),
    columns: opt(
      fc.array(
        fc
          .record({
            name: fc.constantFrom('A', 'B c'),
            type: fc.constantFrom('string' as const, 'integer' as const),
            jsonPath: fc.constant('.spec.x'),
            priority: opt(fc.nat({ max: 2 })),
            description: opt(text),
          })
          .map(strip),
        { maxLength: 2 },
      ),
    ),
  });
  const crdExtras = fc.record({
    second: opt(
      fc
        .record({
          name: fc.constantFrom('v2beta1', 'v1-alpha', 'go'),
          served: fc.boolean(),
          deprecated: opt(fc.boolean()),
          deprecationWarning: opt(text),
        })
        .map(strip),
    ),
    labels: opt(fc.dictionary(fc.stringMatching(/^[a-z]{1,5}\.io\/[a-z]{1,5}$/), text, { maxKeys: 2 })),
    annotations: opt(fc.dictionary(fc.stringMatching(/^[a-z]{1,5}$/), text, { maxKeys: 2 })),
    shortNames: opt(fc.array(fc.stringMatching(/^[a-z]{1,4}$/), { maxLength: 2 })),
    categories: opt(fc.array(fc.constantFrom('all', 'x'), { maxLength: 2 })),
    scale: opt(
      fc
        .record({
          specReplicasPath: fc.constant('.spec.r'),
          statusReplicasPath: fc.constant('.status.r'),
          labelSelectorPath: opt(fc.constant('.status.s')),
        })
        .map(strip),
    ),
    selectable: opt(fc.array(fc.constantFrom('.spec.a', '.spec.b'), { maxLength: 2 })),
  });
  const extrasList = fc.sample(crdExtras, { numRuns: count, seed: seed + 1 });
  return fc.sample(arb, { numRuns: count, seed }).map((r, i) => {
    const x = extrasList[i]!;
    const first = strip({
      name: 'v1',
      served: true,
      storage: true,
      subresources: r.status || x.scale ? strip({ status: r.status || undefined, scale: x.scale }) : undefined,
      printerColumns: r.columns,
      selectableFields: x.selectable,
      schema: strip({
        type: 'object' as const,
        description: r.description,
        validations: r.rootRules,
        fields: [
          ...(r.metadataRequired ? [{ name: 'metadata', required: true }] : []),
          { name: 'spec', type: 'object' as const, fields: r.spec },
          ...(r.statusFields ? [{ name: 'status', type: 'object' as const, fields: r.statusFields }] : []),
        ],
      }),
    });
    const versions = x.second ? [first, { ...x.second, storage: false, schema: { type: 'object' as const } }] : [first];
    return {
      apiVersion: 'studio.opstudio.dev/v1alpha1' as const,
      kind: 'OperatorDesign' as const,
      project: { domain: 'example.com', repo: 'example.com/random', projectName: 'random' },
      crd: strip({
        group: `g${i}`,
        names: strip({ kind: r.kind, shortNames: x.shortNames, categories: x.categories }),
        scope: r.scope,
        labels: x.labels,
        annotations: x.annotations,
        versions,
      }),
    };
  });
}
