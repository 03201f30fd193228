// External references and the design's own conditions, reconciled by the embedded controller on
// the real sandbox (docs/design/0040):
//   - the replicated store's BackupScheduled: True with a Normal Event while spec.backup is set
//     (its lastTransitionTime kept, observedGeneration moving, when an unrelated edit keeps it True),
//     False with a Warning Event once backup is removed (and the CronJob pruned);
//   - the app config's external ConfigMap by name: missing → its reader blocked, Ready naming it;
//     created → the child appears; changed → the child follows (the watch re-reconciles, no resync);
//     and its selector: a fragment labelled in adds to the list, one whose label goes drops out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, skipWithoutCluster } from '../../testing';
import { DesignFixture, exampleDesign } from '../../testing/design-fixture';
import { cond, type Obj } from '../../testing/graph-sides';

const CONFIGMAPS = '/api/v1/configmaps';
const CRONJOBS = '/apis/batch/v1/cronjobs';

interface EventItem {
  type?: string;
  reason?: string;
  note?: string;
  regarding?: { name?: string };
}

async function setUp(prefix: string, t: { after: (fn: () => Promise<void>) => void }) {
  const f = await DesignFixture.open(prefix, t);
  // a resync far away: every re-reconcile below comes from a watch
  return { f, start: () => f.startManager(`${prefix}-lease`) };
}

const eventsOf = async (f: DesignFixture, name: string): Promise<EventItem[]> =>
  (
    await f.kube.request<{ items: EventItem[] }>({
      method: 'GET',
      path: `/apis/events.k8s.io/v1/namespaces/${f.ns}/events`,
    })
  ).items.filter((e) => e.regarding?.name === name);

test(
  'replicated store: BackupScheduled True, kept through an edit, False when backup goes, with Events',
  { skip: skipWithoutCluster, timeout: 300_000 },
  async (t) => {
    const { f, start } = await setUp('cond-it', t);
    const store = await f.install(exampleDesign('replicated-store.design.yaml', f.suffix));
    start();
    const name = 'db';
    await f.create(store, name, { replicas: 3, backup: { schedule: '0 3 * * *' } });
    const scheduled = await eventually('BackupScheduled True', 90_000, async () => {
      const o = await f.get<Obj>(store, name);
      return cond(o, 'BackupScheduled')?.status === 'True' ? o : undefined;
    });
    const first = cond(scheduled, 'BackupScheduled')!;
    assert.equal(first.reason, 'CronJobScheduled');
    assert.equal(first.message, `snapshots are taken on 0 3 * * * by CronJob ${name}-backup`);
    assert.equal(first.observedGeneration, scheduled.metadata.generation);
    const cronJob = await f.object<Obj>(CRONJOBS, `${name}-backup`);
    assert.equal(cronJob?.spec?.schedule, '0 3 * * *');
    const peers = await f.object<Obj>(CONFIGMAPS, `${name}-peers`);
    assert.equal(
      peers?.data?.peers,
      [0, 1, 2].map((i) => `${name}-${i}=http://${name}-${i}.${name}-peer:2380`).join(','),
    );
    await eventually('a Normal Event for BackupScheduled=True', 30_000, async () =>
      (await eventsOf(f, name)).some(
        (e) =>
          e.type === 'Normal' &&
          e.reason === 'CronJobScheduled' &&
          e.note === `BackupScheduled is True: ${first.message}`,
      )
        ? true
        : undefined,
    );

    // an edit that keeps it True: observedGeneration follows, lastTransitionTime stays
    await new Promise((r) => setTimeout(r, 1100)); // a transition now would get a later second
    await f.patchSpec(store, name, { replicas: 5 });
    const kept = await eventually('BackupScheduled observes the new generation', 60_000, async () => {
      const o = await f.get<Obj>(store, name);
      const c = cond(o, 'BackupScheduled');
      return o !== undefined && c?.observedGeneration === o.metadata.generation && o.metadata.generation! > 1
        ? o
        : undefined;
    });
    assert.equal(cond(kept, 'BackupScheduled')?.status, 'True');
    assert.equal(cond(kept, 'BackupScheduled')?.lastTransitionTime, first.lastTransitionTime);
    assert.equal(
      (await f.object<Obj>(CONFIGMAPS, `${name}-peers`))?.data?.peers?.split(',').length,
      5,
      'the peer list follows replicas',
    );

    // backup removed: False, a Warning Event, the CronJob pruned
    await f.patchSpec(store, name, { backup: null });
    const off = await eventually('BackupScheduled False', 60_000, async () => {
      const o = await f.get<Obj>(store, name);
      return cond(o, 'BackupScheduled')?.status === 'False' ? o : undefined;
    });
    const last = cond(off, 'BackupScheduled')!;
    assert.equal(last.reason, 'NoBackup');
    assert.equal(last.message, 'spec.backup is not set: no snapshots are taken');
    assert.notEqual(last.lastTransitionTime, first.lastTransitionTime);
    await eventually('the CronJob pruned', 60_000, async () =>
      (await f.object<Obj>(CRONJOBS, `${name}-backup`)) === undefined ? true : undefined,
    );
    await eventually('a Warning Event for BackupScheduled=False', 30_000, async () =>
      (await eventsOf(f, name)).some(
        (e) =>
          e.type === 'Warning' && e.reason === 'NoBackup' && e.note === `BackupScheduled is False: ${last.message}`,
      )
        ? true
        : undefined,
    );
    const normal = (await eventsOf(f, name)).filter((e) => e.reason === 'CronJobScheduled');
    assert.equal(normal.length, 1, 'one Event for the True transition, none for the edit that kept it');
  },
);

