// In-cluster mode with the chart's own least-privilege RBAC (docs/design/0022-in-cluster-rbac.md):
// the studio runs as the chart's ServiceAccount (TokenRequest token, loaded the way a pod loads
// it) and passes the used-by story — install → create → scale → Events — through the real
// router. A second studio gets the same rules minus the Deployment writes: it cannot install the
// Memcached design, whose controller identity would write Deployments (RBAC's escalation check
// names the rule it lacks), and nothing is applied.
//
// Run: OPSTUDIO_KUBECONFIG=data/sandbox-test/kubeconfig node --import tsx --test apps/controller/src/kube/in-cluster.int.test.ts
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ApiextensionsV1Api, AppsV1Api, CoreV1Api, CustomObjectsApi, EventsV1Api } from '@kubernetes/client-node';
import type { V1PolicyRule } from '@kubernetes/client-node';
import { TRPCError } from '@trpc/server';
import { createCaller } from '../api/root';
import { LOCAL_ADMIN, loadAuthConfig } from '../auth';
import type { StudioUser } from '../auth';
import { loadConfig, repoRoot } from '../config';
import { startServer } from '../server';
import { startServices } from '../services';
import type { RunningServices } from '../services';
import { loadKubeConfig } from './kubeconfig';
import { checkLeaseAccess, LEASE_NAME, LeaseAccessError, leaseNamespace } from './lease-access';
import { eventually, kubeconfigPath, migratedTempDb, skipWithoutCluster } from '../../testing';
import { inClusterIdentity } from '../../testing/in-cluster-identity';
import { grantRole } from '../../testing/rbac';
import type { InClusterIdentity } from '../../testing/in-cluster-identity';

const suffix = Date.now().toString(36);
const ada: StudioUser = { id: 'u-ada', name: 'ada', role: 'admin' };
const version = 'v1alpha1';
const plural = 'memcacheds';

interface Studio {
  readonly ns: string;
  readonly group: string;
  readonly identity: InClusterIdentity;
  readonly running: RunningServices;
  readonly designId: string;
  /** The services' log lines that mention a refusal (403 / forbidden). */
  readonly refusals: string[];
}

/** A namespace, the chart's identity in it (design group narrowed to this studio's), the services as that identity. */
async function studioInPod(
  name: string,
  opts: { editRules?: (rules: V1PolicyRule[]) => V1PolicyRule[]; multiUser?: boolean; install?: boolean } = {},
): Promise<Studio> {
  const { editRules } = opts;
  const admin = loadKubeConfig(kubeconfigPath).kc;
  const ns = `${name}-${suffix}`;
  const domain = `${name}${suffix}.example.com`;
  const group = `cache.${domain}`;
  await admin.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: ns } } });
  const identity = await inClusterIdentity(admin, {
    namespace: ns,
    release: ns,
    values: { 'rbac.designApiGroups': [group] },
    ...(editRules !== undefined ? { editRules } : {}),
  });
  const leaseNs = leaseNamespace(undefined, identity.conn);
  assert.equal(leaseNs, ns, 'in-cluster, the Lease lives in the pod namespace');
  // RBAC reaches the authorizer through its informer: a moment after the create
  await eventually('the Lease Role to take effect', 10_000, () =>
    checkLeaseAccess(identity.conn.kc, leaseNs).then(
      () => true,
      () => undefined,
    ),
  );
  const refusals: string[] = [];
  const running = await startServices(identity.conn, migratedTempDb(), {
    lease: { namespace: leaseNs, name: LEASE_NAME },
    ...(opts.multiUser === true ? { auth: loadAuthConfig({ OPSTUDIO_AUTH: 'on' }) } : {}),
    log: (message: string, fields?: Record<string, unknown>) => {
      const line = `${message} ${JSON.stringify(fields ?? {})}`;
      if (/forbidden|\b403\b/i.test(line)) refusals.push(line);
    },
  });
  const memcached = readFileSync(path.join(repoRoot, 'examples/memcached.design.yaml'), 'utf8').replace(
    'domain: example.com',
    `domain: ${domain}`,
  );
  // the in-process caller acts with the studio's own identity (the ServiceAccount) in both modes
  const local = createCaller({ ...running.services, user: LOCAL_ADMIN });
  const { id: designId } = await local.designs.save({ name: `memcached-${name}-${suffix}`, yaml: memcached });
  if (opts.install !== false) await local.crds.install({ designId });
  return { ns, group, identity, running, designId, refusals };
}

async function removeStudio(s: Studio | undefined): Promise<void> {
  if (s === undefined) return;
  await createCaller({ ...s.running.services, user: LOCAL_ADMIN })
    .crds.uninstall({ designId: s.designId, deleteResources: true })
    .catch(() => undefined);
  await s.running.stop();
  await s.identity.remove();
  await loadKubeConfig(kubeconfigPath)
    .kc.makeApiClient(CoreV1Api)
    .deleteNamespace({ name: s.ns })
    .catch(() => undefined);
}

