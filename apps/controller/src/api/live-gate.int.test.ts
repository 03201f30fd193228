// Issue 12's "a live topic for a kind starts an informer only for kinds the user may list and
// only for custom resources", against the sandbox in multi-user mode: a topic naming a built-in
// resource is refused for everyone and starts no watch; for a user whose RBAC lets it list the
// kind nowhere the topic is withheld (an empty snapshot, no watch started) while the rest of the
// page's subscription goes on; a user allowed in namespace A only subscribes and sees A's objects.
// A CR page's `object:` topic is judged by `get` on that one object: refused, it carries the
// message resources.get answers with (docs/design/0050).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { CoreV1Api, CustomObjectsApi } from '@kubernetes/client-node';
import { TRPCError } from '@trpc/server';
import { loadAuthConfig } from '../auth/config';
import type { StudioUser } from '../auth/roles';
import { loadKubeConfig } from '../kube/kubeconfig';
import { objectTopic, type Topic } from '@opstudio/shared/live/topics';
import { createCaller } from './root';
import { deleteCrd, installCrd, kindWatchCount, listen, widgetCrd } from '../../testing/resources';
import { grantRole } from '../../testing/rbac';
import { startServices, type RunningServices } from '../services';
import { eventually, kubeconfigPath, migratedTempDb, skipWithoutCluster } from '../../testing';

const id = randomUUID().slice(0, 8);
const group = `gate-${id}.opstudio.dev`;
const nsA = `gate-a-${id}`;
const nsB = `gate-b-${id}`;
const kindTopic = `resources:${group}/v1/widgets`;
const reader: StudioUser = { id: `r-${id}`, name: `rd-${id}`, role: 'viewer' };
const stranger: StudioUser = { id: `s-${id}`, name: `st-${id}`, role: 'viewer' };

const refused = (code: 'BAD_REQUEST', pattern: RegExp) => (e: unknown) => {
  assert.ok(e instanceof TRPCError, String(e));
  assert.equal(e.code, code, e.message);
  assert.match(e.message, pattern);
  return true;
};
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

