/**
 * `npm run bench`: runs every bench/*.bench.ts in turn, each in its own process (so one
 * benchmark's JIT state and garbage do not skew the next), and fails if any of them fails.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = dirname(fileURLToPath(import.meta.url));
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n## ${file}\n`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(dir, file)], {
    stdio: 'inherit',
    cwd: join(dir, '..'),
  });
  if (r.status !== 0) {
    failed++;
    console.error(`${file} failed (exit ${r.status ?? r.signal})`);
  }
}
process.exitCode = failed > 0 ? 1 : 0;
