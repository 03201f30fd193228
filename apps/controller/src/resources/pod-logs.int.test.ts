// podLogs.* against the sandbox (kwok serves the logs, packages/sandbox/src/pod-logs.ts), in
// multi-user mode: a viewer whose Role allows `pods/log` in one namespace reads, follows and
// downloads there, is refused in another, and a pod deleted meanwhile says so.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { CoreV1Api } from '@kubernetes/client-node';
import { TRPCError } from '@trpc/server';
import { comparableTime } from '@opstudio/shared/pod-logs/lines';
import { createCaller } from '../api/root';
import { loadAuthConfig } from '../auth/config';
import type { StudioUser } from '../auth/roles';
import { loadKubeConfig } from '../kube/kubeconfig';
import { startServices, type RunningServices } from '../services';
import { eventually, kubeconfigPath, migratedTempDb, skipWithoutCluster } from '../../testing';
import { grantRole } from '../../testing/rbac';

const id = randomUUID().slice(0, 8);
const nsA = `logs-a-${id}`;
const nsB = `logs-b-${id}`;
const viewer: StudioUser = { id: `v-${id}`, name: `logs-${id}`, role: 'viewer' };
const rejects = (code: string, pattern: RegExp) => (e: unknown) => {
  assert.ok(e instanceof TRPCError, String(e));
  assert.equal(e.code, code);
  assert.match(e.message, pattern);
  return true;
};

describe('pod logs as the user, against the sandbox', { skip: skipWithoutCluster, timeout: 120_000 }, () => {
  let running: RunningServices;
  const conn = () => loadKubeConfig(kubeconfigPath);
  const core = () => conn().kc.makeApiClient(CoreV1Api);
  const api = (signal?: AbortSignal) => createCaller({ ...running.services, user: viewer }, { signal }).podLogs;
  const mc = (namespace: string) => ({ namespace, pod: 'mc', container: 'memcached', previous: false });

  before(async () => {
    for (const namespace of [nsA, nsB]) {
      await core().createNamespace({ body: { metadata: { name: namespace } } });
      await core().createNamespacedPod({
        namespace,
        body: {
          metadata: { name: 'mc' },
          spec: {
            initContainers: [{ name: 'setup', image: 'busybox' }],
            containers: [{ name: 'memcached', image: 'memcached:1.6' }],
          },
        },
      });
    }
    const rules = [{ apiGroups: [''], resources: ['pods', 'pods/log'], verbs: ['get', 'list'] }];
    await grantRole(conn().kc, {
      namespace: nsA,
      role: 'log-reader',
      rules,
      subject: { kind: 'User', name: `opstudio:${viewer.name}` },
    });
    running = await startServices(conn(), migratedTempDb(), {
      auth: loadAuthConfig({ OPSTUDIO_AUTH: 'on' }),
      lease: { namespace: nsA, name: 'opstudio-logs-it' },
    });
    await eventually('the pod to be Running', 30_000, async () => {
      const pod = await core().readNamespacedPod({ namespace: nsA, name: 'mc' });
      return pod.status?.phase === 'Running' ? true : undefined;
    });
  });

  after(async () => {
    await running?.stop();
    for (const name of [nsA, nsB])
      await core()
        .deleteNamespace({ name })
        .catch(() => undefined);
  });

  test('the containers to pick from, init containers apart', async () => {
    const c = await api().containers({ namespace: nsA, pod: 'mc' });
    assert.deepEqual(c, { phase: 'Running', containers: ['memcached'], initContainers: ['setup'] });
  });

  test('the last lines of each container, and the previous run', async () => {
    const { text, truncated } = await api().read({ ...mc(nsA), start: { tailLines: 5 } });
    assert.equal(truncated, false);
    const lines = text.trimEnd().split('\n');
    assert.equal(lines.length, 5);
    assert.ok(
      lines.some((l) => /^[<>]\d+ |^\d+: Client/.test(l)),
      text,
    );
    const init = await api().read({ ...mc(nsA), container: 'setup', start: { all: true } });
    assert.match(init.text, /started/);
    const prev = await api().read({ ...mc(nsA), previous: true, start: { all: true } });
    assert.match(prev.text, /previous run/);
  });

  /** Follows until `enough` lines came; returns them with the last event id. */
  async function follow(enough: number, lastEventId?: string) {
    const ac = new AbortController();
    const stream = await api(ac.signal).follow({ ...mc(nsA), start: { tailLines: 2 }, lastEventId });
    const lines: string[] = [];
    let id = '';
    for await (const value of stream) {
      const [eventId, batch] = value as unknown as [string, string[]];
      lines.push(...batch);
      id = eventId;
      if (lines.length >= enough) break;
    }
    ac.abort();
    return { lines, id };
  }

  test('follow: the start lines at once, then new ones as they are written; a reconnect resumes after the last', async () => {
    const t0 = Date.now();
    const first = await follow(7); // 2 + at least one round trip (5 lines every 2 s)
    assert.ok(first.lines.length >= 7);
    assert.ok(
      first.lines.every((l) => !/^\d{4}-\d\d-\d\dT/.test(l)),
      'no timestamps shown',
    );
    assert.match(first.id, /^\d{4}-\d\d-\d\dT[\d:.]+Z$/);
    console.log(`follow: ${first.lines.length} lines after ${Date.now() - t0} ms`);
    // resuming: what comes is newer than the last line seen (the writer's next round trip)
    const resumed = await follow(5, first.id);
    assert.ok(comparableTime(resumed.id) > comparableTime(first.id), `${resumed.id} after ${first.id}`);
  });

  test('RBAC decides: no pods/log in the other namespace', async () => {
    await assert.rejects(api().read({ ...mc(nsB), start: { tailLines: 5 } }), rejects('FORBIDDEN', /pods\/log/));
    await assert.rejects(api().containers({ namespace: nsB, pod: 'mc' }), rejects('FORBIDDEN', /pods/));
  });

  test('a pod deleted meanwhile, and a container that does not exist, say so', async () => {
    await assert.rejects(
      api().read({ ...mc(nsA), container: 'nope', start: { tailLines: 5 } }),
      rejects('BAD_REQUEST', /nope/),
    );
    await core().deleteNamespacedPod({ namespace: nsA, name: 'mc', gracePeriodSeconds: 0 });
    await eventually('the pod to be gone', 15_000, async () => {
      const err = await api()
        .read({ ...mc(nsA), start: { tailLines: 5 } })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      return err instanceof TRPCError && err.code === 'NOT_FOUND' ? err : undefined;
    }).then((err) => assert.match(err.message, /no longer exists/));
  });
});
