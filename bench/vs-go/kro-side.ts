// kro's side of a side-by-side bench (vs-kro): kro's controller (v0.9.4, built from its Go module
// into the binaries cache by packages/sandbox/src/kro.ts) running the design's
// ResourceGraphDefinition (bench/kro/<name>.rgd.yaml) under the side's own API group. kro makes the
// custom resource's CRD from the RGD, so installing the side means kro's CRDs, the RGD, and kro
// itself for as long as it takes the RGD to turn Active and its CRD to be Established; each run
// then starts kro again with the run's worker count
// (`--dynamic-controller-concurrent-reconciles`, the instance controller's workers; default 1).
// kro marks an instance ready with its `Ready` condition (True once InstanceManaged,
// GraphResolved and ResourcesReady are, i.e. every resource's readyWhen holds), stamped with the
// instance's generation as observedGeneration (kro pkg/controller/instance/status.go).
import { readFileSync } from 'node:fs';
import { ensureKro, kroCrds } from '@opstudio/sandbox';
import { parseYaml } from '@opstudio/shared/yaml/parse';
import type { KubeJson } from '../../apps/controller/src/kube/json-client';
import { eventually } from '../../apps/controller/testing';
import type { RunningController } from './embedded-side';
import { startGoProcess } from './go-side';

/** The condition type kro writes on an instance once every resource is ready. */
export const KRO_READY_CONDITION = 'Ready';

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const RGDS = '/apis/kro.run/v1alpha1/resourcegraphdefinitions';
const GRAPH_REVISIONS = '/apis/internal.kro.run/v1alpha1/graphrevisions';

interface Rgd {
  metadata: { name: string };
  spec: { schema: { group: string; apiVersion: string; kind: string } };
  status?: { state?: string; conditions?: { type: string; status: string; message?: string }[] };
}

export interface KroSide {
  readonly binary: string;
  readonly rgdName: string;
  start(this: void, workers: number): Promise<RunningController>;
}

/** kro's controller with `workers` instance workers; its per-instance info lines off, as the Go side's. */
export function startKro(binary: string, kubeconfig: string, workers: number): Promise<RunningController> {
  return startGoProcess("kro's controller", binary, kubeconfig, ({ metrics, probe }) => [
    `--metrics-bind-address=127.0.0.1:${metrics}`,
    `--health-probe-bind-address=127.0.0.1:${probe}`,
    `--dynamic-controller-concurrent-reconciles=${workers}`,
    '--zap-log-level=error',
  ]);
}

/**
 * Installs kro's side: its CRDs (kept once created), the RGD of `rgdFile` under `group` and named
 * `rgdName`, and runs kro until the RGD is Active and `crdName` (the CRD kro makes) Established.
 */
export async function installKroSide(
  kube: KubeJson,
  o: { kubeconfig: string; rgdFile: string; group: string; rgdName: string; crdName: string },
  log: (line: string) => void,
): Promise<KroSide> {
  const binary = await ensureKro({ onProgress: (line) => log(`kro: ${line}`) });
  for (const text of await kroCrds()) {
    const parsed = parseYaml(text);
    if (!parsed.ok) throw new Error("kro's CRDs do not parse");
    await kube.request({ method: 'POST', path: CRDS, body: parsed.value }).catch((err: { code?: number }) => {
      if (err.code !== 409) throw err;
    });
  }
  for (const crd of ['resourcegraphdefinitions.kro.run', 'graphrevisions.internal.kro.run'])
    await eventually(`CRD ${crd} Established`, 30_000, () => established(kube, crd));
  const parsed = parseYaml(readFileSync(o.rgdFile, 'utf8'));
  if (!parsed.ok) throw new Error(`${o.rgdFile} does not parse`);
  const rgd = structuredClone(parsed.value) as unknown as Rgd;
  rgd.metadata.name = o.rgdName;
  rgd.spec.schema.group = o.group;
  await kube.request({ method: 'POST', path: RGDS, body: rgd });
  const kro = await startKro(binary, o.kubeconfig, 1);
  let last: Rgd | undefined;
  try {
    await eventually(`RGD ${o.rgdName} Active and CRD ${o.crdName} Established`, 180_000, async () => {
      last = await kube.request<Rgd>({ method: 'GET', path: `${RGDS}/${o.rgdName}` }).catch(() => undefined);
      return last?.status?.state === 'Active' ? established(kube, o.crdName) : undefined;
    });
  } catch (err) {
    throw new Error(`${String(err)}\nRGD status: ${JSON.stringify(last?.status)}\nkro log:\n${kro.log()}`);
  } finally {
    await kro.stop();
  }
  return { binary, rgdName: o.rgdName, start: (workers) => startKro(binary, o.kubeconfig, workers) };
}

/**
 * Deletes the RGD and its GraphRevisions with no kro running: their finalizers dropped first. The
 * CRD kro made stays (kro never deletes one unless --allow-crd-deletion): removeSide deletes it.
 */
export async function removeRgd(kube: KubeJson, rgdName: string): Promise<void> {
  const unfinalize = (path: string) =>
    kube
      .request({
        method: 'PATCH',
        path,
        body: { metadata: { finalizers: null } },
        contentType: 'application/merge-patch+json',
      })
      .catch(() => undefined);
  const revisions = await kube
    .request<{ items: { metadata: { name: string } }[] }>({
      method: 'GET',
      path: GRAPH_REVISIONS,
      query: { labelSelector: `kro.run/resource-graph-definition-name=${rgdName}` },
    })
    .catch(() => ({ items: [] }));
  for (const r of revisions.items) {
    await unfinalize(`${GRAPH_REVISIONS}/${r.metadata.name}`);
    await kube.request({ method: 'DELETE', path: `${GRAPH_REVISIONS}/${r.metadata.name}` }).catch(() => undefined);
  }
  await unfinalize(`${RGDS}/${rgdName}`);
  await kube.request({ method: 'DELETE', path: `${RGDS}/${rgdName}` }).catch(() => undefined);
}

async function established(kube: KubeJson, crdName: string): Promise<true | undefined> {
  const c = await kube
    .request<{ status?: { conditions?: { type: string; status: string }[] } }>({
      method: 'GET',
      path: `${CRDS}/${crdName}`,
    })
    .catch(() => undefined);
  return c?.status?.conditions?.some((x) => x.type === 'Established' && x.status === 'True') ? true : undefined;
}