describe(
  'live topics start watches only for custom resources the user may list (multi-user mode)',
  { skip: skipWithoutCluster, timeout: 120_000 },
  () => {
    let running: RunningServices;
    let uidA = '';
    const conn = () => loadKubeConfig(kubeconfigPath);

    before(async () => {
      const { kc } = conn();
      const core = kc.makeApiClient(CoreV1Api);
      for (const ns of [nsA, nsB]) await core.createNamespace({ body: { metadata: { name: ns } } });
      await installCrd(kc, widgetCrd(group));
      running = await startServices(conn(), migratedTempDb(), {
        auth: loadAuthConfig({ OPSTUDIO_AUTH: 'on' }),
        lease: { namespace: nsA, name: 'opstudio-gate-it' },
        watchLingerMs: 300,
      });
      // the reader may list Widgets (and Pods) in namespace A only; the stranger has no binding at all
      await grantRole(kc, {
        namespace: nsA,
        role: 'widget-reader',
        rules: [
          { apiGroups: [group], resources: ['widgets'], verbs: ['get', 'list', 'watch'] },
          { apiGroups: [''], resources: ['pods'], verbs: ['list'] },
        ],
        subject: { kind: 'User', name: `opstudio:${reader.name}` },
      });
      const objects = kc.makeApiClient(CustomObjectsApi);
      const widget = (name: string) => ({
        apiVersion: `${group}/v1`,
        kind: 'Widget',
        metadata: { name },
        spec: { size: 1 },
      });
      uidA = (
        (await objects.createNamespacedCustomObject({
          group,
          version: 'v1',
          namespace: nsA,
          plural: 'widgets',
          body: widget('in-a'),
        })) as { metadata: { uid: string } }
      ).metadata.uid;
      await objects.createNamespacedCustomObject({
        group,
        version: 'v1',
        namespace: nsB,
        plural: 'widgets',
        body: widget('in-b'),
      });
    });

    after(async () => {
      await running?.stop();
      const { kc } = conn();
      await deleteCrd(kc, `widgets.${group}`);
      for (const ns of [nsA, nsB])
        await kc
          .makeApiClient(CoreV1Api)
          .deleteNamespace({ name: ns })
          .catch(() => undefined);
    });

    test('a topic naming a built-in resource is refused for everyone, and no informer starts for it', async () => {
      assert.equal(await kindWatchCount(), 0, 'no kind is watched yet');
      for (const topic of [
        'resources:rbac.authorization.k8s.io/v1/roles',
        'resources:apps/v1/deployments',
        `resources:nothing.${group}/v1/things`,
      ]) {
        const [plural, g] = [topic.split('/')[2] ?? '', topic.slice('resources:'.length).split('/')[0] ?? ''];
        const why = new RegExp(
          `topic ${escape(topic)} is refused: no CustomResourceDefinition serves ${escape(`${plural}.${g}`)}/v1; live tables show custom resources only`,
        );
        // the machine's owner (the studio's own identity) and a signed-in user alike
        await assert.rejects(listen(running.services, [topic]), refused('BAD_REQUEST', why));
        await assert.rejects(
          listen(running.services, ['cluster', kindTopic, topic], undefined, reader),
          refused('BAD_REQUEST', why),
        );
        assert.equal(running.services.snapshots.subscribers(topic as Topic), 0, `nobody acquired ${topic}`);
      }
      // the core group cannot even be named: Secrets are no topic at all
      await assert.rejects(
        listen(running.services, ['resources:/v1/secrets']),
        refused('BAD_REQUEST', /unknown topic/),
      );
      assert.equal(await kindWatchCount(), 0, 'no informer was started');
      assert.equal(
        running.services.snapshots.subscribers(kindTopic as Topic),
        0,
        'a refused subscription acquires none of its topics',
      );
    });

    test('for a user who may list the kind in no namespace the topic is withheld: an empty snapshot, no informer, the rest of the stream goes on', async () => {
      const topics = [kindTopic, `${kindTopic}/${nsA}`, `owned:${uidA}`, 'cluster'];
      const live = await listen(running.services, topics, undefined, stranger);
      try {
        for (const topic of topics.slice(0, 2)) {
          const snapshot = await eventually(`the snapshot of ${topic}`, 10_000, () =>
            live.events.find((e) => e.event.topic === topic && e.event.type === 'snapshot'),
          );
          assert.deepEqual('items' in snapshot.event ? snapshot.event.items : undefined, [], topic);
        }
        const owned = await eventually('the owned snapshot', 10_000, () =>
          live.events.find((e) => e.event.topic === `owned:${uidA}`),
        );
        assert.ok('pods' in owned.event && owned.event.pods.length === 0 && owned.event.workloads.length === 0);
        await eventually('the cluster header', 10_000, () => live.events.find((e) => e.event.topic === 'cluster'));
        assert.equal(await kindWatchCount(), 0, 'no informer was started');
        assert.equal(running.services.snapshots.subscribers(`owned:${uidA}`), 0);
        assert.equal(running.services.snapshots.subscribers(kindTopic as Topic), 0);
      } finally {
        await live.close();
      }
    });

    test("an object topic: the object for a user who may get it; for one who may not, resources.get's refusal and no object", async () => {
      const inA = objectTopic({ group, version: 'v1', plural: 'widgets', namespace: nsA, name: 'in-a' });
      const inB = objectTopic({ group, version: 'v1', plural: 'widgets', namespace: nsB, name: 'in-b' });
      const objectOf = async (user: StudioUser, topic: string) => {
        const live = await listen(running.services, [topic, 'cluster'], undefined, user);
        try {
          const e = await eventually(`the snapshot of ${topic}`, 10_000, () =>
            live.events.find((x) => x.event.topic === topic && x.event.type === 'snapshot'),
          );
          return e.event as Extract<typeof e.event, { topic: `object:${string}` }>;
        } finally {
          await live.close();
        }
      };
      const allowed = await objectOf(reader, inA);
      assert.equal(allowed.object?.metadata.uid, uidA);
      assert.equal(allowed.refused, undefined);
      for (const [user, topic, namespace, name] of [
        [reader, inB, nsB, 'in-b'],
        [stranger, inA, nsA, 'in-a'],
      ] as const) {
        const refused = await objectOf(user, topic);
        assert.equal(refused.object, null, `${user.name} sees no object`);
        const get = createCaller({ ...running.services, user }).resources.get({
          group,
          version: 'v1',
          plural: 'widgets',
          namespace,
          name,
        });
        await assert.rejects(get, (e: unknown) => {
          assert.ok(e instanceof TRPCError && e.code === 'FORBIDDEN', String(e));
          assert.equal(refused.refused, e.message, 'the same words as resources.get');
          return true;
        });
      }
      // a namespaced kind's object topic without a namespace is refused before anything starts
      await assert.rejects(
        listen(running.services, [objectTopic({ group, version: 'v1', plural: 'widgets', name: 'in-a' })]),
        refused('BAD_REQUEST', /Widget is namespaced: name its namespace/),
      );
    });

    test('a user allowed in namespace A only subscribes and sees only A', async () => {
      const live = await listen(running.services, [kindTopic, `owned:${uidA}`], undefined, reader);
      try {
        const snapshot = await eventually('the snapshot', 10_000, () =>
          live.events.find((e) => e.event.topic === kindTopic && e.event.type === 'snapshot'),
        );
        assert.ok('items' in snapshot.event);
        assert.deepEqual(
          (snapshot.event.items as readonly { namespace: string | null; name: string }[]).map(
            (r) => `${r.namespace}/${r.name}`,
          ),
          [`${nsA}/in-a`],
        );
        assert.equal(await kindWatchCount(), 1, "the kind's informer runs for the reader");
      } finally {
        await live.close();
      }
    });
  },
);
