/**
 * Storage migration, the executor (docs/design/0054-storage-migration.md). The steps and their
 * checks are packages/shared/src/migration/plan.ts; this reads the CRD and its objects, asks the
 * plan, and writes — as whoever `kube` authenticates as: the terminal's kubeconfig for
 * `opstudio migrate`, the signed-in user for the studio's buttons (the same rights Install needs:
 * patch on the CRD and its status, patch on every object of the kind).
 *
 * The pass: list every object (pages of 500) at the version the plan names, then a no-op merge
 * patch on each, carrying the object's resourceVersion as its precondition. The API server
 * re-encodes the object at the storage version and writes it only when the bytes differ, so an
 * object already at the storage version is not written again; a 409 (someone wrote it since the
 * list, so it is stored at the new version) and a 404 (deleted) count as done. Requests are paced
 * (`ratePerSecond`) and a few are in flight at once. Every `checkpointEvery` objects the
 * checkpoint (the last key done, counts) is written to the CRD's annotation, so a killed pass
 * resumes after it: see beginPass / pendingObjects.
 */
import {
  beginPass,
  checkStep,
  MIGRATION_ANNOTATION,
  migrationStatus,
  objectKey,
  passVersion,
  pendingObjects,
  type Checkpoint,
  type ListedObject,
  type MigrationStatus,
} from '@opstudio/shared/migration/plan';
import type { PassWriter } from '@opstudio/shared/migration/writer';
import type { CustomResourceDefinition } from '@opstudio/shared/crd/types';
import { KubeApiError } from '../kube/errors';
import { clusterPass, servesClusterMigration } from './cluster-pass';
import type { KubeJson } from '../kube/json-client';

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';

export interface PassOptions {
  /** who this pass writes as (the `kube` it runs with), recorded in the checkpoint for a restarted studio */
  readonly by: PassWriter;
  /** objects rewritten per second at most (default 100) */
  readonly ratePerSecond?: number;
  /** requests in flight at once (default 4) */
  readonly concurrency?: number;
  /** objects between two checkpoint writes (default 50) */
  readonly checkpointEvery?: number;
  /**
   * Who rewrites the objects: the cluster's own migrator where served (`auto`, the default), or
   * the studio's pass of no-op writes (`studio`: what a cluster without the API gets).
   */
  readonly migrator?: 'auto' | 'studio';
  readonly onProgress?: (p: PassProgress) => void;
  readonly signal?: AbortSignal;
}

export interface PassProgress {
  readonly done: number;
  readonly total: number;
  readonly resumed: boolean;
  /** whose pass: the cluster's StorageVersionMigration, or the studio's no-op writes */
  readonly migrator: 'cluster' | 'studio';
  /** the cluster's migration's state in words */
  readonly detail?: string;
}

/** A step refused by its check: the message says why (a 409 to the API, exit 1 to the terminal). */
export class MigrationRefused extends Error {
  override readonly name = 'MigrationRefused';
}

interface Listed extends ListedObject {
  readonly namespace?: string;
}

interface ObjectList {
  metadata: { resourceVersion?: string; continue?: string };
  items: { metadata: { namespace?: string; name: string; uid: string; resourceVersion: string } }[];
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal?.aborted === true) return resolve();
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });

export class StorageMigrator {
  constructor(private readonly kube: KubeJson) {}

  async crd(name: string): Promise<CustomResourceDefinition> {
    return this.kube.request<CustomResourceDefinition>({ method: 'GET', path: `${CRDS}/${name}` });
  }

  async status(name: string): Promise<MigrationStatus> {
    return migrationStatus(await this.crd(name));
  }

  private refuseUnless(crd: CustomResourceDefinition, step: 'migrate' | 'trim' | 'unserve' | 'remove') {
    const why = checkStep(crd, step);
    if (why !== null) throw new MigrationRefused(`${crd.metadata.name}: ${why}`);
  }

  private async list(crd: CustomResourceDefinition, version: string): Promise<{ rv: string; items: Listed[] }> {
    const items: Listed[] = [];
    let rv = '';
    let cont: string | undefined;
    do {
      const page: ObjectList = await this.kube.request<ObjectList>({
        method: 'GET',
        path: `/apis/${crd.spec.group}/${version}/${crd.spec.names.plural}`,
        query: { limit: '500', continue: cont },
      });
      if (rv === '') rv = page.metadata.resourceVersion ?? '';
      for (const { metadata: m } of page.items)
        items.push({ namespace: m.namespace, name: m.name, uid: m.uid, resourceVersion: m.resourceVersion });
      cont = page.metadata.continue === '' ? undefined : page.metadata.continue;
    } while (cont !== undefined);
    return { rv, items };
  }

  private async saveCheckpoint(name: string, cp: Checkpoint): Promise<void> {
    await this.kube.request({
      method: 'PATCH',
      path: `${CRDS}/${name}`,
      contentType: 'application/merge-patch+json',
      body: { metadata: { annotations: { [MIGRATION_ANNOTATION]: JSON.stringify(cp) } } },
      what: `write the migration checkpoint on ${name}`,
    });
  }

