// Issue 7's acceptance "Kubernetes RBAC stays the authority", in multi-user mode against the
// sandbox with a real Role and RoleBinding: an editor whose RBAC lets it work with Memcached in
// namespace A only cannot create one in B through the studio (nothing is created there), can in
// A, and does not see B's Memcacheds in resources.list/get or on the live topics (nor what they
// own, nor their reconcile history). The audit log records the create and the refusal with the
// user; access.can agrees beforehand.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CoreV1Api, CustomObjectsApi } from '@kubernetes/client-node';
import { TRPCError } from '@trpc/server';
import { createCaller } from '../api/root';
import { LOCAL_ADMIN } from './roles';
import { repoRoot } from '../config';
import { loadKubeConfig } from '../kube/kubeconfig';
import type { LiveEvent } from '../live/events';
import { listen } from '../../testing/resources';
import { grantRole } from '../../testing/rbac';
import { startServices, type RunningServices } from '../services';
import { eventually, kubeconfigPath, migratedTempDb, skipWithoutCluster } from '../../testing';
import { loadAuthConfig } from './config';
import type { StudioUser } from './roles';

const id = randomUUID().slice(0, 8);
const group = `cache.rbac${id}.example.com`;
const version = 'v1alpha1';
const plural = 'memcacheds';
const nsA = `rbac-a-${id}`;
const nsB = `rbac-b-${id}`;
const design = readFileSync(path.join(repoRoot, 'examples/memcached.design.yaml'), 'utf8').replace(
  'domain: example.com',
  `domain: rbac${id}.example.com`,
);
const editor: StudioUser = { id: `u-${id}`, name: `ed-${id}`, role: 'editor' };
const viewer: StudioUser = { id: `v-${id}`, name: `vi-${id}`, role: 'viewer' };
const memcached = (name: string) => ({
  apiVersion: `${group}/${version}`,
  kind: 'Memcached',
  metadata: { name },
  spec: { size: 1 },
});

const isForbidden = (pattern: RegExp) => (e: unknown) => {
  assert.ok(e instanceof TRPCError, String(e));
  assert.equal(e.code, 'FORBIDDEN');
  assert.match(e.message, pattern);
  return true;
};

