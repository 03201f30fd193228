// Issue 29, part 1 (docs/design/0039) on the sandbox, the embedded controller writing as each
// design's identity. A namespaced Tenant makes a ClusterRole, a Namespace with a ConfigMap inside,
// a ConfigMap in a declared namespace and one at home: only the home ConfigMap takes an owner
// reference; the others carry the owner label and annotation. Deleting the Tenant deletes them
// (the finalizer; the Namespace after what is inside it) and leaves no object with the owner
// label. A new manager (a restart) finds labelled children again: it prunes the ClusterRole
// spec.reader turned off while no manager ran, and finalizes a Tenant deleted meanwhile. A
// cluster-scoped Space owns its Namespace, LimitRange, ConfigMap and ClusterRole by reference
// and the garbage collector removes them with it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Condition } from '@opstudio/shared/operand/index';
import { designGraph } from '@opstudio/shared/design/operand-form';
import { OWNER_ANNOTATION, OWNER_UID_LABEL } from '@opstudio/shared/graph/ownership';
import { spaceDesign, tenantDesign } from '@opstudio/shared/testing/scope-designs';
import { eventually, skipWithoutCluster } from '../../testing';
import { DesignFixture, type InstalledKind } from '../../testing/design-fixture';

interface Obj {
  kind?: string;
  metadata: {
    name: string;
    namespace?: string;
    uid: string;
    deletionTimestamp?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    ownerReferences?: { kind: string; name: string; uid: string; controller?: boolean }[];
  };
  data?: Record<string, string>;
  status?: { conditions?: Condition[]; namespace?: string; phase?: string };
}

const cond = (o: Obj | undefined, type: string) => o?.status?.conditions?.find((c) => c.type === type);
const CONFIGMAPS = (ns: string) => `/api/v1/namespaces/${ns}/configmaps`;
const CLUSTERROLES = '/apis/rbac.authorization.k8s.io/v1/clusterroles';
const NAMESPACES = '/api/v1/namespaces';

function kindsOf(k: InstalledKind) {
  return (designGraph(k.design)?.resources ?? []).map((r) => r.template);
}

