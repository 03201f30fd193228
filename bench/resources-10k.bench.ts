/**
 * 10,000 custom resources in the studio (issue 16): a plain CRD (Ticket) under a unique API group,
 * 10,000 Tickets in one namespace, nothing reconciling them; the studio (controller + production
 * web app, bench profile: web 3200, controller 3201) against the cluster in OPSTUDIO_KUBECONFIG.
 * Measured: `resources.list` over HTTP (p50/p99 of 20 calls, size); in Chromium the kind's page
 * from navigation to its first row (cold: the kind's informer starts; warm: a reload), scrolling
 * its table (frames per second, worst frame), and the page's live subscription in bytes per second
 * while 100 Tickets change per second for 20 s (scrolling meanwhile); the memory of both sides.
 * Prints a table and writes data/bench/resources-10k.json. Everything it made is deleted at the end.
 *
 * Run: OPSTUDIO_KUBECONFIG=<kubeconfig> node --import tsx bench/resources-10k.bench.ts [count]
 * It holds /tmp/opstudio-e2e.lock while it runs: it builds and serves apps/web/.next, which the
 * e2e stage builds and serves too.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { loadKubeConfig } from '../apps/controller/src/kube/kubeconfig';
import { migrate } from '../scripts/lib/db';
import { dataDir, profiles } from '../scripts/lib/paths';
import { assertPortsFree } from '../scripts/lib/ports';
import { stopServices } from '../scripts/lib/proc';
import { startStudio } from '../scripts/lib/services';
import { ensureWebBuild } from '../scripts/lib/web-build';
import { controllerMemory, timeList } from './resources-10k/api';
import { StudioBrowser } from './resources-10k/browser';
import { newTicketKind, TicketCluster } from './resources-10k/cluster';
import { goalRows, printTable } from './resources-10k/report';

const LOCK = '/tmp/opstudio-e2e.lock';
if (process.env.OPSTUDIO_E2E_LOCK_HELD !== '1') {
  const r = spawnSync('flock', [LOCK, process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, OPSTUDIO_E2E_LOCK_HELD: '1' },
  });
  process.exit(r.status ?? 1);
}

const count = Number(process.argv[2] ?? 10_000);
const CHURN_PER_SECOND = 100;
const CHURN_SECONDS = 20;
const kubeconfig = process.env.OPSTUDIO_KUBECONFIG;
if (kubeconfig === undefined || kubeconfig === '')
  throw new Error('set OPSTUDIO_KUBECONFIG to a sandbox kubeconfig (npx opstudio sandbox kubeconfig --profile bench)');
const log = (line: string) => console.log(`[resources-10k] ${line}`);
const profile = profiles.bench;

const { kc } = loadKubeConfig(kubeconfig);
const kind = newTicketKind();
const cluster = new TicketCluster(kc, kind);
let browser: StudioBrowser | undefined;
try {
  await assertPortsFree([
    { port: profile.webPort, what: 'bench web app', env: 'the bench profile' },
    { port: profile.controllerPort, what: 'bench controller', env: 'the bench profile' },
  ]);
  await migrate(profile.databaseFile);
  await ensureWebBuild(log);
  await cluster.install();
  log(`creating ${count} Tickets in ${kind.namespace} (${kind.crdName})…`);
  const createMs = await cluster.create(count);
  log(`created in ${(createMs / 1000).toFixed(1)} s; starting the studio (logs in data/logs/bench)`);
  const studio = await startStudio({
    profile,
    host: '127.0.0.1',
    cluster: { kind: 'external', label: 'bench', kubeconfig },
    quiet: true,
  });
  const serverListMs = await cluster.timeServerList();
  const memoryBefore = await controllerMemory(studio.controllerUrl, studio.launchToken);

  browser = await StudioBrowser.open(studio.readyUrl);
  log('opening the kind page (cold)…');
  const cold = await browser.openKind(kind, count);
  const browserHeapMb = await browser.heapMb();
  log('resources.list…');
  const list = await timeList(studio.controllerUrl, studio.launchToken, kind);
  log('scrolling…');
  const idle = await browser.idleFrames(3);
  const quiet = await browser.scroll(6);
  log('opening the kind page (warm)…');
  const warm = await browser.openKind(kind, count);
  log(`${CHURN_PER_SECOND} changes/s for ${CHURN_SECONDS} s…`);
  const b = browser;
  const { stream, result } = await b.countStream(async () => {
    const [patched, frames] = await Promise.all([
      cluster.churn(count, CHURN_PER_SECOND, CHURN_SECONDS),
      b.scroll(CHURN_SECONDS),
    ]);
    return { patched, frames };
  });
  const listAfterChurn = await timeList(studio.controllerUrl, studio.launchToken, kind, 5);
  const memoryAfter = await controllerMemory(studio.controllerUrl, studio.launchToken);
  const browserHeapAfterMb = await browser.heapMb();

  const figures = {
    when: new Date().toISOString(),
    cores: availableParallelism(),
    loadavg: loadavg().map((x) => Number(x.toFixed(2))),
    count,
    createSeconds: createMs / 1000,
    serverListMs,
    list,
    listAfterChurn,
    open: { cold, warm },
    scroll: { idle, quiet, duringChurn: result.frames },
    churn: { perSecond: CHURN_PER_SECOND, seconds: CHURN_SECONDS, patched: result.patched, stream },
    memory: { controllerBefore: memoryBefore, controllerAfter: memoryAfter, browserHeapMb, browserHeapAfterMb },
  };
  printTable(goalRows(figures), figures);
  const out = path.join(dataDir, 'bench', 'resources-10k.json');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(figures, null, 2)}\n`);
  log(`wrote ${path.relative(process.cwd(), out)}`);
} finally {
  await browser?.close();
  await stopServices();
  await cluster.remove();
}
