/**
 * The storage-migration passes this studio process is running, started from the kind's page
 * (api/routers/migration.ts), keyed by cluster and CRD: at most one pass per CRD at a time, and
 * the page reads its progress between two checkpoint writes. The durable state is the checkpoint
 * on the CRD (packages/shared/src/migration/plan.ts); this map is only what a live process adds to
 * it, so a studio killed mid-pass loses nothing here that a new pass does not read back.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import { KubeJson } from '../kube/json-client';
import { StorageMigrator } from './migrator';

export interface RunningPass {
  readonly done: number;
  readonly total: number;
  readonly error?: string;
}

const passes = new Map<string, { done: number; total: number; error?: string; running: boolean }>();
const keyOf = (kc: KubeConfig, crdName: string) => `${kc.getCurrentCluster()?.server ?? ''}|${crdName}`;

export function runningPass(kc: KubeConfig, crdName: string): RunningPass | null {
  const p = passes.get(keyOf(kc, crdName));
  if (p === undefined) return null;
  return { done: p.done, total: p.total, ...(p.error !== undefined ? { error: p.error } : {}) };
}

/**
 * Starts a pass as `kc` (the user who pressed the button) unless one runs: the step's check runs
 * before it returns, so a refusal reaches the caller; what fails later is kept for the page.
 */
export async function startPass(kc: KubeConfig, crdName: string, ratePerSecond?: number): Promise<void> {
  const key = keyOf(kc, crdName);
  if (passes.get(key)?.running === true) return;
  const state: { done: number; total: number; error?: string; running: boolean } = { done: 0, total: 0, running: true };
  let started!: () => void;
  const began = new Promise<void>((resolve) => (started = resolve));
  const pass = new StorageMigrator(new KubeJson(kc)).migrate(crdName, {
    ...(ratePerSecond !== undefined ? { ratePerSecond } : {}),
    onProgress: ({ done, total }) => {
      state.done = done;
      state.total = total;
      passes.set(key, state);
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
