// A design with a resource graph (examples/webapp.design.yaml) reconciled by the embedded
// controller against the real sandbox: children created with owner references and labels, status
// and conditions, includeWhen children appearing and pruned, spec edits and hand edits converging,
// and a child name another controller owns left untouched (Degraded=True AlreadyOwned).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Condition } from '@opstudio/shared/operand/index';
import type { Design } from '@opstudio/shared/design/schema';
import type { ChildResource } from '@opstudio/shared/graph/model';
import { eventually, skipWithoutCluster } from '../../testing';
import { DesignFixture, exampleDesign, type InstalledKind } from '../../testing/design-fixture';

interface Obj {
  apiVersion?: string;
  kind?: string;
  metadata: {
    name: string;
    uid: string;
    generation?: number;
    labels?: Record<string, string>;
    ownerReferences?: { kind: string; name: string; uid: string; controller?: boolean }[];
  };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
  status?: { conditions?: Condition[]; url?: string; observedGeneration?: number; readyReplicas?: number };
}

const CONFIGMAPS = '/api/v1/configmaps';
const DEPLOYMENTS = '/apis/apps/v1/deployments';
const SERVICES = '/api/v1/services';
const INGRESSES = '/apis/networking.k8s.io/v1/ingresses';
const PDBS = '/apis/policy/v1/poddisruptionbudgets';

const cond = (o: Obj | undefined, type: string) => o?.status?.conditions?.find((c) => c.type === type);
const image = (d: Obj | undefined) =>
  (d?.spec as { template?: { spec?: { containers?: { image?: string }[] } } } | undefined)?.template?.spec
    ?.containers?.[0]?.image;

async function setUp(prefix: string, t: { after: (fn: () => Promise<void>) => void }) {
  const f = await DesignFixture.open(prefix, t);
  return { f, start: () => f.startManager(`${prefix}-lease`) };
}

