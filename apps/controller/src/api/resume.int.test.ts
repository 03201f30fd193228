// Issue 4's resume and metrics acceptance over real HTTP: a Memcached design installed through
// the API, a CR reconciled by the embedded controller-manager (its own Lease), a browser-like SSE
// client on `timeline:<uid>` that disconnects while reconciles happen and reconnects with
// `Last-Event-ID` (what EventSource sends): it gets every missed run exactly once, nothing it
// already had, no fresh snapshot. Then /metrics agrees with the history.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CoreV1Api } from '@kubernetes/client-node';
import { parseDesign, serializeDesign } from '@opstudio/shared/design/io';
import { EventSource } from 'eventsource';
import { repoRoot } from '../config';
import type { TimelineRun } from '../history/types';
import { loadKubeConfig } from '../kube/kubeconfig';
import type { LiveEvent } from '../live/events';
import { startServer } from '../server';
import type { RunningServer } from '../server';
import { eventually, kubeconfigPath, testServerConfig, skipWithoutCluster } from '../../testing';
import { dashboardExpressions, dashboardLabelUses, promqlMetricNames } from '../../testing/promql-names';
import { createCaller } from './root';
import { LOCAL_ADMIN } from '../auth';

const suffix = randomUUID().slice(0, 8);
const ns = `resume-it-${suffix}`;
const group = `cache-${suffix}.example.com`;
const cr = { group, version: 'v1alpha1', plural: 'memcacheds', namespace: ns, name: 'memcached-sample' };

interface Received {
  readonly id: string;
  readonly event: LiveEvent;
}

/** A browser-like SSE client; `lastEventId` is sent as the Last-Event-ID header, as EventSource does on reconnect. */
function sse(url: string, token: string | undefined, topics: string[], lastEventId?: string) {
  const received: Received[] = [];
  const input = encodeURIComponent(JSON.stringify({ topics }));
  const es = new EventSource(`${url}/api/trpc/live.subscribe?input=${input}`, {
    fetch: (u, init) =>
      fetch(u, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          authorization: `Bearer ${token}`,
          ...(lastEventId !== undefined ? { 'Last-Event-ID': lastEventId } : {}),
        },
      }),
  });
  es.addEventListener('message', (m) =>
    received.push({ id: m.lastEventId, event: JSON.parse(m.data as string) as LiveEvent }),
  );
  return { received, close: () => es.close() };
}

const runsIn = (received: readonly Received[]): TimelineRun[] =>
  received.flatMap((r) =>
    r.event.type === 'run' && 'run' in r.event
      ? [r.event.run]
      : r.event.type === 'snapshot' && 'runs' in r.event
        ? [...r.event.runs]
        : [],
  );

function metric(text: string, name: string, labels: Record<string, string>): number | undefined {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inner = line.slice(name.length + 1, line.indexOf('}'));
    if (want.every((w) => inner.split(',').includes(w))) return Number(line.slice(line.indexOf('}') + 1).trim());
  }
  return undefined;
}

