/// <reference types="node" />
// The impact of the Web app example's draft (issue 31's acceptance, in small): a new image, a
// `minimum` raised on spec.port that two resources break, and the Ingress child removed.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadCel } from '@opstudio/cel/node';
import { crdObject } from '../crd/generate';
import type { JSONSchemaProps } from '../crd/types';
import { parseDesign } from '../design/io';
import type { Design } from '../design/schema';
import type { KubeObject } from '../graph/model';
import { REPO_ROOT } from '../testing/corpus';
import { planImpact } from './impact';
import { webappDraft, webapps } from './webapp-draft';

const engine = await loadCel();

const parsed = parseDesign(readFileSync(`${REPO_ROOT}/examples/webapp.design.yaml`, 'utf8'));
assert.ok(parsed.ok);
const installed: Design = parsed.design;
const schemaOf = (d: Design): JSONSchemaProps => crdObject(d).spec.versions[0]!.schema!.openAPIV3Schema!;
const side = (d: Design) => ({ design: d, schema: schemaOf(d) });

test('a new image, a raised minimum and a removed Ingress: 2 refused, the rest change their Deployment', () => {
  const objects = webapps(12, { lowPorts: 2, hostEvery: 3 });
  const report = planImpact({ installed: side(installed), draft: side(webappDraft(installed)), objects, engine });
  assert.equal(report.total, 12);
  assert.deepEqual(
    report.refused.map((r) => [r.name, r.refused?.when, r.refused?.fields.map((f) => f.field)]),
    [
      ['web-000', 'when-changed', ['spec.port']],
      ['web-001', 'when-changed', ['spec.port']],
    ],
  );
  assert.match(report.refused[0]!.refused!.fields[0]!.detail, /greater than or equal to 1024/);
  assert.equal(report.changed.length, 10);
  assert.equal(report.unchanged.length, 0);
  // every changed resource's Deployment gets the new image; those with a host lose their Ingress
  for (const r of report.changed) {
    const dep = r.children.find((c) => c.kind === 'Deployment');
    assert.deepEqual(
      dep?.fields.map((f) => [f.path, f.before, f.after]),
      [['spec.template.spec.containers[0].image', 'nginx:1.27', 'mirror.example.com/nginx:1.27']],
    );
  }
  const deleted = report.changed.flatMap((r) => r.children.filter((c) => c.change === 'deleted'));
  assert.deepEqual(
    deleted.map((c) => `${c.kind} ${c.name}`),
    ['Ingress web-003-ingress', 'Ingress web-006-ingress', 'Ingress web-009-ingress'],
  );
  assert.equal(
    report.summary,
    '12 resources: 7 change 1 child (Deployment image), 3 change 2 children (Deployment image; Ingress deleted), ' +
      '2 would be refused when re-created or when spec.port changes (spec.port: should be greater than or equal to 1024)',
  );
});

test('the same design against itself changes nothing and validates nothing', () => {
  const report = planImpact({ installed: side(installed), draft: side(installed), objects: webapps(3), engine });
  assert.equal(report.summary, '3 resources: 3 unchanged');
  assert.deepEqual(report.unchanged, [
    { namespace: 'default', name: 'web-000' },
    { namespace: 'default', name: 'web-001' },
    { namespace: 'default', name: 'web-002' },
  ]);
});

test('a value the installed CRD already refused is not this change’s doing', () => {
  // web-000 has port 80 and the installed design already asks for at least 100: a draft that
  // only changes the image does not make it refused
  const strict = webappDraft(installed, { image: false, ingress: false, portMinimum: 100 });
  const objects: KubeObject[] = webapps(2, { lowPorts: 1 });
  const report = planImpact({
    installed: side(strict),
    draft: side(webappDraft(installed, { ingress: false, portMinimum: 100 })),
    objects,
    engine,
  });
  assert.deepEqual(report.refused, []);
  assert.equal(report.changed.length, 2);
});

test('a new required field without a default: refused only once the object is written with a change', () => {
  // the API server ratchets a missing required field too (the validator is its own code): a
  // no-op write of the unchanged object passes, a create or a changed write does not
  const draft = webappDraft(installed, { image: false, ingress: false, portMinimum: 1, requireTier: true });
  const report = planImpact({ installed: side(installed), draft: side(draft), objects: webapps(1), engine });
  assert.deepEqual(report.refused[0]?.refused, {
    when: 'when-changed',
    fields: [{ field: 'spec.tier', message: 'spec.tier: Required value', detail: 'Required value' }],
  });
  assert.equal(
    report.summary,
    '1 resource: 1 would be refused when re-created or when spec.tier changes (spec.tier: Required value)',
  );
});

test('the image form (Memcached): a new image changes each Deployment, planned as the controller plans it', () => {
  const memcached = parseDesign(readFileSync(`${REPO_ROOT}/examples/memcached.design.yaml`, 'utf8'));
  assert.ok(memcached.ok);
  const before = memcached.design;
  const after: Design = { ...before, operand: { ...before.operand!, image: 'memcached:1.6.27' } };
  const objects: KubeObject[] = ['a', 'b'].map((name) => ({
    apiVersion: 'cache.example.com/v1alpha1',
    kind: 'Memcached',
    metadata: { name, namespace: 'default', uid: `uid-${name}` },
    spec: { size: 2, containerPort: 11211 },
  }));
  const report = planImpact({ installed: side(before), draft: side(after), objects, engine });
  assert.equal(
    report.summary,
    '2 resources: 2 change 1 child (Deployment metadata.labels["app.kubernetes.io/version"], ' +
      'spec.template.metadata.labels["app.kubernetes.io/version"], image)',
  );
});

test('a new field with a default: the draft renders it as the API server will read it, defaulted', () => {
  // the draft adds spec.logLevel (default "info") and writes it into the ConfigMap: no live
  // object has the field, yet once the CRD is installed every read carries the default
  const draft = webappDraft(installed, { image: false, ingress: false, portMinimum: 1 });
  const version = draft.crd.versions[0]!.schema as unknown as { fields: { name: string; fields?: unknown[] }[] };
  version.fields.find((f) => f.name === 'spec')!.fields!.push({ name: 'logLevel', type: 'string', default: 'info' });
  const config = draft.operand!.resources!.find((r) => r.id === 'config')!.template as unknown as {
    data: Record<string, string>;
  };
  config.data.LOG_LEVEL = '${self.spec.logLevel}';
  const report = planImpact({ installed: side(installed), draft: side(draft), objects: webapps(2), engine });
  assert.equal(report.summary, '2 resources: 2 change 1 child (ConfigMap data.LOG_LEVEL)');
  assert.deepEqual(
    report.changed[0]!.children.map((c) => c.fields.map((f) => [f.path, f.before, f.after])),
    [[['data.LOG_LEVEL', undefined, 'info']]],
  );
});
