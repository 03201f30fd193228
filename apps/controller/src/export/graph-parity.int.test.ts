// Parity for graph designs (docs/design/0016): the exported Go manager (`go build` of the export,
// run against the test sandbox) and the embedded controller reconcile the same designs alike. Each
// side installs the design under its own API group (`web-emb-…` for the embedded ControllerManager,
// `web-go-…` for the Go manager, whose CRD carries no studio label) and works in its own namespace.
// The same custom resources are created on both; once both converged the test compares what a user
// sees (testing/graph-sides.ts `view`): each child's spec or data, labels, annotations and owner
// reference, the CR's status and its conditions, namespace and group masked. Then, on both, the
// Web app's spec.host set and cleared (an Ingress made and deleted), replicas 2 and back (a
// PodDisruptionBudget made and deleted), a new image (the Deployments roll); a Redis; and a child
// name another controller owns: left untouched, Degraded=True AlreadyOwned naming it; one that
// exists with no controller: left untouched too, Degraded=True AlreadyExists (no adoption).
// Issue 29, part 1 (docs/design/0039): a namespaced Tenant with a cluster-scoped ClusterRole, a
// Namespace of its own with a ConfigMap inside and a ConfigMap in a declared namespace (the owner
// label, not a reference), and a cluster-scoped Space: the same children on both sides, and once
// the custom resources are deleted nothing with the owner label, nor any child, is left.
// Issue 29, parts 3 and 4 (docs/design/0040): the replicated store (its children, the peer list
// from lists.range, includeWhen children and the BackupScheduled condition, Ready or not: the
// sandbox binds no volumes) and the app config (an external ConfigMap by name missing, created and
// changed, and a list by label selector), alike. Issue 29, part 2 (docs/design/0041): a
// collection: the same objects and names, a leaving element pruned, the cap, alike. Part 7: the
// cluster-scoped Project example (a Namespace, a quota from an external ConfigMap, a RoleBinding
// per member binding ClusterRole edit, a NetworkPolicy while isolated), alike and gone with it.
// @lane: build exported Go managers for every example
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadKubeConfig } from '../kube/kubeconfig';
import { kubeconfigPath, skipWithoutCluster, eventually } from '../../testing';
import { DesignFixture, exampleDesign } from '../../testing/design-fixture';
import { GoManager } from '../../testing/go-manager';
import {
  collection,
  cond,
  converged,
  settled,
  snapshot,
  view,
  type Obj,
  type Side,
  type Snapshot,
} from '../../testing/graph-sides';
import { hasGo } from './go-check';
import { designGraph } from '@opstudio/shared/design/operand-form';
import { childResourceOf } from '@opstudio/shared/graph/child-kinds';
import { OWNER_UID_LABEL } from '@opstudio/shared/graph/ownership';
import { spaceDesign, tenantDesign } from '@opstudio/shared/testing/scope-designs';
import type { Design } from '@opstudio/shared/design/schema';
import type { ChildResource } from '@opstudio/shared/graph/model';

const skip = skipWithoutCluster || (hasGo() ? false : 'go is needed to run the exported manager');
const CONFIGMAPS = collection('v1', 'ConfigMap');

const container = (s: Snapshot) =>
  (s.children.get('deployment')?.spec as { template: { spec: { containers: Record<string, unknown>[] } } } | undefined)
    ?.template.spec.containers[0];

/**
 * The Web app's kind with a collection (docs/design/0041): one ConfigMap per spec.env entry (at
 * most 3, each ready once its value is not 'x'), a product of the entries with a range, and a
 * summary that reads them; status.readyReplicas counts them.
 */
function collectionDesign(suffix: string): Design {
  return exampleDesign('webapp.design.yaml', suffix, (d) => ({
    ...d,
    crd: { ...d.crd, group: `coll-${suffix}` },
    operand: {
      resources: COLLECTION_RESOURCES,
      status: { readyReplicas: '${size(entries)}' },
    },
  }));
}

