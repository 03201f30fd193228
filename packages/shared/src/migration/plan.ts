/**
 * Storage migration, the pure half (docs/design/0054-storage-migration.md): where a CRD's
 * migration stands, what each step's check says, and which objects a (resumed) pass still has to
 * rewrite. The executor (apps/controller/src/migration/) reads the CRD and the objects, asks these
 * functions, and writes; the studio's page, `opstudio migrate` and the tRPC API all read the same
 * `migrationStatus`.
 *
 * The steps, in order: migrate (rewrite every object stored at an old version) → trim (drop the
 * old versions from `status.storedVersions`) → unserve the old versions → remove them. The state
 * that makes the pass resumable is the checkpoint, kept on the CRD itself (an annotation), so a
 * restarted studio or another terminal finds it wherever the cluster is.
 */
import { z } from 'zod';
import type { CustomResourceDefinition } from '../crd/types';
import { storedVersions } from '../crd/diff';

/** The CRD annotation that holds the checkpoint (JSON). */
export const MIGRATION_ANNOTATION = 'studio.opstudio.dev/storage-migration';

export const checkpointSchema = z.object({
  /** the storage version objects are rewritten to */
  to: z.string().min(1),
  /** the stored versions this pass migrates off */
  from: z.array(z.string().min(1)),
  /** the list's resourceVersion when the pass began: a later write is already at `to` */
  sinceRV: z.string(),
  /** the last object done, as `namespace/name` (or `name`), in the pass's order; '' before the first */
  after: z.string(),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  finished: z.boolean(),
  /** who the pass writes as (migration/writer.ts), read apart so that an unknown form is a reason, not a lost checkpoint */
  by: z.unknown().optional(),
  /** the pass's pace, objects a second: a resumed pass keeps it */
  rate: z.number().positive().optional(),
  /** the StorageVersionMigration doing the pass, when the cluster's own migrator does it (cluster.ts) */
  via: z.string().min(1).optional(),
});
export type Checkpoint = z.infer<typeof checkpointSchema>;

export const MIGRATION_STEPS = ['migrate', 'trim', 'unserve', 'remove', 'done'] as const;
export type MigrationStep = (typeof MIGRATION_STEPS)[number];

export interface MigrationStatus {
  readonly crdName: string;
  readonly storage: string;
  /** `status.storedVersions` (with the storage version) */
  readonly stored: readonly string[];
  /** the versions the step acts on: stored old versions, or the retired ones for unserve/remove */
  readonly versions: readonly string[];
  readonly step: MigrationStep;
  /** the pass so far, when there is one for the current storage version */
  readonly progress: {
    readonly done: number;
    readonly total: number;
    readonly finished: boolean;
    /** the StorageVersionMigration doing it, when the cluster's own migrator does */
    readonly via?: string;
  } | null;
  /** the step in words, for the kind's page and the terminal */
  readonly message: string;
}

