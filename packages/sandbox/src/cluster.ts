// up / down / status / reset of one sandbox cluster. `up` is idempotent and all-or-nothing:
// on any failure it stops every process it started, and says what went wrong in one line.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBinaries, formatElapsed, type Progress } from './build';
import {
  COMPONENTS,
  componentExecutable,
  logFile,
  pidFile,
  serverUrl,
  type Component,
  type ComponentName,
} from './components';
import type { FlagInputs } from './flags';
import { defaultStorageClass } from './storage';
import { createIfMissing, deleteIfPresent, httpCall, listNodes, mergePatch, readyNodeNames } from './kube-http';
import { kubeconfigFromPki } from './kubeconfig';
import { NODE_COUNT, kwokConfigYaml, nodeKubeletStatusPatch, nodeManifest, nodeName } from './kwok-config';
import { acquireLock } from './lock';
import { ensurePki, pkiPaths, readAdminCredentials, type ClientCredentials } from './pki';
import { busyPorts, portBusyMessage } from './ports';
import { livePid, logTail, removeFile, startDetached, stopPid, type Started } from './process';
import { layout, resolveProfile, type ProfileInput, type SandboxProfile } from './profiles';

export class SandboxError extends Error {
  override name = 'SandboxError';
  /** Extra lines (a log tail) shown under the one-line message. */
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

export interface SandboxInfo {
  profile: string;
  context: string;
  server: string;
  kubeconfigPath: string;
  /** True when `up` found it already running and healthy. */
  alreadyRunning: boolean;
  durationMs: number;
}

export interface UpOptions {
  profile?: ProfileInput;
  onProgress?: Progress;
  /** Overall deadline for start-up once the binaries exist. */
  timeoutMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The flag inputs of a profile's components (its files and ports). */
function inputs(p: SandboxProfile): FlagInputs {
  const l = layout(p);
  return {
    profile: p,
    pki: pkiPaths(l.pki),
    kubeconfig: l.kubeconfig,
    etcdDataDir: l.etcdData,
    kwokConfig: l.kwokConfig,
    podLogsDir: l.podLogs,
  };
}

/**
 * What the running processes were started with: every component's flags and the kwok config.
 * A sandbox started by an older checkout (other flags, other stages) is restarted by `up`
 * instead of being reused with a configuration the code no longer expects.
 */
function configFingerprint(p: SandboxProfile): string {
  const flags = COMPONENTS.map((c) => [c.name, c.args(inputs(p))]);
  return createHash('sha256')
    .update(JSON.stringify([flags, kwokConfigYaml(layout(p).podLogs)]))
    .digest('hex');
}

const fingerprintFile = (p: SandboxProfile): string => join(layout(p).run, 'config.sha256');

function startedWithOtherConfig(p: SandboxProfile): boolean {
  const file = fingerprintFile(p);
  return !existsSync(file) || readFileSync(file, 'utf8').trim() !== configFingerprint(p);
}

/** The live pids of a profile's components (stale pid files are removed). */
export function running(p: SandboxProfile): Map<ComponentName, number> {
  const l = layout(p);
  const out = new Map<ComponentName, number>();
  for (const c of COMPONENTS) {
    const pid = livePid(pidFile(l.run, c.name), componentExecutable(c));
    if (pid !== undefined) out.set(c.name, pid);
    else removeFile(pidFile(l.run, c.name)); // stale
  }
  return out;
}

async function readyNodes(p: SandboxProfile, creds: ClientCredentials): Promise<number> {
  try {
    return readyNodeNames(await listNodes(serverUrl(p), creds)).length;
  } catch {
    return 0;
  }
}

async function defaultServiceAccountExists(p: SandboxProfile, creds: ClientCredentials): Promise<boolean> {
  try {
    return (
      (await httpCall(`${serverUrl(p)}/api/v1/namespaces/default/serviceaccounts/default`, { creds })).status === 200
    );
  } catch {
    return false;
  }
}

/** Healthy = every process alive and answering, the default ServiceAccount there, all nodes Ready. */
async function isHealthy(p: SandboxProfile): Promise<boolean> {
  if (running(p).size !== COMPONENTS.length || !existsSync(layout(p).kubeconfig)) return false;
  const creds = readAdminCredentials(layout(p).pki);
  const probes = await Promise.all(COMPONENTS.map((c) => c.healthy(p, creds)));
  if (probes.some((ok) => !ok)) return false;
  return (await defaultServiceAccountExists(p, creds)) && (await readyNodes(p, creds)) >= NODE_COUNT;
}

function info(p: SandboxProfile, alreadyRunning: boolean, started: number): SandboxInfo {
  return {
    profile: p.name,
    context: p.context,
    server: serverUrl(p),
    kubeconfigPath: layout(p).kubeconfig,
    alreadyRunning,
    durationMs: Date.now() - started,
  };
}

export async function up(opts: UpOptions = {}): Promise<SandboxInfo> {
  const p = resolveProfile(opts.profile);
  const progress = opts.onProgress ?? (() => {});
  const l = layout(p);
  mkdirSync(l.run, { recursive: true });
  const release = await acquireLock(l.upLock, {
    onWait: (pid) => progress(`waiting for another \`sandbox up\` (pid ${pid}) of ${p.name}…`),
  });
  try {
    await ensureBinaries({ onProgress: progress });
    const started = Date.now();
    if (await isHealthy(p)) {
      if (!startedWithOtherConfig(p)) {
        progress(`sandbox ${p.name} is already running at ${serverUrl(p)}`);
        return info(p, true, started);
      }
      progress(`sandbox ${p.name} runs with an older configuration: restarting it…`);
      await down({ profile: p });
    }
    const leftovers = running(p);
    if (leftovers.size > 0) {
      // e.g. an older checkout's sandbox whose etcd the new health probe cannot reach (plain HTTP)
      const outdated = leftovers.size === COMPONENTS.length && startedWithOtherConfig(p);
      progress(
        outdated
          ? `sandbox ${p.name} runs with an older configuration: restarting it…`
          : `stopping a partly running sandbox ${p.name} (${[...leftovers.keys()].join(', ')})…`,
      );
      await down({ profile: p });
    }
    const busy = await busyPorts(p.ports);
    if (busy.length > 0) throw new SandboxError(portBusyMessage(p.ports, busy, p.name));
    await startAll(p, progress, started, opts.timeoutMs ?? 120_000);
    writeFileSync(fingerprintFile(p), `${configFingerprint(p)}\n`);
    progress(
      `sandbox ${p.name} ready: ${serverUrl(p)} · ${NODE_COUNT}/${NODE_COUNT} nodes Ready (${formatElapsed(Date.now() - started)})`,
    );
    return info(p, false, started);
  } finally {
    release();
  }
}

/** Starts one component detached, with its flags, log file and pid file. */
export function startComponentProcess(p: SandboxProfile, c: Component): Started {
  const l = layout(p);
  return startDetached({
    name: c.name,
    binary: componentExecutable(c),
    args: c.args(inputs(p)),
    logFile: logFile(l.logs, c.name),
    pidFile: pidFile(l.run, c.name),
    // kwok reads ~/.kwok/kwok.yaml if present; point its work dir at ours so a user's file cannot interfere.
    env: c.name === 'kwok' ? { ...process.env, KWOK_WORKDIR: l.kwokWorkDir } : process.env,
  });
}

async function startAll(p: SandboxProfile, progress: Progress, t0: number, timeoutMs: number): Promise<void> {
  const l = layout(p);
  const deadline = t0 + timeoutMs;
  const startedProcs = new Map<ComponentName, Started>();
  let kwokRestarts = 0;
  const start = (c: Component): void => {
    progress(`starting ${c.name}…`);
    startedProcs.set(c.name, startComponentProcess(p, c));
  };
  /** Polls `check` until true; fails fast with the log tail when a started process exits. */
  const waitFor = async (what: string, check: () => Promise<boolean>): Promise<void> => {
    for (;;) {
      for (const [name, proc] of startedProcs) {
        if (proc.exit && name === 'kwok' && kwokRestarts < 2) {
          // kwok has start-up races of its own (see kwokArgs): one more try costs a second.
          kwokRestarts++;
          progress(`kwok exited during start-up (${proc.exit.code ?? proc.exit.signal}); restarting it…`);
          start(COMPONENTS.find((c) => c.name === 'kwok')!);
          continue;
        }
        if (proc.exit) {
          const how = proc.exit.signal ? `signal ${proc.exit.signal}` : `code ${proc.exit.code}`;
          throw new SandboxError(
            `${name} exited (${how}) during start-up; its log (${logFile(l.logs, name)}) ends with:`,
            logTail(logFile(l.logs, name)),
          );
        }
      }
      if (await check()) return;
      if (Date.now() > deadline) {
        throw new SandboxError(
          `timed out after ${formatElapsed(timeoutMs)} waiting for ${what}: see the logs in ${l.logs}`,
        );
      }
      await sleep(200);
    }
  };
  try {
    const pki = await ensurePki(l.pki);
    writeFileSync(l.kubeconfig, kubeconfigFromPki(pki, p.context, serverUrl(p)), { mode: 0o600 });
    writeFileSync(l.kwokConfig, kwokConfigYaml(l.podLogs));
    mkdirSync(l.kwokWorkDir, { recursive: true });
    const creds = readAdminCredentials(l.pki);
    const [etcd, apiserver, ...rest] = COMPONENTS;
    start(etcd!);
    await waitFor('etcd to be healthy', () => etcd!.healthy(p, creds));
    start(apiserver!);
    await waitFor('kube-apiserver /readyz', () => apiserver!.healthy(p, creds));
    progress('creating nodes…');
    for (let i = 0; i < NODE_COUNT; i++) {
      await createIfMissing(serverUrl(p), '/api/v1/nodes', nodeManifest(i), creds);
      await mergePatch(
        serverUrl(p),
        `/api/v1/nodes/${nodeName(i)}/status`,
        nodeKubeletStatusPatch(i, p.ports.kwok),
        creds,
      );
    }
    // A new kwok process has a new holder identity: it would wait for the previous run's node
    // Leases to expire (40 s) before managing the nodes, leaving new pods Pending meanwhile.
    for (let i = 0; i < NODE_COUNT; i++)
      await deleteIfPresent(
        serverUrl(p),
        `/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/${nodeName(i)}`,
        creds,
      );
    await createIfMissing(serverUrl(p), '/apis/storage.k8s.io/v1/storageclasses', defaultStorageClass(), creds);
    for (const c of rest) start(c);
    progress(`waiting for the default ServiceAccount and ${NODE_COUNT} Ready nodes…`);
    await waitFor('the default ServiceAccount', () => defaultServiceAccountExists(p, creds));
    await waitFor(`${NODE_COUNT} Ready nodes`, async () => (await readyNodes(p, creds)) >= NODE_COUNT);
    // with existing data the two checks above can pass before the controller-manager and the
    // scheduler answer /healthz; `up` is done when `isHealthy` (what the next `up` asks) holds
    for (const c of rest) await waitFor(`${c.name} to be healthy`, () => c.healthy(p, creds));
  } catch (err) {
    progress(`start-up failed: stopping what was started…`);
    await down({ profile: p });
    if (err instanceof SandboxError) throw err;
    throw new SandboxError((err as Error).message);
  }
}

export interface DownOptions {
  profile?: ProfileInput;
  onProgress?: Progress;
}

/** Stops every component (SIGTERM, then SIGKILL after 10 s); keeps the data. Returns what was stopped. */
export async function down(opts: DownOptions = {}): Promise<ComponentName[]> {
  const p = resolveProfile(opts.profile);
  const l = layout(p);
  const pids = running(p);
  const stopOne = async (name: ComponentName): Promise<void> => {
    const pid = pids.get(name);
    if (pid === undefined) return;
    opts.onProgress?.(`stopping ${name} (pid ${pid})…`);
    await stopPid(pid);
    removeFile(pidFile(l.run, name));
  };
  // Clients of the API server (and the pod log writer) first, then the API server, then its storage.
  const clients = COMPONENTS.map((c) => c.name).filter((n) => n !== 'kube-apiserver' && n !== 'etcd');
  await Promise.all(clients.map(stopOne));
  await stopOne('kube-apiserver');
  await stopOne('etcd');
  return [...pids.keys()];
}

export interface ComponentStatus {
  name: ComponentName;
  pid?: number;
  running: boolean;
  healthy: boolean;
}

export interface SandboxStatus {
  profile: string;
  server: string;
  kubeconfigPath: string;
  components: ComponentStatus[];
  readyNodes: number;
  /** All components running and healthy. */
  running: boolean;
}

export async function status(opts: { profile?: ProfileInput } = {}): Promise<SandboxStatus> {
  const p = resolveProfile(opts.profile);
  const l = layout(p);
  const pids = running(p);
  const creds = existsSync(pkiPaths(l.pki)['admin.key']) ? readAdminCredentials(l.pki) : undefined;
  const components = await Promise.all(
    COMPONENTS.map(async (c): Promise<ComponentStatus> => {
      const pid = pids.get(c.name);
      const healthy = pid !== undefined && creds !== undefined && (await c.healthy(p, creds));
      return { name: c.name, ...(pid !== undefined ? { pid } : {}), running: pid !== undefined, healthy };
    }),
  );
  const apiUp = components.find((c) => c.name === 'kube-apiserver')?.healthy === true;
  const nodes = apiUp && creds ? await readyNodes(p, creds) : 0;
  return {
    profile: p.name,
    server: serverUrl(p),
    kubeconfigPath: l.kubeconfig,
    components,
    readyNodes: nodes,
    running: components.every((c) => c.healthy),
  };
}

/** down, then delete the data dir (certificates, etcd data, logs): the next `up` starts from scratch. */
export async function reset(opts: DownOptions = {}): Promise<void> {
  const p = resolveProfile(opts.profile);
  await down({ ...opts, profile: p });
  opts.onProgress?.(`deleting ${p.dataDir}…`);
  rmSync(p.dataDir, { recursive: true, force: true });
}

export function kubeconfigPath(profile: ProfileInput = 'dev'): string {
  return layout(resolveProfile(profile)).kubeconfig;
}
