/// <reference types="node" />
// examples/project.design.yaml (issue 29, part 7): the designer's preview renders every child
// for the sample (three members) except the quota, which waits for the ConfigMap of defaults the
// preview does not read; planned with that ConfigMap, the quota takes spec.quota's values first.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadCel } from '@opstudio/cel/node';
import { designGraph } from '../design/operand-form';
import { parseDesign } from '../design/io';
import { designGraphPreview, sampleOwner } from '../designer/graph-preview';
import { REPO_ROOT } from '../testing/corpus';
import type { ExternalValue } from './externals';
import { plan, type Observed } from './plan';

await loadCel();

const parsed = parseDesign(readFileSync(`${REPO_ROOT}/examples/project.design.yaml`, 'utf8'));
assert.ok(parsed.ok);
const design = parsed.design;
const graph = designGraph(design)!;

test('the preview renders the Namespace, the limits, a RoleBinding per sample member and the NetworkPolicy', () => {
  const preview = designGraphPreview(design);
  const states = Object.fromEntries(preview.children.map((c) => [c.id, c.state]));
  assert.deepEqual(states, {
    ns: 'rendered',
    quota: 'waiting',
    limits: 'rendered',
    members: 'collection',
    isolation: 'rendered',
  });
  const members = preview.children.find((c) => c.id === 'members');
  assert.ok(members?.state === 'collection');
  assert.deepEqual(
    members.objects.map(({ object }) => {
      const meta = object.metadata as { namespace?: string; name?: string } | undefined;
      return [meta?.namespace, meta?.name];
    }),
    ['alice', 'bob', 'carol'].map((u) => ['project-project-sample', `member-${u}`]),
  );
  assert.deepEqual(
    preview.children.find((c) => c.id === 'quota'),
    {
      id: 'quota',
      kind: 'ResourceQuota',
      state: 'waiting',
      waitingFor: ['defaults'],
    },
  );
  assert.deepEqual(preview.status, { namespace: 'project-project-sample' });
});

test('the quota: spec.quota first, the defaults ConfigMap for what it leaves out', () => {
  const defaults = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'project-defaults', namespace: 'default' },
    data: { cpu: '4', memory: '8Gi' },
  };
  const hardFor = (quota: Record<string, string> | undefined) => {
    const cr = sampleOwner(design);
    const spec = { ...(cr.spec as Record<string, unknown>), ...(quota !== undefined ? { quota } : {}) };
    const observed: Observed = new Map<string, ExternalValue>([
      ['defaults', defaults],
      ['ns', { metadata: { name: 'project-project-sample' } }],
    ]);
    const p = plan(graph, { ...cr, spec }, observed, { assumeApplied: true });
    assert.deepEqual(p.errors, []);
    return (p.desired.find((d) => d.id === 'quota')?.object.spec as { hard: unknown }).hard;
  };
  assert.deepEqual(hardFor(undefined), { 'requests.cpu': '4', 'requests.memory': '8Gi' });
  assert.deepEqual(hardFor({ cpu: '500m' }), { 'requests.cpu': '500m', 'requests.memory': '8Gi' });
});