/** The checkpoint on the CRD, or null (absent, or not ours to read: a clear error is the executor's). */
export function readCheckpoint(crd: CustomResourceDefinition): Checkpoint | null {
  const raw = crd.metadata.annotations?.[MIGRATION_ANNOTATION];
  if (raw === undefined) return null;
  try {
    const parsed = checkpointSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function storageVersion(crd: CustomResourceDefinition): string {
  const v = crd.spec.versions.find((x) => x.storage);
  if (v === undefined) throw new Error(`${crd.metadata.name} has no storage version`);
  return v.name;
}

/** The version the pass reads and writes through: the storage version when served, else any served one. */
export function passVersion(crd: CustomResourceDefinition): string | null {
  const storage = crd.spec.versions.find((v) => v.storage);
  if (storage?.served === true) return storage.name;
  return crd.spec.versions.find((v) => v.served)?.name ?? null;
}

const list = (vs: readonly string[]) => vs.join(', ');

export function migrationStatus(crd: CustomResourceDefinition): MigrationStatus {
  const storage = storageVersion(crd);
  const stored = storedVersions(crd);
  const old = stored.filter((v) => v !== storage);
  const cp = readCheckpoint(crd);
  const mine = cp !== null && cp.to === storage ? cp : null;
  const progress =
    mine === null
      ? null
      : {
          done: mine.done,
          total: mine.total,
          finished: mine.finished,
          ...(mine.via !== undefined ? { via: mine.via } : {}),
        };
  const base = { crdName: crd.metadata.name, storage, stored };
  if (old.length > 0) {
    if (mine?.finished === true && old.every((v) => mine.from.includes(v)))
      return {
        ...base,
        versions: old,
        step: 'trim',
        progress,
        message: `every object is stored at ${storage}: drop ${list(old)} from status.storedVersions`,
      };
    const at = mine === null ? '' : ` (${mine.done} of ${mine.total} done; a new pass resumes there)`;
    return {
      ...base,
      versions: old,
      step: 'migrate',
      progress,
      message: `objects may be stored at ${list(old)}: rewrite them at ${storage}${at}`,
    };
  }
  const inSpec = new Map(crd.spec.versions.map((v) => [v.name, v]));
  const retired = (mine?.from ?? []).filter((v) => v !== storage && inSpec.has(v));
  const served = retired.filter((v) => inSpec.get(v)?.served === true);
  if (served.length > 0)
    return {
      ...base,
      versions: served,
      step: 'unserve',
      progress,
      message: `nothing is stored at ${list(served)} any more: it can stop being served`,
    };
  if (retired.length > 0)
    return {
      ...base,
      versions: retired,
      step: 'remove',
      progress,
      message: `${list(retired)} is neither served nor stored: it can be removed from the CRD`,
    };
  return {
    ...base,
    versions: [],
    step: 'done',
    progress,
    message:
      mine === null
        ? `every object is stored at ${storage}: nothing to migrate`
        : `migrated to ${storage}; ${list(mine.from)} removed`,
  };
}

/** Why a step cannot run now, or null: each button's and command's check. */
export function checkStep(crd: CustomResourceDefinition, step: Exclude<MigrationStep, 'done'>): string | null {
  const s = migrationStatus(crd);
  if (step === s.step) {
    if (step === 'migrate' && passVersion(crd) === null)
      return `${s.crdName} serves no version to rewrite objects through`;
    return null;
  }
  const what: Record<typeof step, string> = {
    migrate: 'migrate',
    trim: 'drop old versions from status.storedVersions',
    unserve: 'unserve the old version',
    remove: 'remove the old version',
  };
  const why: Record<MigrationStep, string> = {
    migrate:
      s.progress === null
        ? `objects may still be stored at ${list(s.versions)}; migrate them first`
        : `the migration to ${s.storage} has not finished (${s.progress.done} of ${s.progress.total} objects)`,
    trim: `${list(s.versions)} is still in status.storedVersions; drop it first`,
    unserve: `${list(s.versions)} is still served; unserve it first`,
    remove: `${list(s.versions)} is not removed yet`,
    done: s.message,
  };
  // a later step waits for the current one; an earlier one is behind us
  const later = MIGRATION_STEPS.indexOf(step) > MIGRATION_STEPS.indexOf(s.step);
  return `cannot ${what[step]}: ${later ? why[s.step] : `already done (${s.message})`}`;
}

/** The key that orders a pass (and that the checkpoint's `after` is). */
export const objectKey = (o: { namespace?: string | undefined; name: string }): string =>
  o.namespace === undefined || o.namespace === '' ? o.name : `${o.namespace}/${o.name}`;

/** resourceVersions compare as integers on every API server since 1.35 (and in practice before). */
function notAfter(rv: string, since: string): boolean {
  if (!/^\d+$/.test(rv) || !/^\d+$/.test(since)) return true; // unknown: rewrite, a no-op write costs little
  return BigInt(rv) <= BigInt(since);
}

export interface ListedObject {
  readonly namespace?: string | undefined;
  readonly name: string;
  readonly uid: string;
  readonly resourceVersion: string;
}

/**
 * What a pass still has to rewrite, in order: objects after the checkpoint's key that nobody wrote
 * since the pass began. The others after the key (`written`) are done already: a write since the
 * pass began (the killed pass's last objects before its next checkpoint, or anyone's) stored
 * them at the new version.
 */
export function pendingObjects<T extends ListedObject>(
  objects: readonly T[],
  cp: Checkpoint,
): { todo: T[]; written: number } {
  const past = objects.filter((o) => objectKey(o) > cp.after);
  const todo = past
    .filter((o) => notAfter(o.resourceVersion, cp.sinceRV))
    .sort((a, b) => (objectKey(a) < objectKey(b) ? -1 : objectKey(a) > objectKey(b) ? 1 : 0));
  return { todo, written: past.length - todo.length };
}

/** A new pass's checkpoint, or the one to resume (the same storage version and old versions). */
/** The checkpoint of a pass a new one resumes: unfinished, to the storage version, covering every old version. */
export function unfinishedPass(crd: CustomResourceDefinition): Checkpoint | null {
  const s = migrationStatus(crd);
  const cp = readCheckpoint(crd);
  if (s.step !== 'migrate' || cp === null || cp.finished || cp.to !== s.storage) return null;
  return s.versions.every((v) => cp.from.includes(v)) ? cp : null;
}

export function beginPass(crd: CustomResourceDefinition, listRV: string): { checkpoint: Checkpoint; resumed: boolean } {
  const s = migrationStatus(crd);
  const cp = unfinishedPass(crd);
  if (cp !== null) return { checkpoint: cp, resumed: true };
  return {
    checkpoint: {
      to: s.storage,
      from: [...s.versions],
      sinceRV: listRV,
      after: '',
      done: 0,
      total: 0,
      finished: false,
    },
    resumed: false,
  };
}
