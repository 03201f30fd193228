/**
 * `opstudio serve` at idle, as `npm start` runs it (bin/opstudio.js: the compiled controller when
 * its build is current, docs/design/0059), against the cluster OPSTUDIO_KUBECONFIG names, a fresh
 * database and no custom resource: its RSS (VmRSS) and V8's heap in use (/metrics) once /readyz
 * answers, after it settled, and after its first API call (which starts the CEL module). `source` runs the same command from the TypeScript through
 * tsx, for the comparison.
 * Run: OPSTUDIO_KUBECONFIG=data/sandbox-bench/kubeconfig node --import tsx bench/serve-idle.bench.ts [source] [settle=20]
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CONTROLLER_BUILD, ensureBuilt } from '../apps/controller/src/build/compile';
import { repoRoot } from '../apps/controller/src/config';
import { migratedTempDb } from '../apps/controller/testing';
import { freePort } from '../apps/controller/testing/go-manager';
import { vmRssBytes } from './vs-go/proc';
import { NODE_SERVICE_ENV } from '../scripts/lib/proc';

const args = process.argv.slice(2);
const fromSource = args.includes('source');
const settleS = Number(args.find((a) => a.startsWith('settle='))?.slice('settle='.length) ?? 20);
const kubeconfig = process.env.OPSTUDIO_KUBECONFIG;
if (kubeconfig === undefined || kubeconfig === '') throw new Error('set OPSTUDIO_KUBECONFIG');

// the compiled form is what it measures: built now when a source changed since (bin/opstudio.js would run tsx)
if (!fromSource) await ensureBuilt(CONTROLLER_BUILD);
const port = await freePort();
const launchToken = randomBytes(24).toString('base64url');
const command = fromSource
  ? ['--import', 'tsx', path.join(repoRoot, 'apps/controller/src/cli/main.ts'), 'serve']
  : [path.join(repoRoot, 'apps/controller/bin/opstudio.js'), 'serve'];
const started = performance.now();
const child = spawn(process.execPath, command, {
  env: {
    ...NODE_SERVICE_ENV, // as npm start and the image run it
    ...process.env,
    OPSTUDIO_HOST: '127.0.0.1',
    OPSTUDIO_CONTROLLER_PORT: String(port),
    DATABASE_URL: migratedTempDb(),
    OPSTUDIO_KUBECONFIG: kubeconfig,
    OPSTUDIO_LEASE_NAMESPACE: 'default',
    OPSTUDIO_LAUNCH_TOKEN: launchToken,
    OPSTUDIO_PROXY_SECRET: randomBytes(24).toString('base64url'),
    OPSTUDIO_LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const url = `http://127.0.0.1:${port}`;
const mib = (b: number) => `${(b / 2 ** 20).toFixed(0)} MiB`;

async function heapUsed(): Promise<number> {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${launchToken}` } })).text();
  const m = /^nodejs_heap_size_used_bytes (\d+(?:\.\d+)?)/m.exec(text);
  if (m === null) throw new Error('/metrics has no nodejs_heap_size_used_bytes');
  return Number(m[1]);
}

try {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`opstudio serve exited (${child.exitCode})`);
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await sleep(100);
  }
  const readyMs = performance.now() - started;
  const pid = child.pid ?? 0;
  const atReady = { rss: vmRssBytes(pid), heap: await heapUsed() };
  await sleep(settleS * 1000);
  const settled = { rss: vmRssBytes(pid), heap: await heapUsed() };
  // the first API call starts the CEL module (docs/design/0059): what it costs that call, and the RSS after
  const call = async () => {
    const t0 = performance.now();
    const res = await fetch(`${url}/api/trpc/designs.list`, { headers: { authorization: `Bearer ${launchToken}` } });
    if (!res.ok) throw new Error(`designs.list: ${res.status} ${await res.text()}`);
    return performance.now() - t0;
  };
  const [first, second] = [await call(), await call()];
  await sleep(2000);
  const used = { rss: vmRssBytes(pid), heap: await heapUsed() };
  console.log(
    `serve-idle (${fromSource ? 'source through tsx' : 'bin/opstudio.js'}): ready in ${(readyMs / 1000).toFixed(1)} s; ` +
      `at ready RSS ${mib(atReady.rss)}, heap ${mib(atReady.heap)}; after ${settleS} s RSS ${mib(settled.rss)}, ` +
      `heap ${mib(settled.heap)} (load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
  );
  console.log(
    `serve-idle: first API call ${first.toFixed(0)} ms, the next ${second.toFixed(0)} ms; then RSS ${mib(used.rss)}, heap ${mib(used.heap)}`,
  );
} finally {
  child.kill('SIGTERM');
}
