// The controller-manager alone, as a process of its own (no HTTP API, no web app): what the
// Lease takeover test starts twice and kills, and a way to run an extra replica by hand.
//   OPSTUDIO_KUBECONFIG=… DATABASE_URL=file:… OPSTUDIO_LEASE=<namespace>/<name> node --import tsx apps/controller/testing/manager-process.ts
// Prints one JSON line per happening on stdout: `started` (with its Lease identity), `log`
// (the manager's log lines, leader election included) and `reconciled` (key and outcome, for
// every reconcile this replica ran). SIGTERM/SIGINT stop it cleanly and release the Lease.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { isDns1123Label, isDns1123Subdomain } from '@opstudio/shared/kube/names';
import { z } from 'zod';
import { databaseKind, openDb } from '../src/db';
import { HistoryStore } from '../src/history/store';
import { loadKubeConfig } from '../src/kube/kubeconfig';
import { LiveBus } from '../src/live/bus';
import { apiServerEventSink, EventRecorder } from '../src/runtime/recorder';
import { ControllerManager } from '../src/operators/manager';
import { learntClusterIdentity } from './cluster-identity';

/** `<namespace>/<name>` of a Lease: a DNS label, then a DNS subdomain. */
function isLeaseRef(value: string): boolean {
  const [namespace = '', name = '', ...rest] = value.split('/');
  return rest.length === 0 && isDns1123Label(namespace) && isDns1123Subdomain(name);
}

const envSchema = z.object({
  OPSTUDIO_KUBECONFIG: z.string().min(1, 'set OPSTUDIO_KUBECONFIG to the cluster kubeconfig'),
  DATABASE_URL: z
    .string()
    .refine(
      (url) => databaseKind(url) !== undefined,
      'set DATABASE_URL to the studio database (file:/path/studio.db or postgresql://…)',
    ),
  OPSTUDIO_LEASE: z
    .string()
    .refine(isLeaseRef, 'OPSTUDIO_LEASE must be <namespace>/<name>')
    .default('kube-system/operator-studio-controller-manager'),
  OPSTUDIO_IDENTITY: z.string().min(1).optional(),
});

const parsed = envSchema.safeParse(process.env);
if (!parsed.success) {
  console.error(`manager-process: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  process.exit(2);
}
const env = parsed.data;
const emit = (line: Record<string, unknown>) =>
  process.stdout.write(`${JSON.stringify({ at: Date.now(), ...line })}\n`);

const { kc } = loadKubeConfig(env.OPSTUDIO_KUBECONFIG);
const db = openDb(env.DATABASE_URL);
const cluster = learntClusterIdentity(kc);
const store = new HistoryStore({ db, cluster, bus: new LiveBus() });
const [namespace, name] = env.OPSTUDIO_LEASE.split('/') as [string, string];
const identity = env.OPSTUDIO_IDENTITY ?? `${os.hostname()}_${randomUUID()}`;
const manager = new ControllerManager({
  kc,
  db,
  cluster,
  recorder: new EventRecorder({ sink: apiServerEventSink(kc) }),
  history: {
    record: (record, report) => {
      emit({ event: 'reconciled', key: record.key, outcome: record.outcome.kind });
      return store.record(record, report);
    },
  },
  lease: { namespace, name },
  identity,
  log: (message, fields) => emit({ event: 'log', message, ...(fields !== undefined ? { fields } : {}) }),
});

const stop = new AbortController();
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => stop.abort());
emit({ event: 'started', identity, pid: process.pid });
await manager.start(stop.signal);
await store.idle();
await db.$disconnect();
emit({ event: 'stopped' });
