// The six processes of a sandbox, in start order, with how to start and probe each.
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import {
  apiserverArgs,
  controllerManagerArgs,
  etcdArgs,
  etcdClientUrl,
  kwokArgs,
  podLogWriterArgs,
  schedulerArgs,
  type FlagInputs,
} from './flags';
import { isOk } from './kube-http';
import { readEtcdClientCredentials, type ClientCredentials } from './pki';
import { layout, type SandboxProfile } from './profiles';
import { binaryPath, type BinaryName } from './versions';

export const COMPONENT_NAMES = [
  'etcd',
  'kube-apiserver',
  'kube-controller-manager',
  'kube-scheduler',
  'kwok',
  'pod-log-writer',
] as const;
export type ComponentName = (typeof COMPONENT_NAMES)[number];

export interface Component {
  name: ComponentName;
  /** A built binary, or `node` (this Node.js) for the small script components. */
  binary: BinaryName | 'node';
  args: (f: FlagInputs) => string[];
  /** A cheap liveness/readiness probe of the running process. */
  healthy: (p: SandboxProfile, creds: ClientCredentials) => Promise<boolean>;
}

/** GET https://127.0.0.1:port/path on a component's self-signed serving port (loopback, our own process). */
function selfSignedOk(port: number, path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = httpsRequest({ host: '127.0.0.1', port, path, rejectUnauthorized: false, timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

async function etcdHealthy(p: SandboxProfile): Promise<boolean> {
  let creds: ClientCredentials;
  try {
    creds = readEtcdClientCredentials(layout(p).pki);
  } catch {
    return false; // no etcd certificates yet: a data dir from before etcd had TLS, not started since
  }
  return isOk(`${etcdClientUrl(p)}/health`, creds);
}

export const COMPONENTS: readonly Component[] = [
  {
    name: 'etcd',
    binary: 'etcd',
    args: etcdArgs,
    // etcd asks every client for a certificate of its own CA (see etcdArgs)
    healthy: (p) => etcdHealthy(p),
  },
  {
    name: 'kube-apiserver',
    binary: 'kube-apiserver',
    args: apiserverArgs,
    healthy: (p, creds) => isOk(`${serverUrl(p)}/readyz`, creds),
  },
  {
    name: 'kube-controller-manager',
    binary: 'kube-controller-manager',
    args: controllerManagerArgs,
    healthy: (p) => selfSignedOk(p.ports.controllerManager, '/healthz'),
  },
  {
    name: 'kube-scheduler',
    binary: 'kube-scheduler',
    args: schedulerArgs,
    healthy: (p) => selfSignedOk(p.ports.scheduler, '/healthz'),
  },
  {
    name: 'kwok',
    binary: 'kwok',
    args: kwokArgs,
    // its fake kubelet server (see kwokArgs), plain HTTP on the same port as HTTPS
    healthy: (p) => isOk(`http://127.0.0.1:${p.ports.kwok}/healthz`),
  },
  {
    name: 'pod-log-writer',
    binary: 'node',
    args: podLogWriterArgs,
    healthy: () => Promise.resolve(true),
  },
];

/** The executable a component runs. */
export function componentExecutable(c: Component): string {
  return c.binary === 'node' ? process.execPath : binaryPath(c.binary);
}

export function serverUrl(p: SandboxProfile): string {
  return `https://127.0.0.1:${p.ports.apiserver}`;
}

export function pidFile(runDir: string, name: ComponentName): string {
  return join(runDir, `${name}.pid`);
}

export function logFile(logsDir: string, name: ComponentName): string {
  return join(logsDir, `${name}.log`);
}