  /** One no-op write: true when done (written, re-encoded already, or gone/changed since the list). */
  private async rewrite(crd: CustomResourceDefinition, version: string, o: Listed): Promise<void> {
    const ns = o.namespace === undefined ? '' : `/namespaces/${o.namespace}`;
    try {
      await this.kube.request({
        method: 'PATCH',
        path: `/apis/${crd.spec.group}/${version}${ns}/${crd.spec.names.plural}/${o.name}`,
        contentType: 'application/merge-patch+json',
        body: { metadata: { resourceVersion: o.resourceVersion } },
        query: { fieldManager: 'opstudio-storage-migration' },
        what: `rewrite ${objectKey(o)} at the storage version`,
      });
    } catch (err) {
      // 409: written since the list (so stored at the new version); 404: deleted
      if (err instanceof KubeApiError && (err.code === 409 || err.code === 404)) return;
      throw err;
    }
  }

  /** The pass: resumes a checkpoint of the same migration, finishes by marking it finished. */
  async migrate(name: string, opts: PassOptions): Promise<MigrationStatus> {
    const rate = opts.ratePerSecond ?? 100;
    const width = Math.max(1, opts.concurrency ?? 4);
    const every = Math.max(1, opts.checkpointEvery ?? 50);
    const crd = await this.crd(name);
    this.refuseUnless(crd, 'migrate');
    if ((opts.migrator ?? 'auto') === 'auto' && (await servesClusterMigration(this.kube))) {
      await clusterPass(this.kube, crd, opts, (cp) => this.saveCheckpoint(name, cp));
      return migrationStatus(await this.crd(name));
    }
    const version = passVersion(crd)!;
    const { rv, items } = await this.list(crd, version);
    const { checkpoint, resumed } = beginPass(crd, rv);
    const { todo, written } = pendingObjects(items, checkpoint);
    const done = checkpoint.done + written;
    // the pass writes as whoever runs it now, at its own pace: a restarted studio resumes it so
    let cp: Checkpoint = { ...checkpoint, done, total: done + todo.length, by: opts.by, rate };
    await this.saveCheckpoint(name, cp);
    opts.onProgress?.({ done: cp.done, total: cp.total, resumed, migrator: 'studio' });
    const began = Date.now();
    let sinceSave = 0;
    for (let i = 0; i < todo.length; i += width) {
      if (opts.signal?.aborted === true) {
        await this.saveCheckpoint(name, cp);
        return migrationStatus(await this.crd(name));
      }
      const batch = todo.slice(i, i + width);
      // pace: the i-th object of this run starts no sooner than i / rate seconds in
      await sleep(began + (i * 1000) / rate - Date.now(), opts.signal);
      await Promise.all(batch.map((o) => this.rewrite(crd, version, o)));
      cp = { ...cp, after: objectKey(batch[batch.length - 1]!), done: cp.done + batch.length };
      sinceSave += batch.length;
      if (sinceSave >= every) {
        await this.saveCheckpoint(name, cp);
        sinceSave = 0;
      }
      opts.onProgress?.({ done: cp.done, total: cp.total, resumed, migrator: 'studio' });
    }
    cp = { ...cp, finished: true };
    await this.saveCheckpoint(name, cp);
    return migrationStatus(await this.crd(name));
  }

  /** Drops the migrated versions from status.storedVersions (the CRD's status subresource). */
  async trim(name: string): Promise<MigrationStatus> {
    const crd = await this.crd(name);
    this.refuseUnless(crd, 'trim');
    const s = migrationStatus(crd);
    await this.kube.request({
      method: 'PATCH',
      path: `${CRDS}/${name}/status`,
      contentType: 'application/merge-patch+json',
      // the precondition: nothing changed the CRD since the check read it
      body: {
        metadata: { resourceVersion: crd.metadata.resourceVersion as string },
        status: { storedVersions: s.stored.filter((v) => !s.versions.includes(v)) },
      },
      what: `drop ${s.versions.join(', ')} from ${name}'s status.storedVersions`,
    });
    return migrationStatus(await this.crd(name));
  }

  /** Unserves, or removes, the retired versions: a JSON patch that tests each index's name first. */
  async retire(name: string, step: 'unserve' | 'remove'): Promise<MigrationStatus> {
    const crd = await this.crd(name);
    this.refuseUnless(crd, step);
    const s = migrationStatus(crd);
    const at = crd.spec.versions
      .map((v, i) => ({ name: v.name, i }))
      .filter((v) => s.versions.includes(v.name))
      .reverse(); // remove from the end, so earlier indexes hold
    const ops = at.flatMap(({ name: v, i }) => [
      { op: 'test', path: `/spec/versions/${i}/name`, value: v },
      step === 'unserve'
        ? { op: 'replace', path: `/spec/versions/${i}/served`, value: false }
        : { op: 'remove', path: `/spec/versions/${i}` },
    ]);
    await this.kube.request({
      method: 'PATCH',
      path: `${CRDS}/${name}`,
      contentType: 'application/json-patch+json',
      body: [{ op: 'test', path: '/metadata/resourceVersion', value: crd.metadata.resourceVersion }, ...ops],
      what: `${step} ${s.versions.join(', ')} of ${name}`,
    });
    return migrationStatus(await this.crd(name));
  }
}
