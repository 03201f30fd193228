// Issue 28 against the real sandbox: an expression whose cost no estimate bounds (a warning in the
// designer) runs into the API server's per-call limit on a real custom resource. The custom
// resource goes Degraded naming the expression's path, the other children are still planned, and
// the manager's event loop (what answers /healthz) stays responsive meanwhile: plans run in the
// planner thread, not on it. Memory stays within 100 MB of the idle manager.
// @lane: exclusive it measures this process's event-loop delay and memory, which another lane would disturb
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Condition } from '@opstudio/shared/operand/index';
import type { ChildResource } from '@opstudio/shared/graph/model';
import { eventually, skipWithoutCluster } from '../../testing';
import { DesignFixture, exampleDesign } from '../../testing/design-fixture';

interface Obj {
  metadata: { name: string; uid: string };
  status?: { conditions?: Condition[] };
}
const cond = (o: Obj | undefined, type: string) => o?.status?.conditions?.find((c) => c.type === type);
// quadratic in the spec's replicas, which nothing bounds: 1,000 × 1,000 comprehension steps
const HEAVY =
  '${string(lists.range(self.spec.replicas * 200).map(a, lists.range(self.spec.replicas * 200).map(b, a + b)).size())}';

test(
  'a CEL expression over the per-call limit at run time: Degraded at its path, the event loop free, memory bounded',
  { skip: skipWithoutCluster, timeout: 300_000 },
  async (t) => {
    const f = await DesignFixture.open('cel-cost-it', t);
    const kind = await f.install(
      exampleDesign('webapp.design.yaml', f.suffix, (d) => ({
        ...d,
        crd: { ...d.crd, group: `cost-${f.suffix}` },
        operand: {
          resources: [
            { id: 'light', template: { apiVersion: 'v1', kind: 'ConfigMap', data: { name: '${self.metadata.name}' } } },
            {
              id: 'heavy',
              includeWhen: 'self.spec.replicas > 1',
              template: { apiVersion: 'v1', kind: 'ConfigMap', data: { pairs: HEAVY } },
            },
          ] as ChildResource[],
        },
      })),
    );
    f.startManager('cel-cost-lease');
    // idle: the manager running, its planner thread started by a cheap custom resource
    await f.create(kind, 'cheap', { replicas: 1 });
    await eventually('the cheap one planned', 90_000, () => f.object<Obj>('/api/v1/configmaps', 'cheap-light')).catch(
      async (err: unknown) => {
        const o = await f.get<Obj>(kind, 'cheap');
        throw new Error(`${String(err)}; the custom resource: ${JSON.stringify(o?.status ?? o ?? null)}`);
      },
    );
    await new Promise((r) => setTimeout(r, 2000));
    const idle = process.memoryUsage().rss;
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    try {
      await f.create(kind, 'costly', { replicas: 5 });
      const degraded = await eventually('Degraded naming the expression', 120_000, async () => {
        const c = cond(await f.get<Obj>(kind, 'costly'), 'Degraded');
        return c?.status === 'True' ? c : undefined;
      });
      assert.match(
        degraded.message,
        /resources\[1\]\.template\.data\.pairs: \$\{.*\}: operation cancelled: actual cost limit exceeded/,
      );
      const light = await f.object<Obj>('/api/v1/configmaps', 'costly-light');
      assert.ok(light !== undefined, 'the child before it is still applied');
    } finally {
      delay.disable();
      clearInterval(sampler);
    }
    const maxMs = delay.max / 1e6;
    assert.ok(maxMs < 100, `the event loop stalled ${maxMs.toFixed(0)} ms`);
    const grewMb = (peak - idle) / 2 ** 20;
    assert.ok(grewMb < 100, `RSS grew ${grewMb.toFixed(0)} MB above idle`);
    t.diagnostic(`event loop max delay ${maxMs.toFixed(1)} ms; RSS +${grewMb.toFixed(0)} MB above idle`);
  },
);
