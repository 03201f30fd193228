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

/**
 * The integration stage runs in two lanes side by side, then the files that need the sandbox to
 * themselves (test.ts, integrationLanes). A file names its lane in a line of its own:
 *   // @lane: build <what it builds>       a CPU-bound build (Go, container image): one at a time,
 *                                          beside the waiting lane rather than beside each other
 *   // @lane: exclusive <why>              alone, after both lanes: it stops the sandbox, or it
 *                                          measures time or memory that another file would disturb
 * Every other file runs in the waiting lane: it mostly waits on the API server and its watches.
 */
const LANE_MARKER = /^\/\/ @lane: *(build|exclusive) +(\S.*)$/m;

export type Lane = 'build' | 'exclusive' | 'waiting';

export function laneOf(file: string): { lane: Lane; reason?: string } {
  const m = LANE_MARKER.exec(fs.readFileSync(path.join(repoRoot, file), 'utf8'));
  return m === null ? { lane: 'waiting' } : { lane: m[1] as Lane, reason: m[2]!.trim() };
}

export function integrationLanes(files: readonly string[]): Record<Lane, string[]> {
  const lanes: Record<Lane, string[]> = { build: [], exclusive: [], waiting: [] };
  for (const f of files) lanes[laneOf(f).lane].push(f);
  return lanes;
}

/**
 * An integration file too slow for the default run (it builds a peer from source, minutes cold)
 * runs only when `--only` names it, and says so in a line of its own:
 *   // @opt-in: <why, and how to run it>
 */
const OPT_IN_MARKER = /^\/\/ @opt-in: *(\S.*)$/m;

export function isOptIn(file: string): boolean {
  return OPT_IN_MARKER.test(fs.readFileSync(path.join(repoRoot, file), 'utf8'));
}

/**
 * The unit stage runs its files as suites of two shared processes (unit-group.ts). A file that
 * cannot share one — it changes process-wide state another file would see — says so in a line of
 * its own, and runs in a process of its own after them:
 *   // @unit: own process <why>
 */
const OWN_PROCESS_MARKER = /^\/\/ @unit: own process +(\S.*)$/m;

export function unitProcesses(files: readonly string[]): { grouped: string[]; own: string[] } {
  const out = { grouped: [] as string[], own: [] as string[] };
  for (const f of files)
    (OWN_PROCESS_MARKER.test(fs.readFileSync(path.join(repoRoot, f), 'utf8')) ? out.own : out.grouped).push(f);
  return out;
}