test(
  'children anywhere: owner label where no owner reference is allowed, the finalizer deletes them, a restart finds them',
  { skip: skipWithoutCluster, timeout: 420_000 },
  async (t) => {
    const f = await DesignFixture.open('scope-it', t, {
      deleteTimeoutMs: 120_000,
      cleanup: (f) => f.kube.request({ method: 'DELETE', path: `${NAMESPACES}/${f.ns}-shared` }),
    });
    const shared = `${f.ns}-shared`;
    const start = (lease: string) => f.startManager(lease);
    const halt = () => f.stopManager();
    await f.kube.request({ method: 'POST', path: NAMESPACES, body: { metadata: { name: shared } } });
    const tenants = await f.install(tenantDesign(shared, `platform-${f.suffix}`));
    const spaces = await f.install(spaceDesign(`platform-${f.suffix}`));
    start('scope-lease-1');

    const get = (path: string) => f.kube.request<Obj>({ method: 'GET', path }).catch(() => undefined);
    const ready = (k: InstalledKind, name: string) =>
      eventually(`${k.kind} ${name} Ready`, 90_000, async () => {
        const o = await f.get<Obj>(k, name);
        return cond(o, 'Ready')?.status === 'True' ? o : undefined;
      });
    const gone = (what: string, uid: string, kinds: ReturnType<typeof kindsOf>) =>
      eventually(`no object labelled with ${what}'s uid`, 180_000, async () =>
        (await f.labelledBy(uid, kinds)).length === 0 ? true : undefined,
      );

    await t.test('a Tenant: the owner label outside its namespace, a reference at home', async () => {
      await f.create(tenants, 'acme', {});
      const cr = await ready(tenants, 'acme');
      const uid = cr.metadata.uid;
      const inner = `${f.ns}-acme`;
      assert.equal(cr.status?.namespace, inner);
      const [home, role, space, inside, away] = await Promise.all([
        get(`${CONFIGMAPS(f.ns)}/acme-home`),
        get(`${CLUSTERROLES}/${f.ns}-acme-reader`),
        get(`${NAMESPACES}/${inner}`),
        get(`${CONFIGMAPS(inner)}/acme-inside`),
        get(`${CONFIGMAPS(shared)}/${f.ns}-acme`),
      ]);
      assert.deepEqual(
        home?.metadata.ownerReferences?.map((r) => r.uid),
        [uid],
        'at home: an owner reference',
      );
      assert.equal(home?.metadata.labels?.[OWNER_UID_LABEL], undefined);
      for (const [what, o] of Object.entries({ role, space, inside, away })) {
        assert.ok(o !== undefined, `${what} exists`);
        assert.equal(o.metadata.ownerReferences, undefined, `${what}: no owner reference (Kubernetes would drop it)`);
        assert.equal(o.metadata.labels?.[OWNER_UID_LABEL], uid, `${what}: the owner label`);
        assert.equal(
          o.metadata.annotations?.[OWNER_ANNOTATION],
          `Tenant.${tenants.group} ${f.ns}/acme`,
          `${what}: the owner annotation`,
        );
      }
      assert.deepEqual(away?.data, { from: f.ns });
      assert.equal((await f.labelledBy(uid, kindsOf(tenants))).length, 4);

      // deleting the Tenant deletes what the garbage collector would not: nothing labelled is left
      await f.kube.request({ method: 'DELETE', path: f.crPath(tenants, 'acme') });
      await gone('acme', uid, kindsOf(tenants));
      await eventually('the Tenant gone (its finalizer removed)', 60_000, async () =>
        (await f.get(tenants, 'acme')) === undefined ? true : undefined,
      );
      assert.equal(await get(`${NAMESPACES}/${inner}`), undefined, 'the Namespace is gone, not Terminating');
    });

    await t.test('a restart finds labelled children again: it prunes one and finalizes a deleted Tenant', async () => {
      await f.create(tenants, 'beta', {});
      const cr = await ready(tenants, 'beta');
      const uid = cr.metadata.uid;
      const role = `${CLUSTERROLES}/${f.ns}-beta-reader`;
      assert.ok((await get(role)) !== undefined);
      await halt();
      // while no manager runs: the ClusterRole is no longer wanted
      await f.patchSpec(tenants, 'beta', { reader: false });
      start('scope-lease-2');
      await eventually('the new manager prunes the ClusterRole it finds by its label', 90_000, async () =>
        (await get(role)) === undefined ? true : undefined,
      );
      assert.equal((await f.labelledBy(uid, kindsOf(tenants))).length, 3, 'the others stay');
      await halt();
      await f.kube.request({ method: 'DELETE', path: f.crPath(tenants, 'beta') });
      await new Promise((r) => setTimeout(r, 1000));
      assert.ok((await f.get(tenants, 'beta')) !== undefined, 'held by its finalizer while no manager runs');
      start('scope-lease-3');
      await gone('beta', uid, kindsOf(tenants));
      await eventually('the Tenant gone', 60_000, async () =>
        (await f.get(tenants, 'beta')) === undefined ? true : undefined,
      );
    });

    await t.test(
      'a cluster-scoped Space owns its children by reference; the garbage collector removes them',
      async () => {
        const name = `${f.suffix}-s`;
        await f.create(spaces, name, {});
        const cr = await ready(spaces, name);
        const inner = `space-${name}`;
        assert.equal(cr.status?.namespace, inner);
        const children = await Promise.all([
          get(`${NAMESPACES}/${inner}`),
          get(`/api/v1/namespaces/${inner}/limitranges/${name}-limits`),
          get(`${CONFIGMAPS(inner)}/${name}-config`),
          get(`${CLUSTERROLES}/space-${name}-reader`),
        ]);
        for (const o of children) {
          assert.ok(o !== undefined);
          assert.deepEqual(
            o.metadata.ownerReferences?.map((r) => r.uid),
            [cr.metadata.uid],
            `${o.metadata.name}: owned by reference`,
          );
          assert.equal(o.metadata.labels?.[OWNER_UID_LABEL], undefined);
        }
        await f.kube.request({ method: 'DELETE', path: f.crPath(spaces, name) });
        await eventually('the Namespace and the ClusterRole removed with the Space', 180_000, async () => {
          const left = await Promise.all([get(`${NAMESPACES}/${inner}`), get(`${CLUSTERROLES}/space-${name}-reader`)]);
          return left.every((o) => o === undefined) ? true : undefined;
        });
      },
    );
  },
);