test(
  'Web app: children, status, includeWhen, spec and hand edits converge',
  { skip: skipWithoutCluster, timeout: 300_000 },
  async (t) => {
    const { f, start } = await setUp('graph-it', t);
    const web = await f.install(exampleDesign('webapp.design.yaml', f.suffix));
    start();
    const ns = f.ns;
    const name = 'site';
    await f.create(web, name, {});
    const getCr = () => f.get<Obj>(web, name);

    // the children, owned and labelled
    const cr = await eventually('ConfigMap, Deployment and Service', 60_000, async () => {
      const [c, d, s, o] = await Promise.all([
        f.object<Obj>(CONFIGMAPS, 'site-config'),
        f.object<Obj>(DEPLOYMENTS, 'site-deployment'),
        f.object<Obj>(SERVICES, 'site-service'),
        getCr(),
      ]);
      return c && d && s && o ? { c, d, s, o } : undefined;
    });
    for (const [id, child] of [
      ['config', cr.c],
      ['deployment', cr.d],
      ['service', cr.s],
    ] as const) {
      const owner = child.metadata.ownerReferences?.[0];
      assert.equal(owner?.uid, cr.o.metadata.uid, `${id} owned by the CR`);
      assert.equal(owner?.controller, true);
      assert.equal(child.metadata.labels?.['app.kubernetes.io/managed-by'], 'operator-studio');
      assert.equal(child.metadata.labels?.['app.kubernetes.io/instance'], name);
      assert.equal(child.metadata.labels?.['app.kubernetes.io/component'], id);
    }
    assert.equal(cr.c.data?.GREETING, 'hello');

    const ready = await eventually('Ready and Available True with status.url', 90_000, async () => {
      const o = await getCr();
      return cond(o, 'Ready')?.status === 'True' &&
        cond(o, 'Available')?.status === 'True' &&
        o?.status?.url === `http://site-service.${ns}.svc`
        ? o
        : undefined;
    });
    assert.equal(ready.status?.observedGeneration, ready.metadata.generation);
    assert.equal(ready.status?.readyReplicas, 1);
    assert.equal(cond(ready, 'Degraded')?.status, 'False');
    const uid = ready.metadata.uid;

    // host set → an Ingress, with an Event and a timeline action
    await f.patchSpec(web, name, { host: 'site.example.com' });
    const ingress = await eventually('the Ingress', 60_000, () => f.object<Obj>(INGRESSES, 'site-ingress'));
    assert.equal(ingress.metadata.ownerReferences?.[0]?.uid, uid);
    await eventually('a Created Event for the Ingress', 30_000, async () => {
      const events = await f.kube.request<{ items: { reason?: string; note?: string; related?: { name?: string } }[] }>(
        { method: 'GET', path: `/apis/events.k8s.io/v1/namespaces/${ns}/events` },
      );
      return events.items.some(
        (e) =>
          e.reason === 'Created' && e.note === 'Created Ingress site-ingress' && e.related?.name === 'site-ingress',
      )
        ? true
        : undefined;
    });
    await eventually('a timeline action for the Ingress', 30_000, async () =>
      (await f.history.timeline(uid)).some((r) =>
        r.actions.some((a) => a.verb === 'created' && a.object.kind === 'Ingress'),
      )
        ? true
        : undefined,
    );

    // host cleared → the Ingress is deleted
    await f.patchSpec(web, name, { host: null });
    await eventually('the Ingress deleted', 60_000, async () =>
      (await f.object(INGRESSES, 'site-ingress')) === undefined ? true : undefined,
    );
    await eventually('a deleted action in the timeline', 30_000, async () =>
      (await f.history.timeline(uid)).some((r) =>
        r.actions.some((a) => (a.verb as string) === 'deleted' && a.object.kind === 'Ingress'),
      )
        ? true
        : undefined,
    );

    // replicas 2 → a PodDisruptionBudget; 1 → gone
    await f.patchSpec(web, name, { replicas: 2 });
    await eventually('the PodDisruptionBudget', 60_000, () => f.object<Obj>(PDBS, 'site-pdb'));
    await f.patchSpec(web, name, { replicas: 1 });
    await eventually('the PodDisruptionBudget deleted', 60_000, async () =>
      (await f.object(PDBS, 'site-pdb')) === undefined ? true : undefined,
    );

    // image edited → the Deployment's template follows
    await f.patchSpec(web, name, { image: 'nginx:1.28' });
    await eventually('the Deployment on nginx:1.28', 60_000, async () =>
      image(await f.object<Obj>(DEPLOYMENTS, 'site-deployment')) === 'nginx:1.28' ? true : undefined,
    );

    // a hand edit of a child converges back
    await f.kube.request({
      method: 'PATCH',
      path: `/api/v1/namespaces/${ns}/configmaps/site-config`,
      body: { data: { GREETING: 'edited by hand' } },
      contentType: 'application/merge-patch+json',
    });
    await eventually('the ConfigMap back at hello', 30_000, async () =>
      (await f.object<Obj>(CONFIGMAPS, 'site-config'))?.data?.GREETING === 'hello' ? true : undefined,
    );
    await eventually('Ready again for the latest generation', 90_000, async () => {
      const o = await getCr();
      return cond(o, 'Ready')?.status === 'True' && o?.status?.observedGeneration === o?.metadata.generation
        ? true
        : undefined;
    });

    // one Created Event per child, never repeated by a lagging cache (a repeat would count a series)
    const events = await f.kube.request<{ items: { reason?: string; note?: string; series?: { count: number } }[] }>({
      method: 'GET',
      path: `/apis/events.k8s.io/v1/namespaces/${ns}/events`,
    });
    const created = events.items.filter((e) => e.note === 'Created ConfigMap site-config');
    assert.equal(created.length, 1);
    assert.equal(created[0]?.series, undefined, 'announced once');
    const runs = await f.history.timeline(uid);
    for (const r of runs)
      t.diagnostic(
        `run ${r.id} ${r.outcome} [${r.triggers.map((x) => (x.kind === 'watch' || x.kind === 'owned' ? `${x.kind}:${x.object.kind}:${x.eventType}` : x.kind)).join(' ')}] ${r.actions.map((a) => `${a.verb} ${a.summary}`).join('; ')} ${(r.errorMessage ?? '').slice(0, 160)}`,
      );
    assert.ok(
      runs.every((r) => r.outcome === 'success'),
      'no failed run',
    );
  },
);

/** A second graph design, kind Site: a ConfigMap of its own and a Deployment named `site-deployment` outright. */
function siteDesign(suffix: string): Design {
  return exampleDesign('webapp.design.yaml', `b${suffix}`, (d) => ({
    ...d,
    crd: {
      ...d.crd,
      group: `site-${suffix}`,
      names: { kind: 'Site', plural: 'sites', singular: 'site', listKind: 'SiteList' },
    },
    operand: {
      resources: [
        { id: 'cfg', template: { apiVersion: 'v1', kind: 'ConfigMap', data: { OWNER: 'site' } } },
        {
          id: 'clash',
          template: {
            apiVersion: 'apps/v1',
            kind: 'Deployment',
            metadata: { name: 'site-deployment' },
            spec: {
              replicas: 3,
              selector: { matchLabels: { app: 'clash' } },
              template: {
                metadata: { labels: { app: 'clash' } },
                spec: { containers: [{ name: 'c', image: 'busybox:1' }] },
              },
            },
          },
        },
      ] as ChildResource[],
    },
  }));
}