async function createMemcached(s: Studio, name: string, size: number, user: StudioUser = ada): Promise<void> {
  const ref = { group: s.group, version, plural, namespace: s.ns };
  await createCaller({ ...s.running.services, user }).resources.create({
    ...ref,
    body: { apiVersion: `${s.group}/${version}`, kind: 'Memcached', metadata: { name }, spec: { size } },
  });
}

interface Cr {
  metadata: { generation: number };
  status?: { conditions?: { type: string; status: string; message?: string; observedGeneration?: number }[] };
}

describe('in-cluster mode with the chart RBAC', { skip: skipWithoutCluster }, () => {
  const admin = () => loadKubeConfig(kubeconfigPath).kc;
  const readCr = (s: Studio, name: string) =>
    admin()
      .makeApiClient(CustomObjectsApi)
      .getNamespacedCustomObject({ group: s.group, version, namespace: s.ns, plural, name }) as Promise<Cr>;
  const events = async (s: Studio, name: string) =>
    (await admin().makeApiClient(EventsV1Api).listNamespacedEvent({ namespace: s.ns })).items.filter(
      (e) => e.regarding?.name === name && e.regarding.kind === 'Memcached',
    );

  describe('with every rule of the chart', () => {
    let studio: Studio | undefined;
    before(async () => {
      studio = await studioInPod('incluster');
    });
    after(() => removeStudio(studio));

    test('install → create → scale → Events, as the ServiceAccount', async () => {
      const s = studio!;
      assert.match(s.identity.conn.server, /^https:\/\/127\.0\.0\.1:\d+$/);
      const apps = admin().makeApiClient(AppsV1Api);
      const ready = (size: number) => async () => {
        const [cr, dep] = await Promise.all([
          readCr(s, 'm1'),
          apps.readNamespacedDeployment({ name: 'm1', namespace: s.ns }).catch(() => undefined),
        ]);
        const available = cr.status?.conditions?.find((c) => c.type === 'Available');
        return dep?.status?.readyReplicas === size &&
          available?.status === 'True' &&
          available.observedGeneration === cr.metadata.generation
          ? true
          : undefined;
      };
      await createMemcached(s, 'm1', 1);
      await eventually('m1 to be Available with 1 replica', 90_000, ready(1));
      await createCaller({ ...s.running.services, user: ada }).resources.patch({
        group: s.group,
        version,
        plural,
        namespace: s.ns,
        name: 'm1',
        strategy: 'merge',
        patch: { spec: { size: 2 } },
      });
      await eventually('m1 to be Available with 2 replicas', 90_000, ready(2));
      const reasons = await eventually('the Created and Scaled Events', 30_000, async () => {
        const r = (await events(s, 'm1')).map((e) => e.reason);
        return r.includes('Created') && r.includes('Scaled') ? r : undefined;
      });
      assert.ok(!reasons.includes('ReconcileFailed'), `no refused call: ${reasons.join(', ')}`);
      assert.ok(s.running.services.manager.isLeader, 'the studio leads with its Lease in its own namespace');
      // every watch the studio runs (overview, kinds, owned objects, Events) was allowed too
      assert.deepEqual(s.refusals, []);
    });

    test('a Lease namespace it may not write stops start-up, naming the namespace and the rule', async () => {
      const s = studio!;
      const server = new URL(s.identity.conn.server);
      // what Kubernetes sets in a pod; the chart's Role grants Leases in the release namespace only
      process.env.KUBERNETES_SERVICE_HOST = server.hostname;
      process.env.KUBERNETES_SERVICE_PORT = server.port;
      try {
        const config = loadConfig({
          OPSTUDIO_IN_CLUSTER_ROOT: s.identity.root,
          OPSTUDIO_LEASE_NAMESPACE: 'kube-system',
          OPSTUDIO_CONTROLLER_PORT: '0',
          DATABASE_URL: migratedTempDb(),
          KUBERNETES_SERVICE_HOST: server.hostname,
        });
        assert.equal(config.inCluster, true);
        await assert.rejects(
          startServer({ config, log: () => undefined }),
          (e: Error) =>
            e instanceof LeaseAccessError &&
            /namespace "kube-system"/.test(e.message) &&
            /apiGroups: \["coordination.k8s.io"\], resources: \["leases"\]/.test(e.message),
        );
      } finally {
        delete process.env.KUBERNETES_SERVICE_HOST;
        delete process.env.KUBERNETES_SERVICE_PORT;
      }
    });

    // Another kubeconfig context starts without that check (on first use, or at boot if remembered):
    // its manager campaigns, is refused, and the kind page says so with the fix instead of
    // "starting"; once an admin grants the rule, it leads and the refusal is gone.
    test('a Lease refused after start-up: the kind page names the verb, the namespace and the rule', async () => {
      const s = studio!;
      const leaseNs = `lease-${suffix}`;
      const core = admin().makeApiClient(CoreV1Api);
      await core.createNamespace({ body: { metadata: { name: leaseNs } } });
      const other = await startServices(s.identity.conn, migratedTempDb(), {
        lease: { namespace: leaseNs, name: LEASE_NAME },
      });
      try {
        const caller = createCaller({ ...other.services, user: LOCAL_ADMIN });
        const handOff = () => caller.controllers.handOff({ crdName: `${plural}.${s.group}` });
        const answer = await eventually('the refusal in the hand-off answer', 30_000, async () => {
          // (until the campaign's first answer, reading the hand-off Lease is refused with no reason yet)
          const a = await handOff().catch(() => undefined);
          return a?.refusal != null ? a : undefined;
        });
        assert.match(
          answer.refusal!,
          new RegExp(`^HTTP 403: the studio may not get its Lease in namespace "${leaseNs}"`),
        );
        assert.match(answer.refusal!, /apiGroups: \["coordination.k8s.io"\], resources: \["leases"\]/);
        assert.deepEqual(answer.holder, { side: 'none' });
        assert.equal(other.services.manager.isLeader, false);

        await grantRole(admin(), {
          namespace: leaseNs,
          role: 'studio-leases',
          rules: [{ apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['get', 'create', 'update'] }],
          subject: { kind: 'User', name: s.identity.username },
        });
        const mended = await eventually('the studio to lead once granted', 60_000, async () => {
          const a = await handOff().catch(() => undefined);
          return a?.refusal === null && other.services.manager.isLeader ? a : undefined;
        });
        assert.equal(mended.refusal, null);
      } finally {
        await other.stop();
        await core.deleteNamespace({ name: leaseNs }).catch(() => undefined);
      }
    });
  });

  describe('with the Deployment writes removed from the chart rules', () => {
    let studio: Studio | undefined;
    const withoutDeploymentWrites = (rules: V1PolicyRule[]) =>
      rules.map((r) =>
        r.resources?.includes('deployments')
          ? { ...r, verbs: r.verbs.filter((v) => ['get', 'list', 'watch'].includes(v)) }
          : r,
      );
    before(async () => {
      studio = await studioInPod('norbac', { editRules: withoutDeploymentWrites, install: false });
    });
    after(() => removeStudio(studio));

    // the design's controller would write Deployments as its own identity (docs/design/0037): a
    // studio that may not write them cannot grant that, and Kubernetes' escalation check says so
    test('the Memcached design cannot be installed: the refusal names the rule, nothing is applied', async () => {
      const s = studio!;
      const local = createCaller({ ...s.running.services, user: LOCAL_ADMIN });
      await assert.rejects(local.crds.install({ designId: s.designId }), (e: unknown) => {
        assert.ok(e instanceof TRPCError, String(e));
        assert.equal(e.code, 'FORBIDDEN');
        assert.match(e.message, /may not grant this design's controller its permissions/);
        assert.match(e.message, /Resources:\["deployments"\]/);
        return true;
      });
      const crds = await admin()
        .makeApiClient(ApiextensionsV1Api)
        .listCustomResourceDefinition({ labelSelector: `studio.opstudio.dev/design=${s.designId}` });
      assert.deepEqual(crds.items, [], 'no CRD was applied');
    });
  });

  describe('multi-user mode: users impersonated, their RBAC asked through SubjectAccessReviews', () => {
    let studio: Studio | undefined;
    const editor: StudioUser = { id: `e-${suffix}`, name: `ed-${suffix}`, role: 'editor' };
    before(async () => {
      studio = await studioInPod('inclmu', { multiUser: true });
      await grantRole(admin(), {
        namespace: studio.ns,
        role: 'memcached-editor',
        rules: [{ apiGroups: [studio.group], resources: [plural], verbs: ['get', 'list', 'watch', 'create', 'patch'] }],
        subject: { kind: 'User', name: `opstudio:${editor.name}` },
      });
    });
    after(() => removeStudio(studio));

    test('an editor works where its RBAC allows, is refused elsewhere, and the studio itself is refused nothing', async () => {
      const s = studio!;
      const asEditor = createCaller({ ...s.running.services, user: editor });
      const q = { verb: 'create' as const, group: s.group, resource: plural };
      assert.deepEqual(await asEditor.access.can({ ...q, namespace: s.ns }), { allowed: true, denied: null });
      assert.deepEqual(await asEditor.access.can({ ...q, namespace: 'default' }), { allowed: false, denied: 'rbac' });
      await createMemcached(s, 'm1', 1, editor);
      await eventually('the editor’s m1 to be reconciled', 60_000, async () =>
        (await readCr(s, 'm1')).status?.conditions?.some((c) => c.type === 'Available') === true ? true : undefined,
      );
      await assert.rejects(
        createMemcached({ ...s, ns: 'default' }, 'm1', 1, editor),
        (e: Error) => e instanceof TRPCError && e.code === 'FORBIDDEN' && e.message.includes(`opstudio:${editor.name}`),
      );
      assert.deepEqual(s.refusals, []);
    });
  });
});
