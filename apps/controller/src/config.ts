// The controller's settings, read from the environment once, at start-up, in this one place.
// Command-line flags (from the CLI) override the environment through `overrides`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { splitKubeconfigList } from '@opstudio/shared/kube/kubeconfig-merge';
import { z } from 'zod';
import { loadAuthConfig } from './auth/config';
import { envIssueText } from './env-issue';
import type { AuthConfig } from './auth/config';

/** The monorepo's root: apps/controller/src → ../../.. */
export const repoRoot = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

const port = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a port number (1-65535)` })
    .int(`${name} must be a whole port number (1-65535)`)
    .min(0, `${name} must be between 1 and 65535 (0: any free port)`)
    .max(65535, `${name} must be between 1 and 65535 (0: any free port)`);

const nonEmpty = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z.object({
  OPSTUDIO_HOST: z.string().trim().min(1).default('127.0.0.1'),
  OPSTUDIO_CONTROLLER_PORT: port('OPSTUDIO_CONTROLLER_PORT').default(3001),
  OPSTUDIO_DATA_DIR: nonEmpty,
  DATABASE_URL: nonEmpty,
  OPSTUDIO_KUBECONFIG: nonEmpty,
  KUBECONFIG: nonEmpty,
  OPSTUDIO_KUBE_CONTEXT: nonEmpty,
  OPSTUDIO_LAUNCH_TOKEN_FILE: nonEmpty,
  // in-cluster mode (docs/design/0022-in-cluster-rbac.md): the pod's ServiceAccount is the identity
  KUBERNETES_SERVICE_HOST: nonEmpty,
  OPSTUDIO_IN_CLUSTER: z.enum(['true', 'false'], { error: 'OPSTUDIO_IN_CLUSTER must be true or false' }).optional(),
  OPSTUDIO_IN_CLUSTER_ROOT: nonEmpty,
  OPSTUDIO_LEASE_NAMESPACE: nonEmpty.pipe(
    z
      .string()
      .regex(/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/, 'OPSTUDIO_LEASE_NAMESPACE must be a namespace name')
      .optional(),
  ),
  OPSTUDIO_MAX_CONCURRENT_RECONCILES: z.coerce
    .number({ error: 'OPSTUDIO_MAX_CONCURRENT_RECONCILES must be a whole number from 1 to 64' })
    .int('OPSTUDIO_MAX_CONCURRENT_RECONCILES must be a whole number from 1 to 64')
    .min(1, 'OPSTUDIO_MAX_CONCURRENT_RECONCILES must be at least 1')
    .max(64, 'OPSTUDIO_MAX_CONCURRENT_RECONCILES must be at most 64')
    .default(1),
  OPSTUDIO_WEB_URL: nonEmpty.pipe(
    z.url({ error: 'OPSTUDIO_WEB_URL must be a URL like http://127.0.0.1:3000' }).optional(),
  ),
});

export interface ControllerConfig {
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  /** Prisma URL: `file:/abs/path.db` for SQLite (default), `postgresql://…` later. */
  readonly databaseUrl: string;
  /** Explicit kubeconfig path, or a KUBECONFIG-style list of them (merged as kubectl does); undefined means "no cluster named" (never ~/.kube/config by surprise). */
  readonly kubeconfigPath: string | undefined;
  readonly kubeContext: string | undefined;
  /** In-cluster mode: the pod's ServiceAccount instead of a kubeconfig (--in-cluster, OPSTUDIO_IN_CLUSTER, or KUBERNETES_SERVICE_HOST with no kubeconfig named). */
  readonly inCluster?: boolean;
  /** Stands in for `/` when reading the ServiceAccount files (tests); '' in a pod. */
  readonly inClusterRoot?: string;
  /** The controller-manager Lease's namespace; undefined: the pod's namespace in-cluster, else `default`. */
  readonly leaseNamespace?: string | undefined;
  /** Reconcile workers per installed kind (controller-runtime's MaxConcurrentReconciles); default 1, as kubebuilder. */
  readonly maxConcurrentReconciles?: number;
  /** Where the web app is (npm start sets it): its port is served through the proxy; the console points at it. */
  readonly webUrl?: string | undefined;
  /** Single-user mode writes the launch token here (owner-only): default `<dataDir>/launch-token`. */
  readonly launchTokenFile?: string | undefined;
  /** Sign-in mode, origins, cookies, body cap, Kubernetes identity mapping (auth/config.ts); absent: single-user defaults. */
  readonly auth?: AuthConfig;
}

/** Command-line flags; mutable so a flag parser can fill it in. */
export type ConfigOverrides = {
  -readonly [K in 'host' | 'port' | 'kubeconfigPath' | 'kubeContext' | 'databaseUrl']?: ControllerConfig[K];
} & { auth?: boolean; inCluster?: boolean };

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: ConfigOverrides = {}): ControllerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(envIssueText(parsed.error, env));
  const e = parsed.data;
  const dataDir = path.resolve(e.OPSTUDIO_DATA_DIR ?? path.join(repoRoot, 'data'));
  const kubeconfig = overrides.kubeconfigPath ?? e.OPSTUDIO_KUBECONFIG ?? e.KUBECONFIG;
  // a kubeconfig named on purpose wins over the pod's own identity; a flag or the setting wins over both
  const inCluster =
    overrides.inCluster ??
    (e.OPSTUDIO_IN_CLUSTER !== undefined
      ? e.OPSTUDIO_IN_CLUSTER === 'true'
      : kubeconfig === undefined && e.KUBERNETES_SERVICE_HOST !== undefined);
  return {
    host: overrides.host ?? e.OPSTUDIO_HOST,
    port: overrides.port ?? e.OPSTUDIO_CONTROLLER_PORT,
    dataDir,
    databaseUrl: overrides.databaseUrl ?? e.DATABASE_URL ?? `file:${path.join(dataDir, 'studio.db')}`,
    kubeconfigPath: kubeconfigList(kubeconfig),
    kubeContext: overrides.kubeContext ?? e.OPSTUDIO_KUBE_CONTEXT,
    inCluster,
    inClusterRoot: e.OPSTUDIO_IN_CLUSTER_ROOT === undefined ? '' : path.resolve(e.OPSTUDIO_IN_CLUSTER_ROOT),
    leaseNamespace: e.OPSTUDIO_LEASE_NAMESPACE,
    maxConcurrentReconciles: e.OPSTUDIO_MAX_CONCURRENT_RECONCILES,
    webUrl: e.OPSTUDIO_WEB_URL?.replace(/\/+$/, ''),
    launchTokenFile: path.resolve(e.OPSTUDIO_LAUNCH_TOKEN_FILE ?? path.join(dataDir, 'launch-token')),
    auth: loadAuthConfig(env, overrides.auth === undefined ? {} : { auth: overrides.auth }),
  };
}

/** A KUBECONFIG-style list (':' on Linux) with each entry made absolute; nothing in it: no cluster named. */
function kubeconfigList(value: string | undefined): string | undefined {
  const files = value === undefined ? [] : splitKubeconfigList(value, path.delimiter);
  return files.length === 0 ? undefined : files.map((f) => path.resolve(f)).join(path.delimiter);
}