test(
  'two graph kinds with same-named CRs keep their own children; a name owned by the other is left untouched',
  { skip: skipWithoutCluster, timeout: 240_000 },
  async (t) => {
    const { f, start } = await setUp('graph-clash-it', t);
    const web = await f.install(exampleDesign('webapp.design.yaml', f.suffix));
    const site = await f.install(siteDesign(f.suffix));
    start();
    const name = 'site';
    await f.create(web, name, {});
    const webDeployment = await eventually('the WebApp Deployment', 60_000, () =>
      f.object<Obj>(DEPLOYMENTS, 'site-deployment'),
    );
    const webUid = webDeployment.metadata.ownerReferences?.[0]?.uid;
    await f.create(site, name, {});
    const degraded = await eventually('the Site Degraded=True AlreadyOwned', 60_000, async () => {
      const o = await f.get<Obj>(site, name);
      const c = cond(o, 'Degraded');
      return o !== undefined && c?.status === 'True' && c.reason === 'AlreadyOwned' ? { o, c } : undefined;
    });
    assert.equal(
      degraded.c.message,
      `Deployment ${f.ns}/site-deployment is controlled by WebApp site (uid ${webUid}); left untouched`,
    );
    const cfg = await eventually('the Site ConfigMap', 30_000, () => f.object<Obj>(CONFIGMAPS, 'site-cfg'));
    assert.equal(cfg.metadata.ownerReferences?.[0]?.uid, degraded.o.metadata.uid);
    const webConfig = await f.object<Obj>(CONFIGMAPS, 'site-config');
    assert.equal(webConfig?.metadata.ownerReferences?.[0]?.uid, webUid, 'the WebApp keeps its ConfigMap');
    const after = await f.object<Obj>(DEPLOYMENTS, 'site-deployment');
    assert.deepEqual(
      after?.metadata.ownerReferences?.map((r) => r.uid),
      [webUid],
      'the WebApp Deployment has one owner',
    );
    assert.equal(after?.spec?.replicas, 1, 'not scaled by the Site');
    assert.equal(image(after), 'nginx:1.27', 'not rewritten by the Site');
    assert.equal(cond(degraded.o, 'Ready')?.status, 'False');
  },
);

test(
  'Memcached: a second kind with a same-named CR neither scales nor rewrites the first kind’s Deployment',
  { skip: skipWithoutCluster, timeout: 240_000 },
  async (t) => {
    const { f, start } = await setUp('mc-clash-it', t);
    const first: InstalledKind = await f.install(exampleDesign('memcached.design.yaml', `a${f.suffix}`));
    const second: InstalledKind = await f.install(exampleDesign('memcached.design.yaml', `b${f.suffix}`));
    start();
    const name = 'm';
    await f.create(first, name, { size: 1, containerPort: 11211 });
    const dep = await eventually('the first kind’s Deployment', 60_000, () => f.object<Obj>(DEPLOYMENTS, name));
    const firstUid = dep.metadata.ownerReferences?.[0]?.uid;
    await f.create(second, name, { size: 3, containerPort: 11211 });
    const degraded = await eventually('the second Memcached Degraded=True AlreadyOwned', 60_000, async () => {
      const c = cond(await f.get<Obj>(second, name), 'Degraded');
      return c?.status === 'True' && c.reason === 'AlreadyOwned' ? c : undefined;
    });
    assert.equal(
      degraded.message,
      `Deployment ${f.ns}/${name} is controlled by Memcached ${name} (uid ${firstUid}); left untouched`,
    );
    const after = await f.object<Obj>(DEPLOYMENTS, name);
    assert.equal(after?.spec?.replicas, 1, 'not scaled by the second kind');
    assert.deepEqual(
      after?.metadata.ownerReferences?.map((r) => r.uid),
      [firstUid],
    );
    const firstCr = await eventually('the first Memcached Ready', 60_000, async () => {
      const o = await f.get<Obj>(first, name);
      return cond(o, 'Ready')?.status === 'True' ? o : undefined;
    });
    assert.equal(cond(firstCr, 'Available')?.status, 'True');
  },
);
