// The embedded controller-manager alone in a process, as the studio runs it (Events to the API
// server, every reconcile recorded by the HistoryStore), so its RSS is its own. Run by
// embedded-side.ts with --expose-gc. Env: OPSTUDIO_KUBECONFIG, DATABASE_URL, VSGO_LEASE
// (<namespace>/<name>), VSGO_WORKERS, VSGO_CRD (the CRD it must be running before it says ready),
// VSGO_NO_HISTORY=1 and VSGO_HISTORY_WINDOW_MS (diagnosis only: no reconcile history, or another
// batch window for its rows, to measure what the history costs).
// stdout: one JSON line per happening (`ready`, `gc`, `heap`, `metrics`, `profile`); stdin: `gc`
// (collect, then answer with the RSS), `metrics` (the registry's text, as /metrics serves it),
// `heap <file>`, `profile-start` and `profile-stop <file>` (a V8 CPU profile, for Chrome's DevTools).
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { writeHeapSnapshot } from 'node:v8';
import { register } from 'prom-client';
import { openDb } from '../../apps/controller/src/db';
import { HistoryStore } from '../../apps/controller/src/history/store';
import { loadKubeConfig } from '../../apps/controller/src/kube/kubeconfig';
import { LiveBus } from '../../apps/controller/src/live/bus';
import { ControllerManager } from '../../apps/controller/src/operators/manager';
import { apiServerEventSink, EventRecorder } from '../../apps/controller/src/runtime/recorder';
import { learntClusterIdentity } from '../../apps/controller/testing/cluster-identity';
import { vmRssBytes } from './proc';

const env = (name: string): string => {
  const v = process.env[name];
  if (v === undefined || v === '') throw new Error(`embedded-child: set ${name}`);
  return v;
};
const emit = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);

const { kc } = loadKubeConfig(env('OPSTUDIO_KUBECONFIG'));
const db = openDb(env('DATABASE_URL'));
const cluster = learntClusterIdentity(kc);
const historyWindow = process.env.VSGO_HISTORY_WINDOW_MS;
const store = new HistoryStore({
  db,
  cluster,
  bus: new LiveBus(),
  ...(historyWindow !== undefined && historyWindow !== '' ? { batchWindowMs: Number(historyWindow) } : {}),
});
const [namespace = '', name = ''] = env('VSGO_LEASE').split('/');
const crdName = env('VSGO_CRD');
const manager = new ControllerManager({
  kc,
  db,
  cluster,
  recorder: new EventRecorder({ sink: apiServerEventSink(kc) }),
  ...(process.env.VSGO_NO_HISTORY === '1' ? {} : { history: store }),
  lease: { namespace, name },
  maxConcurrentReconciles: Number(env('VSGO_WORKERS')),
});
const stop = new AbortController();
const profiler = Promise.resolve().then(() => {
  const session = new Session();
  session.connect();
  return session;
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => stop.abort());
const readyTimer = setInterval(() => {
  if (manager.active.includes(crdName)) {
    clearInterval(readyTimer);
    emit({ event: 'ready', pid: process.pid });
  }
}, 50);

const commands = createInterface({ input: process.stdin });
// the bench that started it is gone (killed, crashed): stop, so no orphan keeps the Lease and reconciling
commands.on('close', () => stop.abort());
commands.on('line', (line) => {
  const [cmd, arg] = line.trim().split(' ');
  const gc = (globalThis as { gc?: () => void }).gc;
  if (cmd === 'gc') {
    // twice: the first pass may leave objects whose finalizers free more on the second
    gc?.();
    gc?.();
    emit({
      event: 'gc',
      exposed: gc !== undefined,
      rss: vmRssBytes(process.pid),
      heapUsed: process.memoryUsage().heapUsed,
    });
  } else if (cmd === 'metrics') {
    void register.metrics().then((text) => emit({ event: 'metrics', text }));
  } else if (cmd === 'profile-start') {
    void profiler.then(async (session) => {
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
      emit({ event: 'profile', started: true });
    });
  } else if (cmd === 'profile-stop' && arg !== undefined) {
    void profiler.then(async (session) => {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(arg, JSON.stringify(profile));
      emit({ event: 'profile', file: arg });
    });
  } else if (cmd === 'heap' && arg !== undefined) {
    emit({ event: 'heap', file: writeHeapSnapshot(arg) });
  }
});

await manager.start(stop.signal);
clearInterval(readyTimer);
await store.idle();
await db.$disconnect();
process.exit(0); // stdin's reader would keep the process alive
