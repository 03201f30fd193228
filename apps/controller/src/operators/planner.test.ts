import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseDesign } from '@opstudio/shared/design/io';
import type { KubeObject } from '@opstudio/shared/graph/index';
import { workerPlanner, type PlanRequest } from './planner';

const parsed = parseDesign(readFileSync(new URL('../../../../examples/webapp.design.yaml', import.meta.url), 'utf8'));
if (!parsed.ok) throw new Error('examples/webapp.design.yaml does not parse');
const design = parsed.design;
const cr = {
  apiVersion: 'apps.example.com/v1',
  kind: 'WebApp',
  metadata: { name: 'shop', namespace: 'default', uid: 'u1', generation: 1 },
  spec: { image: 'nginx:1.27', replicas: 2, port: 8080, greeting: 'hello' },
} as unknown as KubeObject;
const request = (designKey: string, replicas = 2): PlanRequest => ({
  design,
  designKey,
  cr: { ...cr, spec: { ...(cr.spec as object), replicas } },
  observed: new Map(),
  namespaced: {},
});

const planned = (plan: { desired: readonly { id: string }[] }) => plan.desired.map((d) => d.id);

test('the planner thread is sent each design version once, and asks again for one it let go', async () => {
  const thread = workerPlanner({ designsKept: 2 });
  try {
    // the first request carries the design; the next ones of that version name it only
    const first = await thread.plan(request('d@1', 2));
    assert.deepEqual(planned(first), ['config', 'service', 'pdb']); // the rest wait for children none observed
    assert.deepEqual(first.errors, []);
    assert.deepEqual(planned(await thread.plan(request('d@1', 1))), ['config', 'service']); // no PodDisruptionBudget for 1
    // past the versions it keeps, the thread asks for the oldest again and still answers
    await Promise.all([2, 3].map((v) => thread.plan(request(`d@${v}`))));
    const again = await thread.plan(request('d@1', 2));
    assert.deepEqual(again, first);
  } finally {
    await thread.close();
  }
});
