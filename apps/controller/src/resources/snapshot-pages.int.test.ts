// A kind with more CRs than a screen shows: its live snapshot comes in pages, the first one a
// screenful in table order (namespace, then name) with the total, the rest in order after it, and
// together every row once. Cold (no informer yet), the first screenful comes from a LIST with a
// limit (resources/first-page.ts) and the whole list follows on the bus once the informer synced. The same pages are published on the bus when a subscriber comes back
// to a topic whose watch had stopped (resources/kind-watches.ts, "Continuity"), so a resumed
// stream replays them in order. docs/design/0021.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { CustomObjectsApi } from '@kubernetes/client-node';
import { SNAPSHOT_PAGES } from '@opstudio/shared/live/snapshot-pages';
import type { FamilyTopic } from '@opstudio/shared/live/topics';
import { loadKubeConfig } from '../kube/kubeconfig';
import type { LiveEvent } from '../live/events';
import { startServices } from '../services';
import type { RunningServices } from '../services';
import { eventually, kubeconfigPath, migratedTempDb, skipWithoutCluster } from '../../testing';
import { installWidgets, kindWatchCount, listen, removeWidgets } from '../../testing/resources';

const suffix = randomUUID().slice(0, 8);
const group = `pages-${suffix}.opstudio.dev`;
const ns = `pages-it-${suffix}`;
const COUNT = SNAPSHOT_PAGES.first + SNAPSHOT_PAGES.rest + 30; // a first page, a full page, a short last page
const names = Array.from({ length: COUNT }, (_, i) => `w-${String(i).padStart(4, '0')}`);
const topic = `resources:${group}/v1/widgets/${ns}`;

type RowEvent = Extract<LiveEvent, { topic: FamilyTopic<'resources'>; type: 'snapshot' | 'page' }>;
const pagesOf = (events: readonly { event: LiveEvent }[]): RowEvent[] =>
  events
    .map((e) => e.event)
    .filter((e): e is RowEvent => e.topic === topic && (e.type === 'snapshot' || e.type === 'page'));

/** The pages from the last snapshot on: shape and names. */
function lastSnapshot(events: readonly { event: LiveEvent }[]) {
  const pages = pagesOf(events);
  const from = pages.map((p) => p.type).lastIndexOf('snapshot');
  return pages.slice(from);
}

describe('a long kind list arrives in pages', { skip: skipWithoutCluster, timeout: 180_000 }, () => {
  let running: RunningServices;
  const conn = () => loadKubeConfig(kubeconfigPath);

  before(async () => {
    const { kc } = conn();
    await installWidgets(kc, group, ns);
    const api = kc.makeApiClient(CustomObjectsApi);
    // in reverse, so the API's creation order is not the table's
    for (let i = COUNT - 1; i >= 0; i -= 20) {
      await Promise.all(
        names.slice(Math.max(0, i - 19), i + 1).map((name) =>
          api.createNamespacedCustomObject({
            group,
            version: 'v1',
            namespace: ns,
            plural: 'widgets',
            body: { apiVersion: `${group}/v1`, kind: 'Widget', metadata: { name }, spec: { size: 1 } },
          }),
        ),
      );
    }
    running = await startServices(conn(), migratedTempDb(), {
      lease: { namespace: ns, name: 'opstudio-pages-it' },
      watchLingerMs: 300,
    });
  });

  after(async () => {
    await running?.stop();
    await removeWidgets(conn().kc, group, ns);
  });

  const expectPages = (pages: readonly RowEvent[]) => {
    assert.deepEqual(
      pages.map((p) => [p.type, p.items.length, p.more?.total]),
      [
        ['snapshot', SNAPSHOT_PAGES.first, COUNT],
        ['page', SNAPSHOT_PAGES.rest, COUNT],
        ['page', 30, undefined],
      ],
    );
    assert.deepEqual(
      pages.flatMap((p) => p.items.map((r) => r.name)),
      names,
      'every row once, in table order: the first page is the top of the table',
    );
  };

  test('cold: a screenful from the API server at once, then the whole list in pages once the informer has synced', async () => {
    const live = await listen(running.services, [topic]);
    try {
      const pages = await eventually('the whole list', 30_000, () => {
        const got = lastSnapshot(live.events);
        return pagesOf(live.events).length > 3 && got.length === 3 ? got : undefined;
      });
      const [first] = pagesOf(live.events);
      assert.equal(first?.type, 'snapshot');
      assert.deepEqual(
        first?.items.map((r) => r.name),
        names.slice(0, SNAPSHOT_PAGES.first),
        'the first page is the top of the table',
      );
      assert.equal(first?.more?.total, COUNT, 'with the total, from the API server');
      expectPages(pages);
    } finally {
      await live.close();
    }
  });

  test('warm: the pages come from the cache, and only the last one has an id to resume from', async () => {
    const live = await listen(running.services, [topic]);
    try {
      const pages = await eventually('the last page', 30_000, () => {
        const got = pagesOf(live.events);
        return got.at(-1)?.more === undefined && got.length > 1 ? got : undefined;
      });
      expectPages(pages);
      const ids = live.events.filter((e) => e.event.topic === topic).map((e) => e.id);
      assert.ok(
        ids.slice(0, -1).every((id) => /-s\d+$/.test(id)),
        `only the last page's id is one to resume from: ${ids.join(' ')}`,
      );
    } finally {
      await live.close();
    }
  });

  test('coming back after the watch stopped: the pages are published on the bus and replayed in order', async () => {
    const first = await listen(running.services, [topic]);
    const lastId = await eventually('the snapshot', 30_000, () => {
      const got = first.events.filter((e) => e.event.topic === topic);
      return got.at(-1)?.event.type === 'page' && pagesOf(got).at(-1)?.more === undefined ? got.at(-1)?.id : undefined;
    });
    await first.close();
    await eventually('the informer to stop', 10_000, async () => ((await kindWatchCount()) === 0 ? true : undefined));
    const resumed = await listen(running.services, [topic], lastId);
    try {
      const pages = await eventually('the pages again', 30_000, () => {
        const got = lastSnapshot(resumed.events);
        return got.length === 3 ? got : undefined;
      });
      expectPages(pages);
    } finally {
      await resumed.close();
    }
  });
});