describe(
  'resume over SSE and /metrics after a reconcile scenario',
  { skip: skipWithoutCluster, timeout: 240_000 },
  () => {
    let server: RunningServer;
    let designId = '';
    const api = () => createCaller({ ...server.services, user: LOCAL_ADMIN });
    const core = () => loadKubeConfig(kubeconfigPath).kc.makeApiClient(CoreV1Api);

    before(async () => {
      await core().createNamespace({ body: { metadata: { name: ns } } });
      server = await startServer({
        config: testServerConfig(),
        log: () => undefined,
        // its own Lease: other test processes on the shared sandbox campaign for the default one
        services: { lease: { namespace: ns, name: 'opstudio-it' } },
      });
      const parsed = parseDesign(readFileSync(path.join(repoRoot, 'examples/memcached.design.yaml'), 'utf8'));
      assert.ok(parsed.ok);
      const design = { ...parsed.design, crd: { ...parsed.design.crd, group: `cache-${suffix}` } };
      designId = (await api().designs.save({ name: `memcached-resume-${suffix}`, yaml: serializeDesign(design) })).id;
      await api().crds.install({ designId });
    });

    after(async () => {
      if (server !== undefined) {
        // the finalizer needs the controller: delete the CR while it still runs
        await api()
          .resources.delete(cr)
          .catch(() => undefined);
        await eventually('the CR to be gone', 30_000, async () =>
          (await api()
            .resources.get(cr)
            .catch(() => 'gone')) === 'gone'
            ? true
            : undefined,
        ).catch(() => undefined);
        await api()
          .crds.uninstall({ designId, deleteResources: true })
          .catch(() => undefined);
        await server.close();
      }
      await core()
        .deleteNamespace({ name: ns })
        .catch(() => undefined);
    });

    const settled = async (size: number) => {
      const obj = await api().resources.get(cr);
      const status = obj.status as
        { conditions?: { type: string; status: string; observedGeneration?: number }[]; nodes?: string[] } | undefined;
      const available = status?.conditions?.find((c) => c.type === 'Available');
      return available?.status === 'True' &&
        available.observedGeneration === obj.metadata.generation &&
        status?.nodes?.length === size
        ? obj
        : undefined;
    };

    /** Waits until no new run has been stored for `quietMs`. */
    const quiet = async (uid: string, quietMs = 1500) => {
      let last = -1;
      let since = Date.now();
      await eventually('the history to go quiet', 60_000, async () => {
        const { runs } = await api().history.runs({ uid, limit: 1 });
        const newest = runs[0]?.id ?? 0;
        if (newest !== last) [last, since] = [newest, Date.now()];
        return Date.now() - since >= quietMs ? true : undefined;
      });
      return last;
    };

    test('a client that reconnects with its last event id receives each missed timeline run exactly once', async () => {
      const created = await api().resources.create({
        ...cr,
        body: { metadata: { name: cr.name }, spec: { size: 1, containerPort: 11211 } },
      });
      const uid = created.metadata.uid;
      await eventually('size 1 converged', 90_000, () => settled(1));
      await quiet(uid);

      const first = sse(server.url, server.launchToken, [`timeline:${uid}`]);
      const snap = await eventually('the timeline snapshot', 10_000, () =>
        first.received.find((r) => r.event.type === 'snapshot'),
      );
      const seenBefore = new Set(runsIn(first.received).map((r) => r.id));
      assert.ok(seenBefore.size > 0, 'the snapshot holds the runs so far');
      const lastEventId = first.received.at(-1)?.id ?? snap.id;
      first.close();

      // while disconnected: two edits, each reconciled (and the status updates that follow)
      await api().resources.patch({ ...cr, strategy: 'merge', patch: { spec: { size: 2 } } });
      await eventually('size 2 converged', 90_000, () => settled(2));
      await api().resources.patch({ ...cr, strategy: 'merge', patch: { spec: { size: 3 } } });
      await eventually('size 3 converged', 90_000, () => settled(3));
      const newest = await quiet(uid);
      const missed = (await api().history.runs({ uid, limit: 500 })).runs
        .filter((r) => !seenBefore.has(r.id))
        .map((r) => r.id);
      assert.ok(missed.length >= 2, `reconciles happened while away (${missed.length})`);
      assert.ok(missed.every((id) => id <= newest));

      const second = sse(server.url, server.launchToken, [`timeline:${uid}`], lastEventId);
      try {
        await eventually(`the ${missed.length} missed runs`, 15_000, () =>
          missed.every((id) => runsIn(second.received).some((r) => r.id === id)) ? true : undefined,
        );
        await new Promise((r) => setTimeout(r, 500)); // a duplicate would arrive right behind
        assert.equal(
          second.received[0]?.event.type,
          'run',
          'a resume replays runs, it does not start over with a snapshot',
        );
        const got = runsIn(second.received).map((r) => r.id);
        for (const id of missed) assert.equal(got.filter((x) => x === id).length, 1, `run ${id} exactly once`);
        assert.deepEqual(
          got.filter((id) => seenBefore.has(id)),
          [],
          'nothing the client already had',
        );
        assert.equal(new Set(second.received.map((r) => r.id)).size, second.received.length, 'event ids are unique');
        const scaled = runsIn(second.received).find((r) => r.actions.some((a) => a.summary.includes('replicas 2→3')));
        assert.ok(
          scaled?.triggers.some((t) => t.kind === 'watch' && t.eventType === 'MODIFIED'),
          'the run that scaled 2→3 names the CR edit as its trigger',
        );
      } finally {
        second.close();
      }
    });

    test('/metrics: reconcile totals cover the history and the workqueue metrics moved', async () => {
      const uid = (await api().resources.get(cr)).metadata.uid;
      const runs = (await api().history.runs({ uid, limit: 500 })).runs;
      const text = await (
        await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${server.launchToken}` } })
      ).text();
      const controller = 'memcached';
      const success = metric(text, 'controller_runtime_reconcile_total', { controller, result: 'success' }) ?? 0;
      const all = ['success', 'error', 'requeue', 'requeue_after'].reduce(
        (n, result) => n + (metric(text, 'controller_runtime_reconcile_total', { controller, result }) ?? 0),
        0,
      );
      const stored = runs.filter((r) => r.outcome === 'success').length;
      console.log(`# history: ${runs.length} runs (${stored} success); reconcile_total success=${success} all=${all}`);
      assert.ok(stored > 0);
      assert.ok(
        success >= stored,
        `controller_runtime_reconcile_total{result="success"} ${success} ≥ ${stored} successful runs in the history`,
      );
      assert.ok(all >= runs.length, `all results ${all} ≥ ${runs.length} runs`);
      const adds = metric(text, 'workqueue_adds_total', { name: controller, controller }) ?? 0;
      assert.ok(adds >= runs.length, `workqueue_adds_total ${adds} ≥ ${runs.length}`);
      assert.ok(
        (metric(text, 'workqueue_work_duration_seconds_count', { name: controller }) ?? 0) >= runs.length,
        'work durations observed',
      );
      assert.ok(
        (metric(text, 'workqueue_queue_duration_seconds_count', { name: controller }) ?? 0) >= runs.length,
        'queue durations observed',
      );
      assert.equal(metric(text, 'workqueue_depth', { name: controller }), 0, 'the queue is drained');
      assert.ok((metric(text, 'controller_runtime_reconcile_time_seconds_count', { controller }) ?? 0) >= runs.length);

      const { leader, controllers } = await api().controllers.list();
      assert.equal(leader, true, 'this server holds its Lease');
      const mine = controllers.find((c) => c.group === group);
      assert.deepEqual(
        mine && {
          designId: mine.designId,
          designVersion: mine.designVersion,
          running: mine.running,
          controller: mine.controller,
        },
        { designId, designVersion: 1, running: true, controller },
      );
    });

    test('/metrics exports every metric the Grafana dashboard (deploy/grafana) queries', async () => {
      const text = await (
        await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${server.launchToken}` } })
      ).text();
      const exported = new Set(text.split('\n').map((l) => /^([A-Za-z_:][A-Za-z0-9_:]*)[{ ]/.exec(l)?.[1]));
      const dashboard: unknown = JSON.parse(
        readFileSync(path.join(repoRoot, 'deploy/grafana/operator-studio-dashboard.json'), 'utf8'),
      );
      const queried = [...new Set(dashboardExpressions(dashboard).flatMap(promqlMetricNames))].sort();
      assert.ok(queried.length >= 15, `the dashboard queries ${queried.length} metrics`);
      assert.deepEqual(
        queried.filter((name) => !exported.has(name)),
        [],
        'queried by the dashboard, not exported',
      );
    });

    test('/metrics series carry every label the Grafana dashboard filters or groups them by', async () => {
      const text = await (
        await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${server.launchToken}` } })
      ).text();
      const labelsOf = new Map<string, Set<string>>();
      for (const [, name = '', labels = ''] of text.matchAll(/^([A-Za-z_:][A-Za-z0-9_:]*)\{([^}]*)\}/gm)) {
        const seen = labelsOf.get(name) ?? new Set<string>();
        for (const [, label = ''] of labels.matchAll(/([A-Za-z_][A-Za-z0-9_]*)="/g)) seen.add(label);
        labelsOf.set(name, seen);
      }
      const dashboard: unknown = JSON.parse(
        readFileSync(path.join(repoRoot, 'deploy/grafana/operator-studio-dashboard.json'), 'utf8'),
      );
      // job and instance are the scrape target's: Prometheus adds them, the studio does not export them
      const uses = dashboardLabelUses(dashboard).filter((u) => u.label !== 'job' && u.label !== 'instance');
      assert.ok(
        uses.some((u) => u.label === 'cluster' && u.metric === 'leader_election_master_status'),
        'the dashboard filters by cluster',
      );
      assert.deepEqual(
        uses.filter((u) => labelsOf.get(u.metric)?.has(u.label) !== true).map((u) => `${u.metric} ${u.label}`),
        [],
        'filtered or grouped by, but not on the exported series',
      );
    });
  },
);
