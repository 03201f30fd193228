/**
 * The storage-migration passes this studio process is running, keyed by cluster and CRD: at most
 * one pass per CRD at a time, and the page reads its progress between two checkpoint writes. A
 * pass is started from the kind's page (api/routers/migration.ts) or, when the studio starts, by
 * the leader's resume (resume.ts). The durable state is the checkpoint on the CRD
 * (packages/shared/src/migration/plan.ts); this map is only what a live process adds to it: the
 * count between checkpoints, a pass's error, and why a pass found at start was left for a press.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import type { PassWriter } from '@opstudio/shared/migration/writer';
import { KubeJson } from '../kube/json-client';
import { StorageMigrator } from './migrator';

export interface RunningPass {
  readonly done: number;
  readonly total: number;
  /** whose pass: the cluster's StorageVersionMigration or the studio's no-op writes */
  readonly migrator: 'cluster' | 'studio';
  /** the cluster's migration's state in words */
  readonly detail?: string;
  readonly error?: string;
}

interface PassState {
  done: number;
  total: number;
  migrator: 'cluster' | 'studio';
  detail?: string;
  error?: string;
  running: boolean;
}

const passes = new Map<string, PassState>();
/** why the studio did not resume a CRD's unfinished pass by itself, until a pass starts */
const left = new Map<string, string>();
const keyOf = (kc: KubeConfig, crdName: string) => `${kc.getCurrentCluster()?.server ?? ''}|${crdName}`;

export function runningPass(kc: KubeConfig, crdName: string): RunningPass | null {
  const p = passes.get(keyOf(kc, crdName));
  if (p === undefined) return null;
  return {
    done: p.done,
    total: p.total,
    migrator: p.migrator,
    ...(p.detail !== undefined ? { detail: p.detail } : {}),
    ...(p.error !== undefined ? { error: p.error } : {}),
  };
}

/** Why the pass found at start waits for a press (resume.ts), or null. */
export function leftReason(kc: KubeConfig, crdName: string): string | null {
  return left.get(keyOf(kc, crdName)) ?? null;
}

export function leaveForPress(kc: KubeConfig, crdName: string, reason: string): void {
  left.set(keyOf(kc, crdName), reason);
}

/**
 * Starts a pass as `kc` (who `by` says: the user who pressed the button, or the one a resumed
 * checkpoint names) unless one runs: the step's check runs before it returns, so a refusal
 * reaches the caller; what fails later is kept for the page.
 */
export async function startPass(
  kc: KubeConfig,
  crdName: string,
  opts: {
    readonly by: PassWriter;
    readonly ratePerSecond?: number | undefined;
    readonly migrator?: 'auto' | 'studio' | undefined;
    /** stops the pass (its checkpoint saved): the resume's passes end with the leadership */
    readonly signal?: AbortSignal;
  },
): Promise<void> {
  const key = keyOf(kc, crdName);
  if (passes.get(key)?.running === true) return;
  const state: PassState = { done: 0, total: 0, migrator: 'studio', running: true };
  let started!: () => void;
  const began = new Promise<void>((resolve) => (started = resolve));
  const pass = new StorageMigrator(new KubeJson(kc)).migrate(crdName, {
    by: opts.by,
    ...(opts.signal !== undefined ? { signal: opts.signal } : {}),
    ...(opts.ratePerSecond !== undefined ? { ratePerSecond: opts.ratePerSecond } : {}),
    ...(opts.migrator !== undefined ? { migrator: opts.migrator } : {}),
    onProgress: ({ done, total, migrator, detail }) => {
      state.done = done;
      state.total = total;
      state.migrator = migrator;
      if (detail !== undefined) state.detail = detail;
      passes.set(key, state);
      left.delete(key);
      started();
    },
  });
  // the check and the first checkpoint come before the first progress; a refusal rejects first
  await Promise.race([began, pass]);
  pass
    .catch((err: unknown) => {
      state.error = err instanceof Error ? err.message : String(err);
    })
    .finally(() => {
      state.running = false;
      // the finished pass is on the CRD now; an error stays for the page until the next start
      if (state.error === undefined) passes.delete(key);
    });
}
