// Test support for apps/controller, kept out of src/ so the production tree is src/ alone: only
// `*.test.ts` files (and bench/, tests/e2e) import this folder, and eslint.config.mjs refuses any
// other import of it. Here: the kubeconfig from the environment (skip with a clear message when
// it is unset), a real, migrated SQLite database, and a poll-until helper.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../src/config';

export const kubeconfigPath = process.env.OPSTUDIO_KUBECONFIG;

/** For `test(name, { skip: skipWithoutCluster }, …)`. */
export const skipWithoutCluster: string | false =
  kubeconfigPath === undefined || kubeconfigPath === ''
    ? 'OPSTUDIO_KUBECONFIG is not set: start the sandbox (npx opstudio sandbox up --profile test) and export its kubeconfig, or run npm test'
    : false;

/** A fresh SQLite file with the committed migrations applied by `prisma migrate deploy`. */
export function migratedTempDb(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'opstudio-db-'));
  const url = `file:${path.join(dir, 'studio.db')}`;
  execFileSync(path.join(repoRoot, 'node_modules', '.bin', 'prisma'), ['migrate', 'deploy'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: url, CHECKPOINT_DISABLE: '1', PRISMA_HIDE_UPDATE_MESSAGE: '1' },
    stdio: 'pipe',
  });
  return url;
}

export async function eventually<T>(
  what: string,
  timeoutMs: number,
  probe: () => T | undefined | Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
