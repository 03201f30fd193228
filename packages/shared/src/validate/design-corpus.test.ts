/// <reference types="node" />
// The example designs are clean, and validateDesign's own composition of validateCrd's
// checks (with memoised CEL) reports exactly what validateCrd reports, on every CRD of the
// conformance corpus imported as a design and on the examples.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { loadCel } from '@opstudio/cel/node';
import { crdObject } from '../crd/generate';
import { importCrd } from '../crd/import';
import { parseDesign } from '../design/io';
import type { Design } from '../design/schema';
import { corpusFiles, REPO_ROOT } from '../testing/corpus';
import { validateCrd } from './crd';
import { validateDesign } from './design';
import { crdChecks } from './design-crd-checks';
import type { Issue } from './issue';

// with the rules compiled by the API server's own code: the examples and the corpus compile clean
await loadCel();

function example(name: string): Design {
  const parsed = parseDesign(readFileSync(`${REPO_ROOT}/examples/${name}`, 'utf8'));
  assert.ok(parsed.ok, JSON.stringify(parsed));
  return parsed.design;
}

describe('the example designs', () => {
  test('examples/memcached.design.yaml is clean', () =>
    assert.deepEqual(validateDesign(example('memcached.design.yaml')), []));
  test('examples/kitchen-sink.design.yaml is clean', () =>
    assert.deepEqual(validateDesign(example('kitchen-sink.design.yaml')), []));
  test('examples/raw-schema.design.yaml has no issue but uniqueItems', () => {
    assert.deepEqual(
      validateDesign(example('raw-schema.design.yaml')).map((i) => `${i.path}: ${i.message}`),
      [
        'versions[v1].spec.tags: uniqueItems: true is not allowed (quadratic to check); use x-kubernetes-list-type: set',
      ],
    );
  });
});

const key = (i: Issue): string => `${i.severity} ${i.path} ${i.message}`;
const sorted = (issues: Issue[]): string[] => issues.map(key).sort();

describe("validateDesign runs exactly validateCrd's checks", () => {
  const designs: [string, Design][] = [
    ['memcached example', example('memcached.design.yaml')],
    ['kitchen-sink example', example('kitchen-sink.design.yaml')],
  ];
  for (const f of corpusFiles()) {
    const r = importCrd(f.text);
    if (r.ok) designs.push([f.name, r.design]);
  }
  test('the corpus imports', () => assert.ok(designs.length >= 12, `only ${designs.length} designs`));
  for (const [name, design] of designs) {
    test(name, () => {
      const crd = crdObject(design);
      assert.deepEqual(sorted(crdChecks(design, crd).issues), sorted(validateCrd(crd)));
      // twice: the second run is served from the memo and must not differ
      assert.deepEqual(sorted(crdChecks(design, crd).issues), sorted(validateCrd(crd)));
    });
  }
  test('with broken CEL rules and defaults too', () => {
    const d = example('kitchen-sink.design.yaml');
    const spec = d.crd.versions[0]!.schema!.fields!.find((f) => f.name === 'spec')!;
    for (const f of spec.fields!) {
      f.validations = [
        { rule: `self.${f.name}x > 0`, reason: 'FieldValueInvalid' },
        { rule: 'self >', messageExpression: '"x" +', optionalOldSelf: true },
      ];
      if (f.type === 'integer') f.default = 'nope';
    }
    const crd = crdObject(d);
    const expected = sorted(validateCrd(crd));
    assert.ok(expected.length > 2 * spec.fields!.length);
    assert.deepEqual(sorted(crdChecks(d, crd).issues), expected);
  });
});
