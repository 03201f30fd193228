// `opstudio test --against-cluster` (docs/design/0052): the design's validation cases sent to a
// real API server as server-side dry runs, under a temporary copy of the design's CRD (its own
// group, so the cluster's objects are never touched), and every case where the API server's
// verdict differs from the studio's reported. Old objects for update cases are stored for real
// while the copy has a permissive schema (a ratcheting case's old object is one the design's
// schema refuses), then the copy takes the design's schema and each update is a dry run. Every
// temporary object goes away with the copy and its namespaces, whatever happens.
import { randomBytes } from 'node:crypto';
import type { KubeConfig } from '@kubernetes/client-node';
import type { CelEngine } from '@opstudio/shared/cel/engine';
import { crdObject } from '@opstudio/shared/crd/generate';
import {
  clusterCases,
  clusterCopy,
  PROBE_FIELD,
  probeWorks,
  refusalLines,
  verdictDifferences,
  warningText,
  type AgainstClusterRun,
  type ClusterCase,
  type ClusterComparison,
  type ClusterCopy,
} from '@opstudio/shared/design-tests/against-cluster';
import { runValidationCase, type Verdict } from '@opstudio/shared/design-tests/validation-case';
import type { Design } from '@opstudio/shared/design/schema';
import { CrdClient } from '../install/crd-client';
import { waitForCrdGone, waitForEstablished } from '../install/wait';
import { KubeApiError } from '../kube/errors';
import { KubeJson } from '../kube/json-client';

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
// unknown fields are pruned silently, as the studio prunes them (the default would warn of each)
const QUERY = { fieldValidation: 'Ignore' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A case and, for an update, its old object as stored (its resourceVersion) or why it could not be. */
type Prepared = ClusterCase & { stored?: Record<string, unknown> | string };

export async function againstCluster(kc: KubeConfig, design: Design, engine: CelEngine): Promise<AgainstClusterRun> {
  const http = new KubeJson(kc);
  const crds = new CrdClient(kc);
  const token = `t${randomBytes(4).toString('hex')}`;
  const crd = crdObject(design);
  const copy = clusterCopy(crd, token);
  const placed = clusterCases(design, copy, token);
  const cases: Prepared[] = placed.cases;
  const { namespaces } = placed;
  const results: ClusterComparison[] = [];
  try {
    if (cases.length > 0) {
      await http.request({ method: 'POST', path: CRDS, body: copy.permissive, what: `create CRD ${copy.name}` });
      await waitForEstablished(crds, copy.name, 30_000, () => undefined);
      for (const ns of namespaces)
        await http.request({ method: 'POST', path: '/api/v1/namespaces', body: { metadata: { name: ns } } });
      for (const p of cases)
        if (p.oldObject !== null)
          p.stored = await http
            .request<Record<string, unknown>>({
              method: 'POST',
              path: collection(copy, p),
              body: p.oldObject,
              query: QUERY,
            })
            .catch((err: unknown) => `the old object could not be stored: ${errText(err)}`);
      await takeDesignSchema(http, crds, copy, cases[0]!);
    }
    for (const p of cases) results.push(await compare(http, engine, design, copy, p));
  } finally {
    // like kubectl delete, wait until the temporary CRD is gone (its stored old objects hold it
    // in Terminating for a moment), so nothing of the run is left on the cluster when it exits
    if (await crds.delete(copy.name).catch(() => false))
      await waitForCrdGone(crds, copy.name, 30_000).catch((err: unknown) =>
        process.stderr.write(`opstudio test: warning: ${errText(err)}\n`),
      );
    for (const ns of namespaces)
      await http.request({ method: 'DELETE', path: `/api/v1/namespaces/${ns}` }).catch(() => undefined);
  }
  return { server: http.server, cases: results, disagreements: results.filter((r) => r.differences.length > 0).length };
}

function collection(copy: ClusterCopy, p: Pick<Prepared, 'version' | 'namespace'>): string {
  const ns = p.namespace === undefined ? '' : `/namespaces/${p.namespace}`;
  return `/apis/${copy.group}/${p.version}${ns}/${copy.real.spec.names.plural}`;
}

function errText(err: unknown): string {
  if (err instanceof KubeApiError && err.code === 422) return refusalLines(err.status).join('; ');
  return err instanceof Error ? err.message : String(err);
}

/**
 * The copy takes the design's schema; then wait until the API server validates with it: a dry
 * run of a case's object with an unknown field at the root, which the permissive schema keeps and
 * the design's schema prunes (or refuses outright).
 */
async function takeDesignSchema(http: KubeJson, crds: CrdClient, copy: ClusterCopy, probe: Prepared): Promise<void> {
  await http.request({
    method: 'PATCH',
    path: `${CRDS}/${copy.name}`,
    contentType: 'application/merge-patch+json',
    body: { spec: { versions: copy.real.spec.versions } },
    what: `give CRD ${copy.name} the design's schema`,
  });
  await waitForEstablished(crds, copy.name, 30_000, () => undefined);
  if (!probeWorks(copy.real)) {
    await sleep(2000); // the design keeps unknown fields at the root: nothing tells the schemas apart
    return;
  }
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await http
      .request<Record<string, unknown>>({
        method: 'POST',
        path: collection(copy, probe),
        body: { ...probe.object, [PROBE_FIELD]: true },
        query: { dryRun: 'All' },
      })
      .catch((err: unknown) => {
        if (err instanceof KubeApiError && err.code === 422) return undefined; // refused: the design's schema
        throw err;
      });
    if (answer === undefined || !(PROBE_FIELD in answer)) return;
    if (Date.now() > deadline)
      throw new Error(`the API server did not take the design's schema for ${copy.name} within 30 s`);
    await sleep(200);
  }
}

async function compare(
  http: KubeJson,
  engine: CelEngine,
  design: Design,
  copy: ClusterCopy,
  p: Prepared,
): Promise<ClusterComparison> {
  const head = { name: p.c.name, path: p.path };
  const { verdict: studio, failures } = runValidationCase(engine, design, p.c);
  if (studio === undefined)
    return { ...head, differences: failures.map((f) => `the studio could not run it: ${f.text}`) };
  if (typeof p.stored === 'string') return { ...head, studio, differences: [p.stored] };
  const warnings: string[] = [];
  let cluster: Verdict;
  try {
    const stored = p.stored;
    if (stored === undefined)
      await http.request({
        method: 'POST',
        path: collection(copy, p),
        body: p.object,
        query: { ...QUERY, dryRun: 'All' },
        warnings,
      });
    else {
      const meta = stored.metadata as { name: string; resourceVersion: string };
      const body = {
        ...p.object,
        metadata: { ...(p.object.metadata as object), resourceVersion: meta.resourceVersion },
      };
      await http.request({
        method: 'PUT',
        path: `${collection(copy, p)}/${encodeURIComponent(meta.name)}`,
        body,
        query: { ...QUERY, dryRun: 'All' },
        warnings,
      });
    }
    cluster = { allowed: true, errors: [], warnings: warnings.map(warningText) };
  } catch (err) {
    if (!(err instanceof KubeApiError) || err.code !== 422)
      return { ...head, studio, differences: [`the API server did not answer with a verdict: ${errText(err)}`] };
    cluster = { allowed: false, errors: refusalLines(err.status), warnings: warnings.map(warningText) };
  }
  return { ...head, studio, cluster, differences: verdictDifferences(studio, cluster) };
}
