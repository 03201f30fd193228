/// <reference types="node" />
// The three RGDs kept in bench/kro (written here for the Web app, Redis and the replicated store):
// each imports into a design that makes the same children and status as the example for the same
// custom resource, and exports back to the same document, byte for byte.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadCel } from '@opstudio/cel/node';
import { parseDesign } from '../design/io';
import type { Design } from '../design/schema';
import { designGraph } from '../design/operand-form';
import type { KubeObject } from '../graph/model';
import { previewGraph } from '../graph/preview';
import { sampleResource } from '../manifests/sample';
import { REPO_ROOT } from '../testing/corpus';
import { rgdToDesign } from './from-rgd';
import { describeProblem } from './problems';
import { designToRgd } from './to-rgd';

await loadCel();

const CASES: Record<string, Record<string, unknown>[]> = {
  webapp: [
    {},
    {
      replicas: 3,
      host: 'shop.example.com',
      env: [{ name: 'MODE', value: 'blue' }],
      extraPorts: [
        { name: 'metrics', port: 9090 },
        { name: 'admin', port: 9091 },
      ],
    },
  ],
  redis: [{}, { replicas: 3, maxMemory: '256mb', memory: '1Gi' }],
  'replicated-store': [{ replicas: 1 }, { replicas: 5, storage: '10Gi', backup: { schedule: '0 3 * * *' } }],
};

const example = (name: string): Design => {
  const parsed = parseDesign(readFileSync(`${REPO_ROOT}/examples/${name}.design.yaml`, 'utf8'));
  assert.ok(parsed.ok);
  return parsed.design;
};
const rgdText = (name: string): string => readFileSync(`${REPO_ROOT}/bench/kro/${name}.rgd.yaml`, 'utf8');

function imported(name: string): Design {
  const r = rgdToDesign(rgdText(name));
  assert.ok(
    r.ok,
    r.ok ? '' : [...r.refused.map(describeProblem), ...r.errors.map((e) => `${e.path}: ${e.message}`)].join('\n'),
  );
  return r.design;
}

for (const name of Object.keys(CASES)) {
  test(`${name}: RGD → design → RGD gives the same document`, () => {
    const back = designToRgd(imported(name));
    assert.ok(back.ok, back.ok ? '' : back.refused.map(describeProblem).join('\n'));
    assert.equal(back.text, rgdText(name));
  });

  test(`${name}: the imported design makes the example's children and status for the same custom resource`, () => {
    const ours = example(name);
    const theirs = imported(name);
    const sample = sampleResource(ours);
    for (const spec of CASES[name]!) {
      const cr: KubeObject = {
        ...sample,
        metadata: { name: `${name}-sample`, namespace: 'team-a', uid: 'uid-1' },
        spec: { ...(sample.spec as object), ...spec } as KubeObject,
      };
      const a = previewGraph(designGraph(ours)!, cr);
      const b = previewGraph(designGraph(theirs)!, cr);
      assert.deepEqual(a.errors, []);
      assert.ok(a.children.some((c) => c.state === 'rendered'));
      assert.deepEqual(b.children, a.children, `children for spec ${JSON.stringify(spec)}`);
      assert.deepEqual(b.status, a.status, `status for spec ${JSON.stringify(spec)}`);
    }
  });
}

test('the examples as they stand: what kro lacks is refused, each construct named at its path', () => {
  const refused = (name: string) => {
    const r = designToRgd(example(name));
    assert.ok(!r.ok);
    return r.refused.map((p) => `${p.path} ${p.construct}`);
  };
  assert.deepEqual(refused('webapp'), ['operand.resources[1].readyWhen readyWhen reading self']);
  assert.deepEqual(refused('replicated-store'), [
    'crd.versions[0].schema.fields[0].fields[2].anyOf anyOf',
    'crd.versions[0].schema.fields[0].fields[2].intOrString intOrString',
    'operand.conditions[0] conditions',
    'operand.resources[3].readyWhen readyWhen reading self',
  ]);
});
