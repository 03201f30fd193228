// Issue 30, point 2, against the sandbox: the `owned:<uid>` topic of a StatefulSet operator (the
// replicated store example) lists its StatefulSet, its three pods and its three claims Bound, each
// with the pod that mounts it, from the shared informer cache, live; and a pod that cannot be
// scheduled (its claim, left from before, names a StorageClass that does not exist) says why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InformerCache } from '../kube/informer-cache';
import { LiveBus } from '../live/bus';
import type { LiveEvent } from '../live/events';
import { SnapshotRegistry } from '../live/snapshots';
import { ownedTopic } from '@opstudio/shared/live/topics';
import { eventually, skipWithoutCluster } from '../../testing';
import { createUnbindableClaim, DesignFixture, exampleDesign } from '../../testing/design-fixture';
import { OwnedWatcher } from './owned';
import { OWNED_KINDS } from './owned-kinds';

type Owned = Extract<LiveEvent, { workloads: unknown }>;

test(
  'owned topic of a StatefulSet operator: its pods, its claims Bound, and why a pod is Pending',
  { skip: skipWithoutCluster, timeout: 300_000 },
  async (t) => {
    const f = await DesignFixture.open('owned-wl-it', t);
    const store = await f.install(exampleDesign('replicated-store.design.yaml', f.suffix));
    f.startManager('owned-wl-it-lease');
    const cache = new InformerCache({ kc: f.kc });
    const bus = new LiveBus();
    const snapshots = new SnapshotRegistry();
    const watcher = new OwnedWatcher(f.kc, bus, { cache, ownedKinds: OWNED_KINDS, lingerMs: 0 });
    watcher.registerSnapshots(snapshots);
    const published: Owned[] = [];
    const unsubscribe = bus.subscribe((e) => {
      if ('workloads' in e.event) published.push(e.event);
    });
    const releases: (() => void)[] = [];
    t.after(() => {
      for (const r of releases) r();
      unsubscribe();
      watcher.stopAll();
      cache.stop();
    });
    /** Subscribes to the CR's topic; the latest published snapshot of it. */
    const follow = async (name: string) => {
      const uid = (await f.get<{ metadata: { uid: string } }>(store, name))!.metadata.uid;
      const topic = ownedTopic(uid);
      releases.push(snapshots.acquire([topic]));
      return () => published.filter((e) => e.topic === topic).at(-1);
    };

    await f.create(store, 'kv', { replicas: 3, storage: '1Gi' });
    const kv = await follow('kv');
    // the StatefulSet's own readyReplicas follows its pods' readiness by one status write: wait for it too
    const settled = await eventually('3 pods Running and 3 claims Bound, published live', 180_000, () => {
      const e = kv();
      return e !== undefined &&
        e.pods.length === 3 &&
        e.pods.every((p) => p.phase === 'Running' && p.ready) &&
        e.workloads.some((w) => w.summary.startsWith('3/3')) &&
        e.claims.length === 3 &&
        e.claims.every((c) => c.phase === 'Bound')
        ? e
        : undefined;
    });
    assert.deepEqual(
      settled.workloads.map((w) => `${w.kind} ${w.name}: ${w.summary}`),
      ['StatefulSet kv: 3/3 ready'],
    );
    assert.deepEqual(
      settled.pods.map((p) => [p.name, p.workloadKind, p.workload, p.reason]),
      [0, 1, 2].map((i) => [`kv-${i}`, 'StatefulSet', 'kv', null]),
    );
    assert.deepEqual(
      settled.claims.map((c) => [c.name, c.capacity, c.storageClass, c.pod]),
      [0, 1, 2].map((i) => [`data-kv-${i}`, '1Gi', 'standard', `kv-${i}`]),
    );

    // a claim left from an earlier store of the same name, of a class this cluster does not have:
    // the StatefulSet adopts it, it never binds, and the pod stays Pending
    await createUnbindableClaim(f, 'stuck');
    await f.create(store, 'stuck', { replicas: 1, storage: '1Gi' });
    const stuck = await follow('stuck');
    const pending = await eventually('the Pending pod says why', 120_000, () => {
      const e = stuck();
      const pod = e?.pods.find((p) => p.name === 'stuck-0');
      return pod?.phase === 'Pending' && pod.reason !== null ? { e: e!, pod } : undefined;
    });
    assert.match(pending.pod.reason!, /^Unschedulable: .*unbound immediate PersistentVolumeClaims/);
    assert.deepEqual(
      pending.e.claims.map((c) => [c.name, c.phase, c.storageClass, c.pod]),
      [['data-stuck-0', 'Pending', 'fast-ssd', 'stuck-0']],
    );
    // the CR's Progressing message says why its StatefulSet waits: the pod and the scheduler's words
    const progressing = await eventually("the CR's Progressing names the Pending pod", 60_000, async () => {
      const cr = await f.get<{ status?: { conditions?: { type: string; message: string }[] } }>(store, 'stuck');
      const c = cr?.status?.conditions?.find((x) => x.type === 'Progressing');
      return c?.message.includes('pod stuck-0: Unschedulable') === true ? c : undefined;
    });
    assert.match(
      progressing.message,
      /^3 of 4 resources ready: waiting for statefulset \(pod stuck-0: Unschedulable: .*unbound immediate PersistentVolumeClaims.*\)$/,
    );
  },
);