test(
  'app config: an external ConfigMap by name blocks its reader until it exists, then the child follows it; a selector follows its labels',
  { skip: skipWithoutCluster, timeout: 300_000 },
  async (t) => {
    const { f, start } = await setUp('ext-it', t);
    const app = await f.install(exampleDesign('app-config.design.yaml', f.suffix));
    start();
    const name = 'shop';
    const cmPath = (n = '') => `/api/v1/namespaces/${f.ns}/configmaps${n === '' ? '' : `/${n}`}`;
    await f.create(app, name, { app: 'shop' });

    // missing: the reader waits, Ready names the object
    const waiting = await eventually('Ready=False WaitingForExternal', 60_000, async () => {
      const o = await f.get<Obj>(app, name);
      return cond(o, 'Ready')?.reason === 'WaitingForExternal' ? o : undefined;
    });
    assert.equal(
      cond(waiting, 'Ready')?.message,
      `0 of 1 resource ready: waiting for config; ConfigMap ${f.ns}/app-defaults does not exist`,
    );
    assert.equal(cond(waiting, 'FragmentsFound')?.status, 'False');
    assert.equal(await f.object<Obj>(CONFIGMAPS, `${name}-config`), undefined, 'nothing created while it waits');

    // created: the child appears with its data
    await f.kube.request({
      method: 'POST',
      path: cmPath(),
      body: { metadata: { name: 'app-defaults' }, data: { LOG_LEVEL: 'debug', REGION: 'eu' } },
    });
    const config = await eventually('the config child', 60_000, () => f.object<Obj>(CONFIGMAPS, `${name}-config`));
    assert.deepEqual(config.data, { APP: 'shop', LOG_LEVEL: 'debug', REGION: 'eu', FRAGMENTS: '' });
    await eventually('Ready', 60_000, async () =>
      cond(await f.get<Obj>(app, name), 'Ready')?.status === 'True' ? true : undefined,
    );

    // changed: the child follows, from the watch on the external object
    await f.kube.request({
      method: 'PATCH',
      path: cmPath('app-defaults'),
      body: { data: { LOG_LEVEL: 'warn' } },
      contentType: 'application/merge-patch+json',
    });
    await eventually('LOG_LEVEL follows the defaults', 30_000, async () =>
      (await f.object<Obj>(CONFIGMAPS, `${name}-config`))?.data?.LOG_LEVEL === 'warn' ? true : undefined,
    );
    // never written: the external object carries none of our labels or owners
    const defaults = await f.object<Obj>(CONFIGMAPS, 'app-defaults');
    assert.equal(defaults?.metadata.ownerReferences, undefined);
    assert.equal(defaults?.metadata.labels, undefined);

    // the selector: a fragment labelled for the app joins the list; its label removed, it leaves
    const labels = {
      'config.example.com/app': 'shop',
      'config.example.com/stage': 'all',
      'config.example.com/fragment': 'true',
    };
    await f.kube.request({ method: 'POST', path: cmPath(), body: { metadata: { name: 'frag-a', labels } } });
    const found = await eventually('FragmentsFound True with status.fragments 1', 30_000, async () => {
      const o = await f.get<Obj>(app, name);
      return cond(o, 'FragmentsFound')?.status === 'True' && o?.status?.fragments === 1 ? o : undefined;
    });
    assert.equal(cond(found, 'FragmentsFound')?.reason, 'ExpressionTrue');
    assert.equal((await f.object<Obj>(CONFIGMAPS, `${name}-config`))?.data?.FRAGMENTS, 'frag-a');
    await f.kube.request({
      method: 'PATCH',
      path: cmPath('frag-a'),
      body: { metadata: { labels: { 'config.example.com/paused': 'yes' } } },
      contentType: 'application/merge-patch+json',
    });
    await eventually('the paused fragment leaves the list', 30_000, async () => {
      const o = await f.get<Obj>(app, name);
      return cond(o, 'FragmentsFound')?.status === 'False' && o?.status?.fragments === 0 ? true : undefined;
    });

    // deleted: the reader waits again, named (its existing child stays as it was)
    await f.kube.request({ method: 'DELETE', path: cmPath('app-defaults') });
    await eventually('Ready=False WaitingForExternal again', 30_000, async () =>
      cond(await f.get<Obj>(app, name), 'Ready')?.reason === 'WaitingForExternal' ? true : undefined,
    );
  },
);