const COLLECTION_RESOURCES: ChildResource[] = [
  {
    id: 'entries',
    forEach: [{ entry: '${self.spec.?env.orValue([])}' }],
    forEachLimit: 3,
    readyWhen: "entries.data.value != 'x'",
    template: { apiVersion: 'v1', kind: 'ConfigMap', data: { value: "${entry.?value.orValue('')}" } },
  },
  {
    id: 'summary',
    template: {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      data: {
        names: "${entries.map(e, e.metadata.name).join(',')}",
        first: "${lists.range(2).map(i, entries[0].data.value + '-' + string(i)).join(',')}",
      },
    },
  },
];

/** The API path of one object, namespaced or not. */
function objectPath(o: Obj): string {
  const { apiVersion = 'v1', kind = '' } = o;
  const { resource } = childResourceOf(apiVersion, kind);
  const base = `${apiVersion.includes('/') ? '/apis' : '/api'}/${apiVersion}`;
  const ns = o.metadata.namespace;
  return `${base}${ns !== undefined ? `/namespaces/${ns}` : ''}/${resource}/${o.metadata.name}`;
}

/**
 * Deletes the CR and waits until it is gone with every child it had (the garbage collector's and
 * the finalizer's alike) and no object of the design's kinds carries its owner label.
 */
async function vanish(side: Side, name: string, seen: Snapshot): Promise<void> {
  const uid = seen.cr.metadata.uid;
  const kinds = (designGraph(side.kind.design)?.resources ?? []).map((r) => r.template);
  await side.f.kube.request({ method: 'DELETE', path: side.f.crPath(side.kind, name) });
  let left: string[] = [];
  await eventually(`${side.label}: ${name} and all it made gone`, 180_000, async () => {
    const cr = await side.f.get(side.kind, name);
    const children = await Promise.all(
      [...seen.children.values()].map((o) =>
        side.f.kube.request<Obj>({ method: 'GET', path: objectPath(o) }).catch(() => undefined),
      ),
    );
    const labelled = await side.f.labelledBy(uid, kinds);
    left = [
      ...(cr !== undefined ? [`the ${side.kind.kind}`] : []),
      ...children.flatMap((o) => (o === undefined ? [] : [`${o.kind ?? ''} ${o.metadata.name}`])),
      ...labelled.map((o) => `${o.kind} ${o.metadata.name} (labelled)`),
    ];
    return left.length === 0 ? true : undefined;
  }).catch((err: unknown) => {
    throw new Error(`${String(err)}; left: ${left.join(', ')}${side.log ? `\nlog:\n${side.log()}` : ''}`);
  });
}

/** Both sides converge on `ids`; their views must be equal. */
async function bothConverge(
  sides: readonly [Side, Side],
  name: string,
  ids: readonly string[],
  extra?: (s: Snapshot) => boolean,
): Promise<[Snapshot, Snapshot]> {
  const [emb, go] = await Promise.all(sides.map((s) => converged(s, name, ids, extra)));
  assert.deepEqual(view(sides[1], go!), view(sides[0], emb!), `${name}: the Go side's children and status`);
  return [emb!, go!];
}

/** Both sides settle on `ids` for the latest generation (Ready or not); their views must be equal. */
async function bothSettle(
  sides: readonly [Side, Side],
  name: string,
  ids: readonly string[],
  extra: (s: Snapshot) => boolean,
): Promise<[Snapshot, Snapshot]> {
  const [emb, go] = await Promise.all(sides.map((s) => settled(s, name, ids, extra)));
  assert.deepEqual(view(sides[1], go!), view(sides[0], emb!), `${name}: the Go side's children and status`);
  return [emb!, go!];
}

