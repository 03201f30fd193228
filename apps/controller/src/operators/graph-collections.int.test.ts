// Issue 29's collections against the real sandbox (docs/design/0041): one ConfigMap per entry of
// spec.env, named from the entry, and a ConfigMap that reads them all; an entry removed → its
// ConfigMap alone goes (the others keep their uid); over forEachLimit → Degraded
// CollectionTooLarge naming the path and count, and nothing of the collection is written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Condition } from '@opstudio/shared/operand/index';
import type { ChildResource } from '@opstudio/shared/graph/model';
import { ELEMENT_LABEL } from '@opstudio/shared/graph/collections';
import { eventually, skipWithoutCluster } from '../../testing';
import { DesignFixture, exampleDesign } from '../../testing/design-fixture';

interface Obj {
  metadata: { name: string; uid: string; labels?: Record<string, string>; generation?: number };
  data?: Record<string, string>;
  status?: { conditions?: Condition[]; observedGeneration?: number };
}

const cond = (o: Obj | undefined, type: string) => o?.status?.conditions?.find((c) => c.type === type);

const RESOURCES: ChildResource[] = [
  {
    id: 'entries',
    forEach: [{ entry: '${self.spec.?env.orValue([])}' }],
    forEachLimit: 3,
    template: { apiVersion: 'v1', kind: 'ConfigMap', data: { value: "${entry.?value.orValue('')}" } },
  },
  {
    id: 'summary',
    template: {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      data: { names: "${entries.map(e, e.metadata.name).join(',')}" },
    },
  },
];

test(
  'a collection: one ConfigMap per entry, a leaving entry prunes its own, over the limit nothing is written',
  { skip: skipWithoutCluster, timeout: 240_000 },
  async (t) => {
    const f = await DesignFixture.open('graph-coll-it', t);
    const kind = await f.install(
      exampleDesign('webapp.design.yaml', f.suffix, (d) => ({
        ...d,
        crd: { ...d.crd, group: `coll-${f.suffix}` },
        operand: { resources: RESOURCES },
      })),
    );
    f.startManager('graph-coll-lease');
    const entries = async (): Promise<Obj[]> => {
      const list = await f.kube.request<{ items: Obj[] }>({
        method: 'GET',
        path: `/api/v1/namespaces/${f.ns}/configmaps?labelSelector=${encodeURIComponent('app.kubernetes.io/component=entries')}`,
      });
      return list.items.filter((o) => o.metadata.labels?.['app.kubernetes.io/instance'] === 'site');
    };
    const names = (os: Obj[]) => os.map((o) => o.metadata.name).sort();
    const summary = () => f.object<Obj>('/api/v1/configmaps', 'site-summary');

    await f.create(kind, 'site', {
      env: [
        { name: 'A', value: '1' },
        { name: 'B', value: '2' },
        { name: 'C', value: '3' },
      ],
    });
    let seen: unknown;
    const first = await eventually('three entry ConfigMaps and the summary, Ready', 60_000, async () => {
      const [cr, os, s] = await Promise.all([f.get<Obj>(kind, 'site'), entries(), summary()]);
      seen = { status: cr?.status, entries: names(os), summary: s?.data };
      return cond(cr, 'Ready')?.status === 'True' && os.length === 3 && s !== undefined ? { os, s } : undefined;
    }).catch((e: unknown) => {
      throw new Error(`${String(e)}; last seen ${JSON.stringify(seen)}`);
    });
    assert.deepEqual(names(first.os), ['site-entries-a', 'site-entries-b', 'site-entries-c']);
    const a = first.os.find((o) => o.metadata.name === 'site-entries-a')!;
    assert.deepEqual(a.data, { value: '1' });
    assert.equal(a.metadata.labels?.[ELEMENT_LABEL], 'A');
    assert.equal(first.s.data?.names, 'site-entries-a,site-entries-b,site-entries-c');

    // B leaves: its ConfigMap goes, A and C stay the same objects
    await f.patchSpec(kind, 'site', {
      env: [
        { name: 'A', value: '1' },
        { name: 'C', value: '3' },
      ],
    });
    const second = await eventually('site-entries-b deleted and the summary updated', 60_000, async () => {
      const [os, s] = await Promise.all([entries(), summary()]);
      return os.length === 2 && s?.data?.names === 'site-entries-a,site-entries-c' ? os : undefined;
    });
    assert.deepEqual(names(second), ['site-entries-a', 'site-entries-c']);
    assert.equal(second.find((o) => o.metadata.name === 'site-entries-a')?.metadata.uid, a.metadata.uid);

    // four entries with forEachLimit 3: Degraded names the path and count; nothing of it is written
    await f.patchSpec(kind, 'site', {
      env: ['A', 'C', 'D', 'E'].map((name) => ({ name, value: name })),
    });
    const degraded = await eventually('Degraded CollectionTooLarge', 60_000, async () => {
      const cr = await f.get<Obj>(kind, 'site');
      const c = cond(cr, 'Degraded');
      return c?.reason === 'CollectionTooLarge' && cr?.status?.observedGeneration === cr?.metadata.generation
        ? c
        : undefined;
    });
    assert.match(degraded.message, /resources\[0\]\.forEach: makes 4 objects, more than the limit of 3/);
    await new Promise((r) => setTimeout(r, 1500)); // room for a wrong write to land
    const kept = await entries();
    assert.deepEqual(names(kept), ['site-entries-a', 'site-entries-c'], 'nothing created, nothing pruned');
    assert.deepEqual(kept.find((o) => o.metadata.name === 'site-entries-c')?.data, { value: '3' });

    // the timeline's runs name the child of each action, so a collection's are grouped
    await f.history.idle();
    const runs = await f.db.reconcileRun.findMany({ where: { name: 'site' } });
    const actions = runs.flatMap((r) => JSON.parse(r.actions) as { child?: string; verb: string }[]);
    assert.equal(actions.filter((x) => x.child === 'entries' && x.verb === 'created').length, 3);
    assert.equal(actions.filter((x) => x.child === 'entries' && x.verb === 'deleted').length, 1);
  },
);
