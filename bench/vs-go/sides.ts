// The sides under test, each with its own API group, CRD and namespace: `embedded` (the
// studio's labelled CRD, the design in a temp SQLite database, embedded-child.ts per run), `go`
// (the export's CRD, unlabelled so the embedded controller ignores it, the cached binary per
// run) and, for a target with an RGD, `kro` (the CRD kro makes from the RGD, kro's controller per
// run: kro-side.ts). The names are fixed, so install() first removes what a killed run left behind.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { KubeConfig } from '@kubernetes/client-node';
import { openDb } from '../../apps/controller/src/db';
import { labelledCrd } from '../../apps/controller/src/install/labels';
import { installIdentity } from '../../apps/controller/src/install/identity';
import { KubeJson } from '../../apps/controller/src/kube/json-client';
import { eventually, migratedTempDb } from '../../apps/controller/testing';
import { serializeDesign } from '../../packages/shared/src/design/io';
import type { SideName } from './design';
import { startEmbedded, type RunningController } from './embedded-side';
import { buildGoManager, startGoManager } from './go-side';
import { installKroSide, KRO_READY_CONDITION, removeRgd } from './kro-side';
import { CONTROLLER_RUNTIME_COUNTERS, KRO_COUNTERS, type CounterNames } from './reconcile-counters';
import { MEMCACHED, type BenchTarget } from './target';

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';

export interface Side {
  readonly name: SideName;
  readonly group: string;
  readonly ns: string;
  readonly crdName: string;
  /** The namespaced collection of its CRs. */
  readonly crPath: string;
  /** What the side runs (the CRs' kind and spec, the tracked child, the milestone). */
  readonly target: BenchTarget;
  readonly kind: string;
  /** The condition type its controller marks a ready CR with: `Available`, kro's `Ready`. */
  readonly readyCondition: string;
  /** The metrics its controller counts reconciles in. */
  readonly counters: CounterNames;
  start(workers: number): Promise<RunningController>;
  /** Files of this side outside the cluster (the embedded side's SQLite database), removed at the end. */
  readonly localDir?: string;
  /** kro's side: its ResourceGraphDefinition, removed at the end. */
  readonly rgdName?: string;
}

export async function installSides(
  kc: KubeConfig,
  kubeconfig: string,
  log: (l: string) => void,
  target: BenchTarget = MEMCACHED,
  names: readonly SideName[] = ['embedded', 'go'],
): Promise<Side[]> {
  const kube = new KubeJson(kc);
  const sides: Side[] = [];
  for (const name of names) {
    const design = target.design(name);
    const group = `${design.crd.group}.${design.project.domain}`;
    const ns = target.namespace(name);
    const crdName = `${target.plural}.${group}`;
    const crPath = `/apis/${group}/v1alpha1/namespaces/${ns}/${target.plural}`;
    const rgdName = name === 'kro' ? `${ns}-${target.plural}` : undefined;
    await removeSide(kube, { crdName, crPath, ns, ...(rgdName !== undefined ? { rgdName } : {}) });
    let crd: unknown;
    let start: (workers: number) => Promise<RunningController>;
    let localDir: string | undefined;
    let designId: string | undefined;
    if (name === 'kro') {
      if (target.rgdFile === undefined || rgdName === undefined) throw new Error('kro side: the target has no RGD');
      await kube.request({ method: 'POST', path: '/api/v1/namespaces', body: { metadata: { name: ns } } });
      const kro = await installKroSide(kube, { kubeconfig, rgdFile: target.rgdFile, group, rgdName, crdName }, log);
      sides.push({
        name,
        group,
        ns,
        crdName,
        crPath,
        target,
        kind: design.crd.names.kind,
        readyCondition: KRO_READY_CONDITION,
        counters: KRO_COUNTERS,
        start: kro.start,
        rgdName,
      });
      continue;
    }
    if (name === 'embedded') {
      const databaseUrl = migratedTempDb();
      localDir = path.dirname(databaseUrl.replace(/^file:/, ''));
      const db = openDb(databaseUrl);
      const saved = await db.design.create({
        data: { name: 'vs-go-bench', versions: { create: { version: 1, yaml: serializeDesign(design) } } },
      });
      await db.$disconnect();
      designId = saved.id;
      crd = labelledCrd(design, saved.id, 1);
      start = (workers) => startEmbedded({ kubeconfig, databaseUrl, lease: `${ns}/vs-go-bench`, crdName, workers });
    } else {
      const build = buildGoManager(design, log);
      if (build.buildSeconds > 0) log(`go build took ${build.buildSeconds.toFixed(0)} s`);
      crd = build.crd;
      start = (workers) => startGoManager(build.binary, kubeconfig, workers);
    }
    await kube.request({ method: 'POST', path: CRDS, body: crd });
    await kube.request({ method: 'POST', path: '/api/v1/namespaces', body: { metadata: { name: ns } } });
    // the embedded controller writes as the design's identity, in its Lease namespace
    if (designId !== undefined) await installIdentity(kc, design, designId, crdName, ns);
    await eventually(`CRD ${crdName} Established`, 30_000, async () => {
      const c = await kube.request<{ status?: { conditions?: { type: string; status: string }[] } }>({
        method: 'GET',
        path: `${CRDS}/${crdName}`,
      });
      return c.status?.conditions?.some((x) => x.type === 'Established' && x.status === 'True') ? true : undefined;
    });
    const kind = design.crd.names.kind;
    sides.push({
      name,
      group,
      ns,
      crdName,
      crPath,
      target,
      kind,
      readyCondition: 'Available',
      counters: CONTROLLER_RUNTIME_COUNTERS,
      start,
      ...(localDir !== undefined ? { localDir } : {}),
    });
  }
  return sides;
}

/** Everything a side created: its CRs (finalizers dropped: no controller runs now), namespace, CRD, RGD, local files. */
export async function removeSide(
  kube: KubeJson,
  side: Pick<Side, 'crdName' | 'crPath' | 'ns' | 'localDir' | 'rgdName'>,
): Promise<void> {
  if (side.localDir !== undefined) rmSync(side.localDir, { recursive: true, force: true });
  if (side.rgdName !== undefined) await removeRgd(kube, side.rgdName);
  const crd = await kube.request({ method: 'GET', path: `${CRDS}/${side.crdName}` }).catch(() => undefined);
  if (crd !== undefined) {
    const list = await kube
      .request<{ items: { metadata: { name: string } }[] }>({ method: 'GET', path: side.crPath })
      .catch(() => ({ items: [] }));
    for (const cr of list.items)
      await kube
        .request({
          method: 'PATCH',
          path: `${side.crPath}/${cr.metadata.name}`,
          body: { metadata: { finalizers: null } },
          contentType: 'application/merge-patch+json',
        })
        .catch(() => undefined);
    await kube.request({ method: 'DELETE', path: `${CRDS}/${side.crdName}` }).catch(() => undefined);
  }
  await kube.request({ method: 'DELETE', path: `/api/v1/namespaces/${side.ns}` }).catch(() => undefined);
  await eventually(`namespace ${side.ns} and CRD ${side.crdName} gone`, 300_000, async () => {
    const gone = async (path: string) =>
      kube.request({ method: 'GET', path }).then(
        () => false,
        (err: { code?: number }) => err.code === 404,
      );
    return (await gone(`/api/v1/namespaces/${side.ns}`)) && (await gone(`${CRDS}/${side.crdName}`)) ? true : undefined;
  });
}