test(
  'the exported Go manager reconciles graph designs like the embedded controller',
  { skip, timeout: 25 * 60_000 },
  async (t) => {
    const { kc } = loadKubeConfig(kubeconfigPath ?? '');
    const embF = new DesignFixture(kc, 'gp-emb');
    const goF = new DesignFixture(kc, 'gp-go');
    const rand = embF.suffix;
    const goWeb = new GoManager(kc, exampleDesign('webapp.design.yaml', `go-${rand}`));
    const goRedis = new GoManager(kc, exampleDesign('redis.design.yaml', `go-${rand}`));
    const shared = (f: DesignFixture) => `${f.ns}-shared`;
    const goTenant = new GoManager(kc, tenantDesign(shared(goF), `platform-go-${rand}`));
    const goSpace = new GoManager(kc, spaceDesign(`platform-go-${rand}`));
    const goStore = new GoManager(kc, exampleDesign('replicated-store.design.yaml', `go-${rand}`));
    const goApp = new GoManager(kc, exampleDesign('app-config.design.yaml', `go-${rand}`));
    const goColl = new GoManager(kc, collectionDesign(`go-${rand}`));
    const goProject = new GoManager(kc, exampleDesign('project.design.yaml', `go-${rand}`));
    const stop = new AbortController();
    let embeddedDone: Promise<void> = Promise.resolve();
    t.after(async () => {
      const steps: [string, () => Promise<unknown>][] = [
        ['embedded CRs', () => embF.deleteAll()], // while its manager runs: the finalizers
        ['embedded manager', () => (stop.abort(), embeddedDone)],
        [
          'Go managers',
          () =>
            Promise.all([goWeb, goRedis, goTenant, goSpace, goStore, goApp, goColl, goProject].map((m) => m.stop())),
        ],
        ['embedded fixture', () => embF.remove()],
        ['Go fixture', () => goF.remove()],
        [
          'declared namespaces',
          () =>
            Promise.all(
              [embF, goF].map((f) => f.kube.request({ method: 'DELETE', path: `/api/v1/namespaces/${shared(f)}` })),
            ),
        ],
      ];
      for (const [what, step] of steps)
        await step().catch((e: unknown) => t.diagnostic(`cleanup ${what}: ${String(e)}`));
    });

    await Promise.all([embF.createNamespace(), goF.createNamespace()]);
    await Promise.all(
      [embF, goF].map((f) =>
        f.kube.request({ method: 'POST', path: '/api/v1/namespaces', body: { metadata: { name: shared(f) } } }),
      ),
    );
    const embWeb = await embF.install(exampleDesign('webapp.design.yaml', `emb-${rand}`));
    const embRedis = await embF.install(exampleDesign('redis.design.yaml', `emb-${rand}`));
    const embTenant = await embF.install(tenantDesign(shared(embF), `platform-emb-${rand}`));
    const embSpace = await embF.install(spaceDesign(`platform-emb-${rand}`));
    const embStore = await embF.install(exampleDesign('replicated-store.design.yaml', `emb-${rand}`));
    const embApp = await embF.install(exampleDesign('app-config.design.yaml', `emb-${rand}`));
    const embColl = await embF.install(collectionDesign(`emb-${rand}`));
    const embProject = await embF.install(exampleDesign('project.design.yaml', `emb-${rand}`));
    const started = Date.now();
    const managers = [goWeb, goRedis, goTenant, goSpace, goStore, goApp, goColl, goProject];
    await Promise.all(managers.map((m) => m.start()));
    t.diagnostic(
      `Go managers ready after ${((Date.now() - started) / 1000).toFixed(1)} s (go build ${managers.map((m) => `${m.buildSeconds.toFixed(1)} s`).join(', ')})`,
    );
    embeddedDone = embF.manager(`gp-lease-${rand}`).start(stop.signal);
    const web: [Side, Side] = [
      { label: 'embedded', f: embF, kind: embWeb },
      { label: 'Go', f: goF, kind: goWeb.kind, log: () => goWeb.log() },
    ];
    const redis: [Side, Side] = [
      { label: 'embedded', f: embF, kind: embRedis },
      { label: 'Go', f: goF, kind: goRedis.kind, log: () => goRedis.log() },
    ];
    const tenant: [Side, Side] = [
      { label: 'embedded', f: embF, kind: embTenant },
      { label: 'Go', f: goF, kind: goTenant.kind, log: () => goTenant.log() },
    ];
    const space: [Side, Side] = [
      { label: 'embedded', f: embF, kind: embSpace },
      { label: 'Go', f: goF, kind: goSpace.kind, log: () => goSpace.log() },
    ];
    const store: [Side, Side] = [
      { label: 'embedded', f: embF, kind: embStore },
      { label: 'Go', f: goF, kind: goStore.kind, log: () => goStore.log() },
    ];
    const appConfig: [Side, Side] = [
      { label: 'embedded', f: embF, kind: embApp },
      { label: 'Go', f: goF, kind: goApp.kind, log: () => goApp.log() },
    ];
    const coll: [Side, Side] = [
      { label: 'embedded', f: embF, kind: embColl },
      { label: 'Go', f: goF, kind: goColl.kind, log: () => goColl.log() },
    ];
    const project: [Side, Side] = [
      { label: 'embedded', f: embF, kind: embProject },
      { label: 'Go', f: goF, kind: goProject.kind, log: () => goProject.log() },
    ];
    const onBoth = (sides: readonly Side[], name: string, spec: Record<string, unknown>) =>
      Promise.all(sides.map((s) => s.f.patchSpec(s.kind, name, spec)));

    await t.test('Web app: children, status, includeWhen children and a new image alike', async () => {
      const name = 'site';
      const spec = {
        image: 'nginx:1.27',
        port: 8081,
        greeting: 'hi from parity',
        replicas: 1,
        env: [{ name: 'MODE', value: 'parity' }],
      };
      await Promise.all(web.map((s) => s.f.create(s.kind, name, spec)));
      const [, go] = await bothConverge(web, name, ['config', 'deployment', 'service']);
      // equal is not enough: both must be what the design says
      assert.deepEqual(go.children.get('config')?.data, { GREETING: 'hi from parity' });
      assert.deepEqual(container(go), {
        ...container(go),
        image: 'nginx:1.27',
        ports: [{ name: 'http', containerPort: 8081, protocol: 'TCP' }],
        env: [{ name: 'MODE', value: 'parity' }],
        envFrom: [{ configMapRef: { name: 'site-config' } }],
      });
      assert.equal(go.cr.status?.url, `http://site-service.${goF.ns}.svc`);
      assert.equal(go.cr.status?.readyReplicas, 1);
      // config, deployment, service and the (empty) collection of extra-port Services
      assert.equal(cond(go.cr, 'Ready')?.message, 'all 4 resources ready');

      await onBoth(web, name, { host: 'site.example.com' });
      const [, withHost] = await bothConverge(web, name, ['config', 'deployment', 'service', 'ingress']);
      assert.equal(
        (withHost.children.get('ingress')?.spec as { rules: { host: string }[] }).rules[0]?.host,
        'site.example.com',
      );
      await onBoth(web, name, { host: null });
      await bothConverge(web, name, ['config', 'deployment', 'service']);

      await onBoth(web, name, { replicas: 2 });
      const [, two] = await bothConverge(web, name, ['config', 'deployment', 'service', 'pdb']);
      assert.equal(two.cr.status?.readyReplicas, 2);
      await onBoth(web, name, { replicas: 1 });
      await bothConverge(web, name, ['config', 'deployment', 'service']);

      await onBoth(web, name, { image: 'nginx:1.28' });
      const rolled = (s: Snapshot) => {
        const d = s.children.get('deployment') as (Obj & { status?: Record<string, number> }) | undefined;
        return (
          container(s)?.image === 'nginx:1.28' &&
          d?.status?.observedGeneration === d?.metadata.generation &&
          d?.status?.updatedReplicas === 1 &&
          d?.status?.readyReplicas === 1
        );
      };
      await bothConverge(web, name, ['config', 'deployment', 'service'], rolled);
    });

    await t.test('Redis: children and status alike', async () => {
      const name = 'cache';
      await Promise.all(
        redis.map((s) => s.f.create(s.kind, name, { image: 'redis:7.4-alpine', replicas: 1, maxMemory: '32mb' })),
      );
      const [, go] = await bothConverge(redis, name, ['config', 'headless', 'statefulset']);
      assert.equal(go.children.get('config')?.data?.['redis.conf'], 'maxmemory 32mb\nappendonly yes\n');
      // lists.range, format, quantity and matches (issue 28), evaluated alike by both (bothConverge)
      assert.deepEqual(
        {
          peers: go.children.get('config')?.data?.peers,
          bytes: go.children.get('config')?.data?.['memory-bytes'],
          redis7: go.children.get('config')?.data?.redis7,
        },
        { peers: 'cache-statefulset-0.cache-headless', bytes: '134217728', redis7: 'true' },
      );
      assert.equal(go.children.get('statefulset')?.spec?.serviceName, 'cache-headless');
      assert.equal(go.cr.status?.readyReplicas, 1);
    });

    await t.test('a collection: the same objects, names, prune of a leaving element and cap alike', async () => {
      const name = 'coll';
      const env = (...names: string[]) => ({ env: names.map((n) => ({ name: n, value: n.toLowerCase() })) });
      const entries = (...keys: string[]) => [...keys.map((k) => `entries/coll-entries-${k}`), 'summary'];
      await Promise.all(coll.map((s) => s.f.create(s.kind, name, env('A', 'B', 'C'))));
      const [, go] = await bothConverge(coll, name, entries('a', 'b', 'c'));
      assert.deepEqual(go.children.get('entries/coll-entries-b')?.data, { value: 'b' });
      assert.deepEqual(go.children.get('summary')?.data, {
        names: 'coll-entries-a,coll-entries-b,coll-entries-c',
        first: 'a-0,a-1',
      });
      assert.equal(go.cr.status?.readyReplicas, 3);
      assert.equal(cond(go.cr, 'Ready')?.message, 'all 2 resources ready');

      await onBoth(coll, name, env('A', 'C'));
      const [, less] = await bothConverge(coll, name, entries('a', 'c'));
      assert.equal(less.children.get('summary')?.data?.names, 'coll-entries-a,coll-entries-c');

      // over forEachLimit (3): both Degraded CollectionTooLarge, the objects left as they were
      await onBoth(coll, name, env('A', 'C', 'D', 'E'));
      const over = await Promise.all(
        coll.map((s) =>
          eventually(`${s.label}: ${name} Degraded CollectionTooLarge`, 60_000, async () => {
            const o = await s.f.get<Obj>(s.kind, name);
            const c = cond(o, 'Degraded');
            return c?.reason === 'CollectionTooLarge' && o?.status?.observedGeneration === o?.metadata.generation
              ? c
              : undefined;
          }),
        ),
      );
      assert.equal(over[1]?.message, over[0]?.message);
      assert.match(over[1]!.message, /resources\[0\]\.forEach: makes 4 objects, more than the limit of 3/);
      const [, kept] = await Promise.all(coll.map((s) => snapshot(s, name)));
      assert.deepEqual([...(kept?.children.keys() ?? [])].sort(), entries('a', 'c').sort());
    });

    await t.test('a child name another controller owns is left untouched, Degraded=True AlreadyOwned', async () => {
      const name = 'taken';
      const cmPath = (s: Side, n = '') => `/api/v1/namespaces/${s.f.ns}/configmaps${n === '' ? '' : `/${n}`}`;
      const before = await Promise.all(
        web.map(async (s) => {
          const owner = await s.f.kube.request<Obj>({
            method: 'POST',
            path: cmPath(s),
            body: { metadata: { name: 'taken-owner' } },
          });
          const ref = {
            apiVersion: 'v1',
            kind: 'ConfigMap',
            name: 'taken-owner',
            uid: owner.metadata.uid,
            controller: true,
          };
          return s.f.kube.request<Obj>({
            method: 'POST',
            path: cmPath(s),
            body: { metadata: { name: 'taken-config', ownerReferences: [ref] }, data: { GREETING: 'not yours' } },
          });
        }),
      );
      await Promise.all(web.map((s) => s.f.create(s.kind, name, { greeting: 'mine' })));
      const degraded = await Promise.all(
        web.map((s) =>
          eventually(`${s.label}: ${name} Degraded=True AlreadyOwned`, 60_000, async () => {
            const o = await s.f.get<Obj>(s.kind, name);
            const c = cond(o, 'Degraded');
            return o !== undefined && c?.status === 'True' && c.reason === 'AlreadyOwned' ? o : undefined;
          }),
        ),
      );
      for (const [i, s] of web.entries()) {
        const taken = before[i]!;
        const ownerUid = taken.metadata.ownerReferences?.[0]?.uid;
        assert.equal(
          cond(degraded[i], 'Degraded')?.message,
          `ConfigMap ${s.f.ns}/taken-config is controlled by ConfigMap taken-owner (uid ${ownerUid}); left untouched`,
          `${s.label}: the Degraded message names the object and its controller`,
        );
        assert.equal(cond(degraded[i], 'Ready')?.status, 'False');
      }
      await new Promise((r) => setTimeout(r, 2000)); // room for a wrong write to land
      for (const [i, s] of web.entries()) {
        const now = await s.f.object<Obj>(CONFIGMAPS, 'taken-config');
        assert.equal(now?.metadata.resourceVersion, before[i]!.metadata.resourceVersion, `${s.label}: not written`);
        assert.deepEqual(now?.data, { GREETING: 'not yours' });
        assert.deepEqual(now?.metadata.ownerReferences, before[i]!.metadata.ownerReferences);
      }
      const conditions = (s: Side, o: Obj) =>
        JSON.parse(
          JSON.stringify(
            (o.status?.conditions ?? [])
              .map(({ type, status, reason, message }) => ({ type, status, reason, message }))
              .sort((a, b) => a.type.localeCompare(b.type)),
          )
            .replaceAll(s.f.ns, '<ns>')
            .replace(/uid [0-9a-f-]+/g, 'uid <uid>'),
        ) as unknown;
      // each side settles on its own clock (the Service is created, then observed): compare once both agree, or show the last difference
      let last: [unknown, unknown] = [undefined, undefined];
      await eventually('the two sides to report the same conditions', 20_000, async () => {
        const [a, b] = await Promise.all(web.map((s) => s.f.get<Obj>(s.kind, name)));
        last = [conditions(web[1], b!), conditions(web[0], a!)];
        return JSON.stringify(last[0]) === JSON.stringify(last[1]) ? true : undefined;
      }).catch(() => assert.deepEqual(last[0], last[1], 'conditions alike'));
    });

    await t.test('an existing ConfigMap nobody controls is not adopted: Degraded=True AlreadyExists', async () => {
      const name = 'squat';
      const before = await Promise.all(
        web.map((s) =>
          s.f.kube.request<Obj>({
            method: 'POST',
            path: `/api/v1/namespaces/${s.f.ns}/configmaps`,
            body: { metadata: { name: 'squat-config' }, data: { GREETING: 'someone else’s' } },
          }),
        ),
      );
      await Promise.all(web.map((s) => s.f.create(s.kind, name, { greeting: 'mine' })));
      const degraded = await Promise.all(
        web.map((s) =>
          eventually(`${s.label}: ${name} Degraded=True AlreadyExists`, 60_000, async () => {
            const c = cond(await s.f.get<Obj>(s.kind, name), 'Degraded');
            return c?.status === 'True' && c.reason === 'AlreadyExists' ? c : undefined;
          }),
        ),
      );
      for (const [i, s] of web.entries()) {
        assert.equal(
          degraded[i]?.message,
          `ConfigMap ${s.f.ns}/squat-config already exists and was not created for this resource; left untouched (a child with adopt: true takes over such an object)`,
          `${s.label}: the message names the object`,
        );
        const now = await s.f.object<Obj>(CONFIGMAPS, 'squat-config');
        assert.equal(now?.metadata.resourceVersion, before[i]!.metadata.resourceVersion, `${s.label}: not written`);
        assert.equal(now?.metadata.ownerReferences, undefined, `${s.label}: not adopted`);
      }
    });

    await t.test(
      'a namespaced Tenant: cluster-scoped and other-namespace children alike, nothing labelled left',
      async () => {
        const name = 'acme';
        await Promise.all(tenant.map((s) => s.f.create(s.kind, name, {})));
        const seen = await bothConverge(tenant, name, ['home', 'reader', 'space', 'inside', 'shared']);
        const go = seen[1];
        // equal is not enough: the owner label where Kubernetes allows no owner reference
        for (const id of ['reader', 'space', 'inside', 'shared']) {
          const o = go.children.get(id)!;
          assert.equal(o.metadata.ownerReferences, undefined, `${id}: no owner reference`);
          assert.equal(o.metadata.labels?.[OWNER_UID_LABEL], go.cr.metadata.uid, `${id}: the owner label`);
        }
        assert.deepEqual(
          go.children.get('home')?.metadata.ownerReferences?.map((r) => r.uid),
          [go.cr.metadata.uid],
        );
        assert.equal(go.children.get('inside')?.metadata.namespace, `${goF.ns}-${name}`);
        assert.equal(go.children.get('shared')?.metadata.namespace, shared(goF));
        assert.equal(go.cr.status?.namespace, `${goF.ns}-${name}`);
        await Promise.all(tenant.map((s, i) => vanish(s, name, seen[i]!)));
      },
    );

    await t.test('a cluster-scoped Space: its children alike, owned by reference, gone with it', async () => {
      const names = space.map((s) => `${s.f.ns}-s`);
      await Promise.all(space.map((s, i) => s.f.create(s.kind, names[i]!, {})));
      const seen = await Promise.all(
        space.map((s, i) => converged(s, names[i]!, ['ns', 'limits', 'config', 'reader'])),
      );
      assert.deepEqual(view(space[1], seen[1]!), view(space[0], seen[0]!), "the Go side's children and status");
      const go = seen[1]!;
      assert.equal(go.children.get('config')?.metadata.namespace, `space-${names[1]}`);
      assert.equal(go.children.get('reader')?.metadata.namespace, undefined);
      await Promise.all(space.map((s, i) => vanish(s, names[i]!, seen[i]!)));
    });

    await t.test(
      'Replicated store: children, the peer list, includeWhen children and BackupScheduled alike',
      async () => {
        const name = 'db';
        // the status is read from observed children: settled once it shows what they hold now (the
        // peer list as the ConfigMap has it) and the StatefulSet is all ready: the sandbox binds
        // its claims (docs/design/0042), so its pods run and each side sees readyReplicas climb
        // at its own pace until both reach spec.replicas and Ready
        const backupIs = (status: string) => (s: Snapshot) =>
          cond(s.cr, 'BackupScheduled')?.status === status &&
          s.cr.status?.peers === s.children.get('peers')?.data?.peers &&
          s.cr.status?.readyReplicas === s.cr.spec?.replicas &&
          cond(s.cr, 'Ready')?.status === 'True';
        await Promise.all(
          store.map((s) => s.f.create(s.kind, name, { replicas: 3, backup: { schedule: '0 3 * * *' } })),
        );
        const all = ['peer', 'client', 'peers', 'statefulset', 'pdb', 'backup'];
        const [, go] = await bothSettle(store, name, all, backupIs('True'));
        assert.equal(
          go.children.get('peers')?.data?.peers,
          [0, 1, 2].map((i) => `db-${i}=http://db-${i}.db-peer:2380`).join(','),
        );
        assert.equal(go.children.get('statefulset')?.metadata.name, 'db');
        assert.equal(cond(go.cr, 'BackupScheduled')?.reason, 'CronJobScheduled');
        assert.equal(cond(go.cr, 'Ready')?.reason, 'AllResourcesReady');

        await onBoth(store, name, { backup: null });
        const [, off] = await bothSettle(
          store,
          name,
          all.filter((id) => id !== 'backup'),
          backupIs('False'),
        );
        assert.equal(cond(off.cr, 'BackupScheduled')?.message, 'spec.backup is not set: no snapshots are taken');

        await onBoth(store, name, { replicas: 1 });
        const [, one] = await bothSettle(store, name, ['peer', 'client', 'peers', 'statefulset'], backupIs('False'));
        assert.equal(one.children.get('peers')?.data?.peers, 'db-0=http://db-0.db-peer:2380');
      },
    );

    await t.test('App config: an external ConfigMap by name and a list by selector alike', async () => {
      const name = 'shop';
      const cmPath = (s: Side, n = '') => `/api/v1/namespaces/${s.f.ns}/configmaps${n === '' ? '' : `/${n}`}`;
      await Promise.all(appConfig.map((s) => s.f.create(s.kind, name, { app: 'shop' })));
      const waitingFor = (s: Snapshot) => cond(s.cr, 'Ready')?.reason === 'WaitingForExternal';
      const [, waiting] = await bothSettle(appConfig, name, [], waitingFor);
      assert.equal(
        cond(waiting.cr, 'Ready')?.message,
        `0 of 1 resource ready: waiting for config; ConfigMap ${goF.ns}/app-defaults does not exist`,
      );

      const fragment = {
        'config.example.com/app': 'shop',
        'config.example.com/stage': 'dev',
        'config.example.com/fragment': 'true',
      };
      await Promise.all(
        appConfig.flatMap((s) => [
          s.f.kube.request({
            method: 'POST',
            path: cmPath(s),
            body: { metadata: { name: 'app-defaults' }, data: { LOG_LEVEL: 'debug', REGION: 'eu' } },
          }),
          s.f.kube.request({
            method: 'POST',
            path: cmPath(s),
            body: { metadata: { name: 'frag-b', labels: fragment } },
          }),
          s.f.kube.request({
            method: 'POST',
            path: cmPath(s),
            body: { metadata: { name: 'frag-a', labels: fragment } },
          }),
        ]),
      );
      const [, go] = await bothConverge(appConfig, name, ['config'], (s) => s.cr.status?.fragments === 2);
      assert.deepEqual(go.children.get('config')?.data, {
        APP: 'shop',
        LOG_LEVEL: 'debug',
        REGION: 'eu',
        FRAGMENTS: 'frag-a,frag-b',
      });
      assert.equal(cond(go.cr, 'FragmentsFound')?.status, 'True');

      // the external object changes: both re-reconcile from their watches
      await Promise.all(
        appConfig.map((s) =>
          s.f.kube.request({
            method: 'PATCH',
            path: cmPath(s, 'app-defaults'),
            body: { data: { LOG_LEVEL: 'warn' } },
            contentType: 'application/merge-patch+json',
          }),
        ),
      );
      await bothConverge(appConfig, name, ['config'], (s) => s.children.get('config')?.data?.LOG_LEVEL === 'warn');
    });

    await t.test(
      'a cluster-scoped Project: its Namespace, quota, RoleBindings per member alike, gone with it',
      async () => {
        // the quota's defaults: an external ConfigMap both sides read (the test's own, if it made it)
        const defaults = '/api/v1/namespaces/default/configmaps';
        const made = await embF.kube
          .request({
            method: 'POST',
            path: defaults,
            body: { metadata: { name: 'project-defaults' }, data: { cpu: '4', memory: '8Gi' } },
          })
          .then(
            () => true,
            () => false,
          );
        t.after(() =>
          made
            ? embF.kube.request({ method: 'DELETE', path: `${defaults}/project-defaults` }).catch(() => undefined)
            : undefined,
        );
        const names = project.map((s) => `${s.f.ns}-p`);
        const members = (...users: string[]) => [...users.map((u) => `members/member-${u}`)];
        const all = ['ns', 'quota', 'limits', 'isolation'];
        await Promise.all(
          project.map((s, i) =>
            s.f.create(s.kind, names[i]!, { members: ['alice', 'bob', 'carol'], quota: { cpu: '2' } }),
          ),
        );
        const bothConverged = async (ids: readonly string[]) => {
          const seen = await Promise.all(project.map((s, i) => converged(s, names[i]!, ids)));
          assert.deepEqual(view(project[1], seen[1]!), view(project[0], seen[0]!), "the Go side's children and status");
          return seen;
        };
        const seen = await bothConverged([...all, ...members('alice', 'bob', 'carol')]);
        const go = seen[1]!;
        const inside = `project-${names[1]}`;
        assert.equal(go.cr.status?.namespace, inside);
        // spec.quota's cpu, the defaults' memory
        assert.deepEqual(go.children.get('quota')?.spec?.hard, { 'requests.cpu': '2', 'requests.memory': '8Gi' });
        const bob = go.children.get('members/member-bob') as Obj & { roleRef?: unknown; subjects?: unknown };
        assert.equal(bob.metadata.namespace, inside);
        assert.deepEqual(bob.roleRef, { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'edit' });
        assert.deepEqual(bob.subjects, [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'bob' }]);

        // a member leaves: their RoleBinding goes; isolated false: the NetworkPolicy goes
        await Promise.all(project.map((s, i) => s.f.patchSpec(s.kind, names[i]!, { members: ['alice', 'carol'] })));
        await bothConverged([...all, ...members('alice', 'carol')]);
        await Promise.all(project.map((s, i) => s.f.patchSpec(s.kind, names[i]!, { isolated: false })));
        const last = await bothConverged([...all.filter((id) => id !== 'isolation'), ...members('alice', 'carol')]);
        await Promise.all(project.map((s, i) => vanish(s, names[i]!, last[i]!)));
      },
    );
  },
);
