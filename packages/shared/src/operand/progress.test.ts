import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deploymentProgress } from './progress';
import type { ObservedDeployment } from './progress';

const dep = (
  specReplicas: number,
  ready: number,
  opts: { generation?: number; observedGeneration?: number; replicas?: number } = {},
): ObservedDeployment => ({
  metadata: { generation: opts.generation ?? 2 },
  spec: { replicas: specReplicas },
  status: {
    observedGeneration: opts.observedGeneration ?? 2,
    replicas: opts.replicas ?? ready,
    readyReplicas: ready,
    updatedReplicas: ready,
  },
});

const cases: { name: string; dep: ObservedDeployment | undefined; wanted: number; ready: boolean }[] = [
  { name: 'no Deployment yet', dep: undefined, wanted: 3, ready: false },
  { name: 'all replicas ready', dep: dep(3, 3), wanted: 3, ready: true },
  { name: 'scaling up', dep: dep(5, 3), wanted: 5, ready: false },
  {
    name: 'the Deployment controller has not seen the new spec',
    dep: dep(5, 5, { generation: 3 }),
    wanted: 5,
    ready: false,
  },
  { name: 'old pods still terminating', dep: dep(3, 3, { replicas: 4 }), wanted: 3, ready: false },
  { name: 'spec not yet applied (stale cache)', dep: dep(3, 3), wanted: 5, ready: false },
  { name: 'size 0 with no pods', dep: dep(0, 0), wanted: 0, ready: true },
];
for (const c of cases) {
  test(`deploymentProgress: ${c.name}`, () => assert.equal(deploymentProgress(c.dep, c.wanted).ready, c.ready));
}
