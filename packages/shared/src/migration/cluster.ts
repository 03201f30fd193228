/**
 * The cluster's own storage migrator (`storagemigration.k8s.io/v1beta1`, docs/design/0054), the
 * pure half: the StorageVersionMigration a migration is (named so that a restarted studio or
 * another terminal finds the same one, never a second), its state in words, and its progress.
 * The cluster's migrator reports only conditions; the count is the studio's reading: objects
 * whose resourceVersion is above the migration's `status.resourceVersion` were written since it
 * began (by it or by anyone), so they are stored at the new version.
 */
import type { CustomResourceDefinition } from '../crd/types';
import { DNS1123_SUBDOMAIN_MAX } from '../kube/names';
import { migrationStatus } from './plan';

export const SVM_GROUP_VERSION = 'storagemigration.k8s.io/v1beta1';

export interface StorageVersionMigration {
  readonly metadata: { readonly name: string; readonly creationTimestamp?: string };
  readonly spec?: { readonly resource?: { readonly group?: string; readonly resource?: string } };
  readonly status?: {
    readonly resourceVersion?: string;
    readonly conditions?: readonly { type: string; status: string; reason?: string; message?: string }[];
  };
}

/** FNV-1a, 32 bits, hex: a short stable digest (no crypto needed: names, not secrets). */
function digest(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/**
 * `<plural>.<group>-to-<version>-<digest>`: the same for the same migration (this CRD, by uid, to
 * this storage version, off these versions), another for the next one.
 */
export function clusterMigrationName(crd: CustomResourceDefinition): string {
  const s = migrationStatus(crd);
  const uid = typeof crd.metadata.uid === 'string' ? crd.metadata.uid : '';
  const tail = `-to-${s.storage}-${digest([uid, s.storage, ...s.versions].join('\n'))}`;
  return `${crd.metadata.name.slice(0, DNS1123_SUBDOMAIN_MAX - tail.length).replace(/[.-]+$/, '')}${tail}`;
}

/** The StorageVersionMigration to create for the CRD's kind. */
export function clusterMigration(
  crd: CustomResourceDefinition,
): StorageVersionMigration & { apiVersion: string; kind: string } {
  return {
    apiVersion: SVM_GROUP_VERSION,
    kind: 'StorageVersionMigration',
    metadata: { name: clusterMigrationName(crd) },
    spec: { resource: { group: crd.spec.group, resource: crd.spec.names.plural } },
  };
}

export type ClusterMigrationState = 'pending' | 'running' | 'succeeded' | 'failed';

/** Where the cluster's migration stands, from its conditions, in words for the page and the terminal. */
export function clusterMigrationState(svm: StorageVersionMigration): { state: ClusterMigrationState; words: string } {
  const is = (type: string) => svm.status?.conditions?.find((c) => c.type === type && c.status === 'True');
  const failed = is('Failed');
  if (failed !== undefined)
    return {
      state: 'failed',
      words: `the cluster's migration failed: ${failed.message ?? failed.reason ?? 'no reason given'}`,
    };
  if (is('Succeeded') !== undefined) return { state: 'succeeded', words: "the cluster's migration succeeded" };
  if (is('Running') !== undefined) return { state: 'running', words: "the cluster's migration is running" };
  return { state: 'pending', words: "the cluster's migration is waiting to start" };
}

/** Objects stored at the new version since the migration began: those written after its resourceVersion. */
export function migratedSince(resourceVersions: readonly string[], since: string | undefined): number {
  if (since === undefined || !/^\d+$/.test(since)) return 0;
  const at = BigInt(since);
  return resourceVersions.filter((rv) => /^\d+$/.test(rv) && BigInt(rv) > at).length;
}
