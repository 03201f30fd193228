/** Finds the test files of each kind: `x.test.ts` (unit, pure) and `x.int.test.ts` (against the sandbox). */
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';

const roots = ['packages', 'apps', 'scripts', 'bench'];
const skip = new Set(['node_modules', '.next', 'generated', 'go', 'test-results']);

function walk(dir: string, out: string[]): void {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(entry.name)) continue;
    const abs = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(abs, out);
    else if (entry.name.endsWith('.test.ts')) out.push(path.relative(repoRoot, abs));
  }
}

export function testFiles(kind: 'unit' | 'integration'): string[] {
  const all: string[] = [];
  for (const r of roots) walk(path.join(repoRoot, r), all);
  return all.filter((f) => f.endsWith('.int.test.ts') === (kind === 'integration')).sort();
}

/**
 * The Postgres pass runs again, on Postgres, only the integration files whose behaviour can differ
 * between the two databases: the stores, migrations and queries (transactions, unique constraints,
 * upserts, dates, id order, paging, retention, concurrent writers) and the processes that open a
 * database by its URL. Such a file says so, and why, in a line of its own:
 *   // @postgres: <what can differ on Postgres>
 * A file that only stores a row on its way to testing Kubernetes behaviour carries no marker: on
 * Postgres it would repeat the SQLite pass (test-files.test.ts lists the selection).
 */
const POSTGRES_MARKER = /^\/\/ @postgres: *(\S.*)$/m;

/** Why `file` runs in the Postgres pass (its `// @postgres:` line), or undefined when it does not. */
export function postgresReason(file: string): string | undefined {
  return POSTGRES_MARKER.exec(fs.readFileSync(path.join(repoRoot, file), 'utf8'))?.[1]?.trim();
}

export function runsOnPostgres(file: string): boolean {
  return postgresReason(file) !== undefined;
}
