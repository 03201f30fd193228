/// <reference types="node" />
// The designer's Tests tab's edits (issue 32): "Save as expected" writes what the controller
// renders into a case, which then passes and fails at the very field a broken template line
// changes (the diff's two sides name it); a case from a live resource carries its name, its
// spec as a patch over the sample and its children's status; cases are added and removed.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadCel } from '@opstudio/cel/node';
import { parseDesign } from '../design/io';
import type { Design } from '../design/schema';
import { sampleOwner } from '../designer/graph-preview';
import {
  diffSides,
  expectRendered,
  freshCaseName,
  liveCase,
  newValidationCase,
  renderedView,
  sampleCase,
  setRenderCase,
  setValidationCase,
} from './edit';
import { applyMergePatch } from '../resources/merge-patch';
import { runDesignTests } from './run';

const engine = await loadCel();
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const webapp = (): Design => {
  const r = parseDesign(readFileSync(path.join(repo, 'examples', 'webapp.design.yaml'), 'utf8'));
  assert.ok(r.ok, JSON.stringify(r));
  return r.design;
};

/** The design with the Service's targetPort template line changed. */
function breakTargetPort(d: Design, expr: string): Design {
  const resources = d.operand!.resources!.map((r) =>
    r.id !== 'service'
      ? r
      : {
          ...r,
          template: applyMergePatch(r.template, {
            spec: { ports: [{ name: 'http', port: 80, targetPort: expr }] },
          }) as typeof r.template,
        },
  );
  return { ...d, operand: { ...d.operand, resources } };
}

test('Save as expected: the case then passes, and a broken template line fails it at the field', () => {
  const original = webapp();
  const added = setRenderCase(original, Infinity, sampleCase(original));
  const last = added.tests!.render!.length - 1;
  assert.equal(added.tests!.render![last]!.name, 'the sample');
  const first = runDesignTests(added, engine).results[last]!;
  assert.equal(first.outcome, 'passed'); // expects nothing yet
  assert.ok(first.rendered !== undefined);

  const saved = setRenderCase(
    added,
    last,
    expectRendered(added, added.tests!.render![last]!, renderedView(first.rendered)),
  );
  const expect = saved.tests!.render![last]!.expect;
  assert.deepEqual(Object.keys(expect.children ?? {}).sort(), ['config', 'deployment', 'service']);
  assert.deepEqual(expect.absent, ['ingress', 'pdb', 'ports']);
  assert.equal('ownerReferences' in (expect.children!.service as { metadata: object }).metadata, false);
  assert.deepEqual(expect.status, { url: 'http://webapp-sample-service.default.svc' });
  assert.equal(runDesignTests(saved, engine).results[last]!.outcome, 'passed');

  const broken = runDesignTests(breakTargetPort(saved, '${self.spec.port + 1}'), engine);
  const failed = broken.results[last]!;
  assert.equal(failed.outcome, 'failed');
  assert.deepEqual(
    failed.failures.map((f) => f.text),
    ['children.service.spec.ports[0].targetPort: expected 8080, got 8081'],
  );
  assert.deepEqual(diffSides(failed.failures), {
    expected: 'children.service.spec.ports[0].targetPort: 8080\n',
    got: 'children.service.spec.ports[0].targetPort: 8081\n',
  });
  // the example's own first case reads the same field, and fails with it
  assert.equal(broken.results[0]!.outcome, 'failed');
});

test('a difference with nothing to compare has no diff; a field only one side has is left out of the other', () => {
  assert.equal(diffSides([{ where: 'children.x', text: 'children.x: not created for this resource' }]), undefined);
  const m = { path: 'children.x.spec.extra', expected: undefined, got: { a: 1 } };
  assert.deepEqual(diffSides([{ where: 'children.x', text: '', mismatch: m }]), {
    expected: '{}\n',
    got: 'children.x.spec.extra:\n  a: 1\n',
  });
});

test('a case from a live resource: its name, namespace and spec over the sample, its children as observed', () => {
  const d = webapp();
  const sample = sampleOwner(d) as { spec: Record<string, unknown> };
  const spec: Record<string, unknown> = { ...sample.spec, replicas: 3 };
  delete spec.greeting;
  const c = liveCase(
    d,
    { apiVersion: 'web.example.com/v1alpha1', kind: 'WebApp', metadata: { name: 'shop', namespace: 'prod' }, spec },
    [
      {
        kind: 'Deployment',
        metadata: { name: 'shop-deployment', labels: { 'app.kubernetes.io/component': 'deployment' } },
        status: { readyReplicas: 3 },
      },
      { kind: 'Pod', metadata: { name: 'not-a-child' }, status: { phase: 'Running' } },
    ],
  );
  assert.deepEqual(c, {
    name: 'live prod/shop',
    cr: { metadata: { name: 'shop', namespace: 'prod' }, spec: { replicas: 3, greeting: null } },
    observed: { deployment: { status: { readyReplicas: 3 } } },
    expect: {},
  });
  const withCase = setRenderCase(d, Infinity, c);
  const at = `tests.render[${withCase.tests!.render!.length - 1}]`;
  const run = runDesignTests(withCase, engine).results.find((r) => r.path === at)!;
  assert.equal(run.outcome, 'passed');
  // its children are named after the live resource; Ready from what the cluster reported
  const deployment = run.rendered!.children.get('deployment')![0]!;
  assert.equal((deployment.metadata as { name: string }).name, 'shop-deployment');
  assert.equal(run.rendered!.status.readyReplicas, 3);
});

test('cases are added under a fresh name, replaced and removed; no cases left, no tests section', () => {
  assert.equal(freshCaseName(['a', 'a 2'], 'a'), 'a 3');
  assert.equal(freshCaseName([], 'a'), 'a');
  const d = webapp();
  const v = setValidationCase(d, Infinity, newValidationCase(d));
  const n = d.tests!.validation!.length;
  assert.equal(v.tests!.validation!.length, n + 1);
  assert.deepEqual(v.tests!.validation![n], { name: 'a valid object', object: {}, expect: { allowed: true } });
  assert.equal(newValidationCase(v).name, 'a valid object 2');
  assert.equal(runDesignTests(v, engine).results.at(-1)!.outcome, 'passed');
  let empty: Design = { ...d, tests: { render: [sampleCase(d)] } };
  empty = setRenderCase(empty, 0, undefined);
  assert.equal('tests' in empty, false);
});
