// Sandbox profiles: where a cluster keeps its data and which 127.0.0.1 ports it listens on.
// `dev`, `test` and `bench` are fixed (see the README's port table); tests may build a custom one.
// `bench` is the benchmarks' own cluster: they fill it with thousands of objects and stop its API
// server, which must not touch the cluster a person works in or the one `npm test` uses.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SandboxPorts {
  apiserver: number;
  etcdClient: number;
  etcdPeer: number;
  controllerManager: number;
  scheduler: number;
  kwok: number;
}

export interface SandboxProfile {
  name: string;
  /** kubeconfig context (and cluster/user) name. */
  context: string;
  dataDir: string;
  ports: SandboxPorts;
}

export const PROFILE_NAMES = ['dev', 'test', 'bench'] as const;
export type ProfileName = (typeof PROFILE_NAMES)[number];

export const PROFILE_PORTS: Record<ProfileName, SandboxPorts> = {
  dev: { apiserver: 6443, etcdClient: 2379, etcdPeer: 2380, controllerManager: 10257, scheduler: 10259, kwok: 10247 },
  test: {
    apiserver: 16443,
    etcdClient: 12379,
    etcdPeer: 12380,
    controllerManager: 20257,
    scheduler: 20259,
    kwok: 20247,
  },
  bench: {
    apiserver: 26443,
    etcdClient: 22379,
    etcdPeer: 22380,
    controllerManager: 30257,
    scheduler: 30259,
    kwok: 30247,
  },
};

export const PORT_OWNERS: Record<keyof SandboxPorts, string> = {
  apiserver: 'kube-apiserver',
  etcdClient: 'etcd (client)',
  etcdPeer: 'etcd (peer)',
  controllerManager: 'kube-controller-manager',
  scheduler: 'kube-scheduler',
  kwok: 'kwok',
};

/** The repo root: the nearest folder up from here whose package.json declares workspaces. */
export function repoRoot(start: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = resolve(start);
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { workspaces?: unknown }).workspaces) return dir;
      } catch {
        // unreadable package.json: keep looking up
      }
    }
    const up = dirname(dir);
    if (up === dir)
      throw new Error(`cannot find the repository root (a package.json with "workspaces") above ${start}`);
    dir = up;
  }
}

/** `<repo>/data`, or OPSTUDIO_DATA_DIR. */
export function dataRoot(env: NodeJS.ProcessEnv = process.env): string {
  const override = env.OPSTUDIO_DATA_DIR;
  return override && override.trim() !== '' ? resolve(override) : join(repoRoot(), 'data');
}

export function profile(name: ProfileName, env: NodeJS.ProcessEnv = process.env): SandboxProfile {
  return {
    name,
    context: name === 'dev' ? 'opstudio-sandbox' : `opstudio-sandbox-${name}`,
    dataDir: join(dataRoot(env), `sandbox-${name}`),
    ports: PROFILE_PORTS[name],
  };
}

/** A profile with its own data dir and ports portBase+{0..5} (for tests that must not touch dev/test). */
export function customProfile(name: string, dataDir: string, portBase: number): SandboxProfile {
  if (!/^[a-z0-9-]+$/.test(name))
    throw new Error(`invalid sandbox profile name "${name}": use lowercase letters, digits and dashes`);
  if (!Number.isInteger(portBase) || portBase < 1024 || portBase > 65529)
    throw new Error(`invalid port base ${portBase}: use 1024–65529`);
  return {
    name,
    context: `opstudio-sandbox-${name}`,
    dataDir: resolve(dataDir),
    ports: {
      apiserver: portBase,
      etcdClient: portBase + 1,
      etcdPeer: portBase + 2,
      controllerManager: portBase + 3,
      scheduler: portBase + 4,
      kwok: portBase + 5,
    },
  };
}

export type ProfileInput = ProfileName | SandboxProfile;

export function resolveProfile(input: ProfileInput = 'dev', env: NodeJS.ProcessEnv = process.env): SandboxProfile {
  return typeof input === 'string' ? profile(input, env) : input;
}

export function parseProfileName(value: string): ProfileName {
  if ((PROFILE_NAMES as readonly string[]).includes(value)) return value as ProfileName;
  throw new Error(`unknown sandbox profile "${value}": use --profile dev, test or bench`);
}

/** The files and folders of one sandbox's data dir. */
export function layout(p: SandboxProfile) {
  const d = p.dataDir;
  return {
    pki: join(d, 'pki'),
    etcdData: join(d, 'etcd'),
    logs: join(d, 'logs'),
    run: join(d, 'run'),
    kubeconfig: join(d, 'kubeconfig'),
    kwokConfig: join(d, 'kwok.yaml'),
    kwokWorkDir: join(d, 'kwok'),
    /** The container log files kwok serves for every pod (see pod-logs.ts). */
    podLogs: join(d, 'pod-logs'),
    upLock: join(d, 'run', 'up.lock'),
  };
}
