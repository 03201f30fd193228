/**
 * `npm run bench`: runs every bench/*.bench.ts in turn, each in its own process (so one
 * benchmark's JIT state and garbage do not skew the next), and fails if any of them fails.
 * `npm run bench -- vs-kro [flags]` runs only the benches named, with the flags (select.ts).
 * Without OPSTUDIO_KUBECONFIG the cluster benches get the `bench` sandbox profile (its own ports
 * and data, see README "Ports"): started here if it is not running, and stopped at the end if
 * this run started it, as scripts/test.ts does with the test profile.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OwnSandbox } from '../scripts/lib/own-sandbox';
import { selectBenches } from './select';

const dir = dirname(fileURLToPath(import.meta.url));
const { files, args } = selectBenches(
  readdirSync(dir)
    .filter((f) => f.endsWith('.bench.ts'))
    .sort(),
  process.argv.slice(2),
);
const log = (line: string) => console.log(`[bench] ${line}`);

const benchSandbox = new OwnSandbox('bench', log);
async function benchCluster(): Promise<string> {
  const given = process.env.OPSTUDIO_KUBECONFIG;
  if (given !== undefined && given !== '') return given;
  return benchSandbox.up();
}

async function main(): Promise<number> {
  const kubeconfig = await benchCluster();
  let failed = 0;
  for (const file of files) {
    console.log(`\n## ${file}\n`);
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(dir, file), ...args], {
      stdio: 'inherit',
      cwd: join(dir, '..'),
      // the sandbox fault injection of vs-go (its outage workload) stops this profile's API server
      env: { ...process.env, OPSTUDIO_KUBECONFIG: kubeconfig },
    });
    if (r.status !== 0) {
      failed++;
      console.error(`${file} failed (exit ${r.status ?? r.signal})`);
    }
  }
  return failed > 0 ? 1 : 0;
}

async function cleanup(): Promise<void> {
  await benchSandbox.downIfStartedHere();
}

process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));
main().then(
  async (code) => {
    await cleanup();
    process.exit(code);
  },
  async (err: unknown) => {
    console.error(`[bench] error: ${err instanceof Error ? err.message : String(err)}`);
    await cleanup();
    process.exit(1);
  },
);