describe(
  'Kubernetes RBAC decides through the studio (multi-user mode)',
  { skip: skipWithoutCluster, timeout: 120_000 },
  () => {
    let running: RunningServices;
    let designId = '';
    let uidA = '';
    let uidB = '';
    const conn = () => loadKubeConfig(kubeconfigPath);
    const admin = () => conn().kc.makeApiClient(CustomObjectsApi);
    const namesIn = async (namespace: string) =>
      (
        (await admin().listNamespacedCustomObject({ group, version, namespace, plural })) as {
          items: { metadata: { name: string } }[];
        }
      ).items
        .map((o) => o.metadata.name)
        .sort();

    before(async () => {
      const core = conn().kc.makeApiClient(CoreV1Api);
      for (const ns of [nsA, nsB]) await core.createNamespace({ body: { metadata: { name: ns } } });
      running = await startServices(conn(), migratedTempDb(), {
        auth: loadAuthConfig({ OPSTUDIO_AUTH: 'on' }),
        lease: { namespace: nsA, name: 'opstudio-rbac-it' },
      });
      // the machine's owner (in-process caller) installs the kind with the studio's own identity
      const local = createCaller({ ...running.services, user: LOCAL_ADMIN });
      designId = (await local.designs.save({ name: `memcached-rbac-${id}`, yaml: design })).id;
      await local.crds.install({ designId });
      // the editor's RBAC: Memcacheds in namespace A only, bound to its own Kubernetes user
      await grantRole(conn().kc, {
        namespace: nsA,
        role: 'memcached-editor',
        binding: 'editor-edits',
        rules: [
          { apiGroups: [group], resources: [plural], verbs: ['get', 'list', 'watch', 'create', 'patch', 'delete'] },
          { apiGroups: ['apps'], resources: ['deployments'], verbs: ['get', 'list'] },
          { apiGroups: [''], resources: ['pods', 'events'], verbs: ['get', 'list'] },
        ],
        subject: { kind: 'User', name: `opstudio:${editor.name}` },
      });
      uidA = (
        (await admin().createNamespacedCustomObject({
          group,
          version,
          namespace: nsA,
          plural,
          body: memcached('in-a'),
        })) as { metadata: { uid: string } }
      ).metadata.uid;
      uidB = (
        (await admin().createNamespacedCustomObject({
          group,
          version,
          namespace: nsB,
          plural,
          body: memcached('in-b'),
        })) as { metadata: { uid: string } }
      ).metadata.uid;
    });

    after(async () => {
      await createCaller({ ...running.services, user: LOCAL_ADMIN })
        .crds.uninstall({ designId, deleteResources: true })
        .catch(() => undefined);
      await running?.stop();
      const core = conn().kc.makeApiClient(CoreV1Api);
      for (const ns of [nsA, nsB]) await core.deleteNamespace({ name: ns }).catch(() => undefined);
    });

    test('the UI can ask first: access.can answers from the role and the RBAC', async () => {
      const asEditor = createCaller({ ...running.services, user: editor });
      const q = { verb: 'create', group, resource: plural } as const;
      assert.deepEqual(await asEditor.access.can({ ...q, namespace: nsA }), { allowed: true, denied: null });
      assert.deepEqual(await asEditor.access.can({ ...q, namespace: nsB }), { allowed: false, denied: 'rbac' });
      assert.deepEqual(
        await asEditor.access.check({
          checks: [
            { ...q, verb: 'list' },
            { ...q, verb: 'delete', namespace: nsA, name: 'in-a' },
          ],
        }),
        [
          { allowed: false, denied: 'rbac' },
          { allowed: true, denied: null },
        ],
      );
      assert.deepEqual(await createCaller({ ...running.services, user: viewer }).access.can({ ...q, namespace: nsA }), {
        allowed: false,
        denied: 'role',
      });
      assert.deepEqual(
        await asEditor.access.can({
          verb: 'create',
          group: 'apiextensions.k8s.io',
          resource: 'customresourcedefinitions',
        }),
        { allowed: false, denied: 'role' },
      );
      // the machine's owner (in-process, the studio's own identity) is answered by a SelfSubjectAccessReview
      assert.deepEqual(
        await createCaller({ ...running.services, user: LOCAL_ADMIN }).access.can({ ...q, namespace: nsB }),
        { allowed: true, denied: null },
      );
    });

    test('create in B is refused by the API server and nothing is created; in A it works; both are audited with the user', async () => {
      const asEditor = createCaller({ ...running.services, user: editor });
      await assert.rejects(
        asEditor.resources.create({ group, version, plural, namespace: nsB, body: memcached('sneaky') }),
        isForbidden(
          new RegExp(
            `Kubernetes RBAC does not let opstudio:${editor.name} \\(group opstudio:editor\\) create memcacheds.${group.replace(/\./g, '\\.')} in namespace ${nsB}`,
          ),
        ),
      );
      assert.deepEqual(await namesIn(nsB), ['in-b'], 'nothing was created in B');
      const made = await asEditor.resources.create({
        group,
        version,
        plural,
        namespace: nsA,
        body: memcached('by-editor'),
      });
      assert.equal(made.metadata.namespace, nsA);
      assert.deepEqual(await namesIn(nsA), ['by-editor', 'in-a']);
      // patch and delete in B are refused the same way
      await assert.rejects(
        asEditor.resources.patch({
          group,
          version,
          plural,
          namespace: nsB,
          name: 'in-b',
          strategy: 'merge',
          patch: { spec: { size: 2 } },
        }),
        isForbidden(/patch memcacheds/),
      );
      await assert.rejects(
        asEditor.resources.delete({ group, version, plural, namespace: nsB, name: 'in-b' }),
        isForbidden(/delete memcacheds/),
      );
      assert.deepEqual(await namesIn(nsB), ['in-b']);

      const rows = (await running.services.audit.list({ actor: editor.name })).reverse();
      assert.deepEqual(
        rows.map((r) => [r.action, r.actorRole, r.result, r.namespace]),
        [
          ['resources.create', 'editor', 'denied', nsB],
          ['resources.create', 'editor', 'success', nsA],
          ['resources.patch', 'editor', 'denied', nsB],
          ['resources.delete', 'editor', 'denied', nsB],
        ],
      );
      assert.match(rows[0]?.error ?? '', /does not let opstudio:/);
    });

    test("list, get and the live topic do not show B's Memcacheds to the editor", async () => {
      const asEditor = createCaller({ ...running.services, user: editor });
      const all = await asEditor.resources.list({ group, version, plural });
      assert.ok(all.items.length > 0);
      assert.deepEqual([...new Set(all.items.map((r) => r.namespace))], [nsA]);
      await assert.rejects(
        asEditor.resources.list({ group, version, plural, namespace: nsB }),
        isForbidden(new RegExp(`list memcacheds.* in namespace ${nsB}`)),
      );
      await assert.rejects(
        asEditor.resources.get({ group, version, plural, namespace: nsB, name: 'in-b' }),
        isForbidden(/get memcacheds/),
      );
      assert.equal(
        (await asEditor.resources.get({ group, version, plural, namespace: nsA, name: 'in-a' })).metadata.name,
        'in-a',
      );
      // the local admin (the studio's own identity) still sees both
      const everything = await createCaller({ ...running.services, user: LOCAL_ADMIN }).resources.list({
        group,
        version,
        plural,
      });
      assert.deepEqual([...new Set(everything.items.map((r) => r.namespace))].sort(), [nsA, nsB].sort());

      const topic = `resources:${group}/${version}/${plural}`;
      const live = await listen(running.services, [topic, `${topic}/${nsB}`], undefined, editor);
      try {
        const rowsOf = (e: LiveEvent) =>
          (e.topic.startsWith('resources:') ? ('items' in e ? e.items : 'item' in e ? [e.item] : []) : []) as {
            namespace: string | null;
            name: string;
          }[];
        await eventually('both snapshots', 10_000, () =>
          live.events.filter((e) => e.event.type === 'snapshot').length === 2 ? true : undefined,
        );
        const namespaced = live.events.find((e) => e.event.topic === `${topic}/${nsB}`);
        assert.deepEqual(namespaced && rowsOf(namespaced.event), [], "B's own topic comes empty");
        // changes in both namespaces: only A's reach the editor
        await admin().createNamespacedCustomObject({
          group,
          version,
          namespace: nsB,
          plural,
          body: memcached('later-b'),
        });
        await admin().createNamespacedCustomObject({
          group,
          version,
          namespace: nsA,
          plural,
          body: memcached('later-a'),
        });
        await eventually("A's new row", 10_000, () =>
          live.events.some((e) => rowsOf(e.event).some((r) => r.name === 'later-a')) ? true : undefined,
        );
        const seen = live.events.flatMap((e) => rowsOf(e.event));
        assert.ok(seen.length > 0);
        assert.deepEqual(
          [...new Set(seen.map((r) => r.namespace))],
          [nsA],
          `the editor saw only namespace A: ${JSON.stringify(seen.map((r) => `${r.namespace}/${r.name}`))}`,
        );
      } finally {
        await live.close();
      }
    });
    test("what B's Memcached owns and its reconcile history stay hidden too; A's are shown", async () => {
      // the embedded controller (its own identity) reconciles both: a Deployment each, runs in the history
      const local = createCaller({ ...running.services, user: LOCAL_ADMIN });
      await eventually('both reconciled', 30_000, async () => {
        const [a, b] = await Promise.all([local.history.runs({ uid: uidA }), local.history.runs({ uid: uidB })]);
        return a.runs.length > 0 && b.runs.length > 0 ? true : undefined;
      });
      const asEditor = createCaller({ ...running.services, user: editor });
      assert.ok((await asEditor.history.runs({ uid: uidA })).runs.length > 0);
      assert.deepEqual((await asEditor.history.runs({ uid: uidB })).runs, []);

      const owned = (events: { event: LiveEvent }[], uid: string) => {
        const last = events.filter((e) => e.event.topic === `owned:${uid}`).at(-1)?.event;
        return last !== undefined && 'workloads' in last ? last : undefined;
      };
      const asAdmin = await listen(running.services, [`owned:${uidA}`, `owned:${uidB}`]);
      const asEd = await listen(
        running.services,
        [`owned:${uidA}`, `owned:${uidB}`, `timeline:${uidA}`, `timeline:${uidB}`],
        undefined,
        editor,
      );
      try {
        await eventually('the studio to see both Deployments', 30_000, () =>
          (owned(asAdmin.events, uidA)?.workloads.length ?? 0) > 0 &&
          (owned(asAdmin.events, uidB)?.workloads.length ?? 0) > 0
            ? true
            : undefined,
        );
        await eventually("the editor to see A's Deployment", 30_000, () =>
          (owned(asEd.events, uidA)?.workloads.length ?? 0) > 0 ? true : undefined,
        );
        const seenB = asEd.events
          .filter((e) => e.event.topic === `owned:${uidB}`)
          .flatMap((e) => ('workloads' in e.event ? [...e.event.workloads, ...e.event.pods] : []));
        assert.deepEqual(seenB, [], "nothing B's Memcached owns reached the editor");
        const runsOf = (uid: string) =>
          asEd.events
            .filter((e) => e.event.topic === `timeline:${uid}`)
            .flatMap((e) => ('runs' in e.event ? e.event.runs : 'run' in e.event ? [e.event.run] : []));
        assert.ok(runsOf(uidA).length > 0);
        assert.deepEqual(runsOf(uidB), []);
      } finally {
        await asAdmin.close();
        await asEd.close();
      }
    });
  },
);
