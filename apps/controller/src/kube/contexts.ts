// The kubeconfig's contexts as the cluster picker shows them (docs/design/0035-several-clusters.md),
// and whether each cluster answers. What leaves this module is names, the API server's host and a
// flag: never a token, a certificate, a user name or a file path.
// Every context is probed at once, each with its own short timeout, so a cluster that does not
// answer costs its timeout and never delays the others. Answers are reused for a few seconds and
// callers that ask at the same time share one round of probes: the picker polls, and a viewer
// must not be able to make the studio knock on every cluster as fast as they can click.
import { contextNameProblem } from '@opstudio/shared/kube/context-name';
import { kubeConfigForContext, type LoadedKubeConfig } from './kubeconfig';
import { getServerVersion } from './probe';

export interface KubeContextStatus {
  readonly name: string;
  /** host[:port] of the API server, e.g. 127.0.0.1:6443; '' when the context names no cluster. */
  readonly server: string;
  /** The context the studio was started with (the sandbox unless another one was named). */
  readonly default: boolean;
  readonly reachable: boolean;
  /** The API server's gitVersion when it answered. */
  readonly version?: string;
  /** Why it is not reachable (or cannot be used), in one line a person can act on. */
  readonly message?: string;
}

export interface ProbeOptions {
  /** Per context (default 2000 ms). */
  readonly timeoutMs?: number;
  /** How long an answer is reused (default 5000 ms). */
  readonly reuseMs?: number;
}

interface Round {
  readonly at: number;
  readonly statuses: Promise<KubeContextStatus[]>;
}
const rounds = new WeakMap<LoadedKubeConfig, Round>();

/** Every context of the loaded kubeconfig (list order), each probed concurrently. */
export function kubeContexts(conn: LoadedKubeConfig, opts: ProbeOptions = {}): Promise<KubeContextStatus[]> {
  const last = rounds.get(conn);
  if (last !== undefined && Date.now() - last.at < (opts.reuseMs ?? 5000)) return last.statuses;
  const statuses = probeAll(conn, opts.timeoutMs ?? 2000);
  rounds.set(conn, { at: Date.now(), statuses });
  return statuses;
}

function probeAll(conn: LoadedKubeConfig, timeoutMs: number): Promise<KubeContextStatus[]> {
  const active = conn.kc.getCurrentContext();
  return Promise.all(
    conn.kc.getContexts().map(async (context): Promise<KubeContextStatus> => {
      const cluster = conn.kc.getCluster(context.cluster);
      // the current context under the studio's name for it (in-cluster mode: `in-cluster`)
      const isDefault = context.name === active;
      const base = {
        name: isDefault ? conn.contextName : context.name,
        server: hostOf(cluster?.server),
        default: isDefault,
      };
      const problem =
        contextNameProblem(context.name) ??
        (cluster?.server ? undefined : `context "${context.name}" names no cluster with a server URL`);
      if (problem !== undefined) return { ...base, reachable: false, message: problem };
      try {
        const { gitVersion } = await getServerVersion(kubeConfigForContext(conn.kc, context.name), timeoutMs);
        return { ...base, reachable: true, version: gitVersion };
      } catch (err) {
        return { ...base, reachable: false, message: err instanceof Error ? err.message : String(err) };
      }
    }),
  );
}

function hostOf(server: string | undefined): string {
  if (!server) return '';
  try {
    return new URL(server).host;
  } catch {
    return '';
  }
}
