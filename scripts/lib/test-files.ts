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
 * Whether an integration file reaches the studio's database: it opens one, starts the server,
 * the services or a controller-manager, runs a fixture or command that does, or reads the test
 * Postgres server's URL itself. The Postgres pass runs only these: the others (the sandbox,
 * informers, the Go oracles) would repeat themselves.
 */
export function usesDatabase(file: string): boolean {
  return /migratedTempDb|openDb|startServer|startStudioOn|startServices|Fixture|manager-process|ControllerManager|HistoryStore|DATABASE_URL|testPostgresUrl|runCli|GoManager/.test(
    fs.readFileSync(path.join(repoRoot, file), 'utf8'),
  );
}
