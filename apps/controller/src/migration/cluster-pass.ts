/**
 * The migrate step done by the cluster's own storage migrator, where the cluster serves
 * `storagemigration.k8s.io/v1beta1` (docs/design/0054): create the kind's StorageVersionMigration
 * (named so that a restarted studio finds it: packages/shared/src/migration/cluster.ts), then
 * poll it and the kind about once a second for the progress bar: its conditions in words, and
 * the count of objects written since its `status.resourceVersion` (a metadata-only list). On
 * success the cluster sets `status.storedVersions` itself; the checkpoint on the CRD (as for the
 * studio's pass) says the pass finished, so the steps after it (unserve, remove) know what was
 * migrated off. Writes go out as `kube`, the user: creating the migration is their RBAC's call.
 */
import {
  clusterMigration,
  clusterMigrationName,
  clusterMigrationState,
  migratedSince,
  SVM_GROUP_VERSION,
  type StorageVersionMigration,
} from '@opstudio/shared/migration/cluster';
import { beginPass, passVersion, type Checkpoint } from '@opstudio/shared/migration/plan';
import type { CustomResourceDefinition } from '@opstudio/shared/crd/types';
import { KubeApiError } from '../kube/errors';
import type { KubeJson } from '../kube/json-client';
import type { PassOptions } from './migrator';

const SVMS = `/apis/${SVM_GROUP_VERSION}/storageversionmigrations`;
const METADATA_LIST = 'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1';

/** True when the cluster serves StorageVersionMigrations (and lets this user see that it does). */
export async function servesClusterMigration(kube: KubeJson): Promise<boolean> {
  try {
    const group = await kube.request<{ resources?: { name: string }[] }>({
      method: 'GET',
      path: `/apis/${SVM_GROUP_VERSION}`,
    });
    return group.resources?.some((r) => r.name === 'storageversionmigrations') === true;
  } catch (err) {
    if (err instanceof KubeApiError && (err.code === 404 || err.code === 403)) return false;
    throw err;
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted === true) return resolve();
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });

async function findOrCreate(kube: KubeJson, crd: CustomResourceDefinition): Promise<StorageVersionMigration> {
  const name = clusterMigrationName(crd);
  const get = () => kube.request<StorageVersionMigration>({ method: 'GET', path: `${SVMS}/${name}` });
  try {
    const found = await get();
    if (clusterMigrationState(found).state !== 'failed') return found;
    // a new press retries a failed migration: the same name, made anew
    await kube.request({
      method: 'DELETE',
      path: `${SVMS}/${name}`,
      what: `delete the failed StorageVersionMigration ${name}`,
    });
  } catch (err) {
    if (!(err instanceof KubeApiError) || err.code !== 404) throw err;
  }
  try {
    return await kube.request<StorageVersionMigration>({
      method: 'POST',
      path: SVMS,
      body: clusterMigration(crd),
      what: `create the StorageVersionMigration ${name}`,
    });
  } catch (err) {
    if (err instanceof KubeApiError && err.code === 409) return get(); // another studio or terminal just did
    throw err;
  }
}

/** Every object's resourceVersion, metadata only, pages of 500. */
async function resourceVersions(kube: KubeJson, crd: CustomResourceDefinition, version: string): Promise<string[]> {
  const out: string[] = [];
  let cont: string | undefined;
  do {
    const page = await kube.request<{
      metadata: { continue?: string };
      items: { metadata: { resourceVersion: string } }[];
    }>({
      method: 'GET',
      path: `/apis/${crd.spec.group}/${version}/${crd.spec.names.plural}`,
      query: { limit: '500', continue: cont },
      accept: METADATA_LIST,
    });
    for (const o of page.items) out.push(o.metadata.resourceVersion);
    cont = page.metadata.continue === '' ? undefined : page.metadata.continue;
  } while (cont !== undefined);
  return out;
}

/**
 * Runs the step through the cluster's migrator until it succeeds (the checkpoint marked
 * finished), fails (thrown, in words), or `signal` aborts (the checkpoint saved: a new pass finds
 * the same migration and goes on watching it).
 */
export async function clusterPass(
  kube: KubeJson,
  crd: CustomResourceDefinition,
  opts: PassOptions & { readonly pollMs?: number },
  save: (cp: Checkpoint) => Promise<void>,
): Promise<void> {
  const version = passVersion(crd)!;
  const svm0 = await findOrCreate(kube, crd);
  const { checkpoint, resumed } = beginPass(crd, '');
  let cp: Checkpoint = { ...checkpoint, by: opts.by, via: svm0.metadata.name };
  await save(cp);
  let saved = cp.done;
  for (;;) {
    const svm = await kube.request<StorageVersionMigration>({ method: 'GET', path: `${SVMS}/${svm0.metadata.name}` });
    const { state, words } = clusterMigrationState(svm);
    const rvs = await resourceVersions(kube, crd, version);
    const done = state === 'succeeded' ? rvs.length : migratedSince(rvs, svm.status?.resourceVersion);
    cp = { ...cp, done, total: rvs.length, sinceRV: svm.status?.resourceVersion ?? '' };
    opts.onProgress?.({ done, total: rvs.length, resumed, migrator: 'cluster', detail: words });
    if (state === 'succeeded') {
      await save({ ...cp, finished: true });
      return;
    }
    if (state === 'failed') {
      await save(cp);
      throw new Error(`${crd.metadata.name}: ${words} (StorageVersionMigration ${svm0.metadata.name})`);
    }
    if (Math.abs(done - saved) >= 50) {
      await save(cp);
      saved = done;
    }
    await sleep(opts.pollMs ?? 1_000, opts.signal);
    if (opts.signal?.aborted === true) {
      await save(cp);
      return;
    }
  }
}
