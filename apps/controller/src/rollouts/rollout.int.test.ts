// Issue 31, point 4 (docs/design/0055-revisions-and-rollouts.md), the acceptance's shape on the
// sandbox: 200 Web apps at revision 1; a rollout to revision 2, whose Deployment image does not
// exist (kwok plays the kubelet that cannot pull `*:does-not-exist`), moves a canary of 5, pauses
// on the first whose pods cannot pull their image and says so; Rollback returns the 5 to revision 1;
// the other 195's children were never written (the resourceVersions of their ConfigMaps and
// Services, the generations of their Deployments, are those before the rollout).
// Each canary's runs at revision 2 are on its timeline (ReconcileRun.designVersion).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serializeDesign } from '@opstudio/shared/design/io';
import type { Design } from '@opstudio/shared/design/schema';
import { ROLLOUT_REQUEST } from '@opstudio/shared/rollout/rollout';
import { eventually, skipWithoutCluster } from '../../testing';
import { DesignFixture, exampleDesign } from '../../testing/design-fixture';
import { kindRollout } from '../operators/rollout-store';
import { kindRevisions, rollbackKindRollout, startKindRollout, type RolloutTarget } from './service';

const BAD_IMAGE = 'registry.invalid/webapp:does-not-exist';
const COUNT = 200;
/** How often a probe lists all 200 (CRs or Deployments). */
const LIST_POLL_MS = 1_000;
const names = Array.from({ length: COUNT }, (_, i) => `web-${String(i).padStart(3, '0')}`);

interface Item {
  metadata: { name: string; resourceVersion: string; generation?: number; labels?: Record<string, string> };
  spec?: { template?: { spec?: { containers?: { image?: string }[] } } };
  status?: { conditions?: { type: string; status: string }[] };
}

/** Revision 2: the same design with the Deployment's image a tag no registry has. */
function withBadImage(d: Design): Design {
  const copy = structuredClone(d);
  const deployment = copy.operand?.resources?.find((r) => r.id === 'deployment');
  const pod = (deployment?.template as Item | undefined)?.spec?.template?.spec;
  if (pod?.containers?.[0] === undefined) throw new Error('the Web app example has no Deployment container');
  pod.containers[0].image = BAD_IMAGE;
  return copy;
}

test(
  'a rollout to a revision with a missing image stops after the canary of 5, says why, and Rollback returns them; the other 195 never change',
  { skip: skipWithoutCluster, timeout: 330_000 },
  async (t) => {
    const f = await DesignFixture.open('rollout-it', t, { deleteTimeoutMs: 120_000 });
    const web = await f.install(exampleDesign('webapp.design.yaml', f.suffix));
    const designId = (await f.db.design.findFirstOrThrow({ select: { id: true } })).id;
    await f.db.designVersion.create({
      data: { designId, version: 2, yaml: serializeDesign(withBadImage(web.design)) },
    });
    f.startManager('rollout-it-lease');
    const started = Date.now();
    for (let i = 0; i < COUNT; i += 50)
      await Promise.all(names.slice(i, i + 50).map((n) => f.create(web, n, { greeting: n })));

    const list = async (path: string) => (await f.kube.request<{ items: Item[] }>({ method: 'GET', path })).items;
    const deployments = () => list(`/apis/apps/v1/namespaces/${f.ns}/deployments`);
    const ready = (o: Item) => o.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') === true;
    // a list of 200 CRs, every second: polled back to back, the lists slowed what they waited for
    await eventually(
      `${COUNT} Web apps Ready`,
      200_000,
      async () => ((await list(f.crPath(web))).filter(ready).length === COUNT ? true : undefined),
      { everyMs: LIST_POLL_MS },
    );
    t.diagnostic(`200 Web apps Ready in ${Math.round((Date.now() - started) / 1000)} s`);
    const childPaths = [
      `/apis/apps/v1/namespaces/${f.ns}/deployments`,
      `/api/v1/namespaces/${f.ns}/services`,
      `/api/v1/namespaces/${f.ns}/configmaps`,
    ];
    // a ConfigMap's or Service's resourceVersion moves only when it is written; a Deployment's also
    // with every status write of the Deployment controller, so its spec's generation stands for it
    const versions = async () =>
      new Map(
        (await Promise.all(childPaths.map(list)))
          .flat()
          .map((o) => [
            o.metadata.name,
            o.metadata.name.endsWith('-deployment')
              ? `generation ${o.metadata.generation}`
              : o.metadata.resourceVersion,
          ]),
      );
    const before = await versions();

    const target: RolloutTarget = { db: f.db, clusterId: await f.cluster.require(), crdName: web.crdName, as: f.kc };
    assert.deepEqual(
      (await kindRevisions(target)).revisions.map((r) => [r.version, r.conflict]),
      [
        [2, undefined],
        [1, undefined],
      ],
    );
    await startKindRollout(
      target,
      ROLLOUT_REQUEST.parse({ to: 2, canary: { count: 5 }, readyWithinSeconds: 60 }),
      'test',
    );
    const canary = names.slice(0, 5).map((n) => `${f.ns}/${n}`);

    const paused = await eventually('the rollout paused on the canary', 90_000, async () => {
      const row = await kindRollout(f.db, target.clusterId, web.crdName);
      return row?.state.phase === 'paused' ? row.state : undefined;
    });
    assert.deepEqual(paused.assigned, canary, 'only the canary moved');
    assert.ok(canary.includes(paused.failure?.key ?? ''), `paused on ${paused.failure?.key}`);
    assert.match(
      paused.failure?.reason ?? '',
      /ImagePullBackOff: Back-off pulling image "registry\.invalid\/webapp:does-not-exist"/,
    );
    const summary = (await kindRevisions(target)).rollout?.summary ?? '';
    assert.match(summary, /^paused: .*ImagePullBackOff/);
    const images = new Map(
      (await deployments()).map((d) => [d.metadata.name, d.spec?.template?.spec?.containers?.[0]?.image]),
    );
    for (const n of names.slice(0, 5)) assert.equal(images.get(`${n}-deployment`), BAD_IMAGE, `${n} runs revision 2`);
    const runsAt2 = await f.db.reconcileRun.findMany({ where: { designVersion: 2 }, select: { name: true } });
    assert.deepEqual(
      [...new Set(runsAt2.map((r) => r.name))].sort(),
      names.slice(0, 5),
      'the timeline says which ran revision 2',
    );

    await rollbackKindRollout(target);
    await eventually(
      'the canary back at revision 1 and Ready',
      90_000,
      async () => {
        const ds = new Map((await deployments()).map((d) => [d.metadata.name, d]));
        const crs = new Map((await list(f.crPath(web))).map((o) => [o.metadata.name, o]));
        return names
          .slice(0, 5)

          .every(
            (n) =>
              ds.get(`${n}-deployment`)?.spec?.template?.spec?.containers?.[0]?.image === 'nginx:1.27' &&
              ready(crs.get(n)!),
          )
          ? true
          : undefined;
      },
      { everyMs: LIST_POLL_MS },
    );
    const after = await versions();
    const others = [...before].filter(
      ([name]) => name.startsWith('web-') && !names.slice(0, 5).some((n) => name === n || name.startsWith(`${n}-`)),
    );
    assert.equal(others.length, 195 * 3, 'a Deployment, a Service and a ConfigMap for each of the other 195');
    for (const [name, rv] of others) assert.equal(after.get(name), rv, `${name} never changed`);
    t.diagnostic(`done in ${Math.round((Date.now() - started) / 1000)} s`);
  },
);
