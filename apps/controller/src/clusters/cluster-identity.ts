// Which cluster a stored row belongs to (docs/design/0035-several-clusters.md): KindPause and
// ReconcileRun carry a clusterId, so clusters served from one database keep their own pauses and
// failed runs. The id is the uid of the cluster's kube-system namespace: made with the cluster and
// never changed, so it survives a renamed kubeconfig context, and two contexts of one cluster (two
// users, two server URLs) share it. When the namespace cannot be read (RBAC, or no answer) the id
// is the context's name prefixed `context:`: stable for that context, not shared with its siblings.
import { CoreV1Api } from '@kubernetes/client-node';
import type { KubeConfig } from '@kubernetes/client-node';
import type { StudioDb } from '../db';
import { TimedOutError } from '../errors';
import type { ClusterWatcher } from '../kube/cluster-watcher';

/** The id of a cluster whose kube-system namespace could not be read. */
export const fallbackClusterId = (contextName: string): string => `context:${contextName}`;

/** One GET of kube-system: its uid, or the fallback and why (for the log). */
export async function readClusterId(
  kc: KubeConfig,
  contextName: string,
): Promise<{ readonly id: string; readonly fallback?: string }> {
  try {
    const ns = await kc.makeApiClient(CoreV1Api).readNamespace({ name: 'kube-system' });
    const uid = ns.metadata?.uid;
    if (uid !== undefined && uid !== '') return { id: uid };
    return { id: fallbackClusterId(contextName), fallback: 'the kube-system namespace has no uid' };
  } catch (err) {
    return { id: fallbackClusterId(contextName), fallback: `reading namespace kube-system failed: ${String(err)}` };
  }
}

/**
 * A service set's cluster id, learnt once the cluster first answers (the set starts before that).
 * Writers wait for it; readers that must answer at once (the home page) read `current`.
 */
export class ClusterIdentity {
  private value: string | undefined;
  private readonly waiters = new Set<(id: string) => void>();

  /** An identity known from the start (the CLI, tests). */
  static of(id: string): ClusterIdentity {
    const known = new ClusterIdentity();
    known.set(id);
    return known;
  }

  get current(): string | undefined {
    return this.value;
  }

  /** Sets the id once; later calls are ignored (a set's cluster does not change). */
  set(id: string): void {
    if (this.value !== undefined) return;
    this.value = id;
    for (const resolve of this.waiters) resolve(id);
    this.waiters.clear();
  }

  /** The id once known; rejects with the signal's reason when it aborts first. */
  wait(signal?: AbortSignal): Promise<string> {
    if (this.value !== undefined) return Promise.resolve(this.value);
    if (signal?.aborted === true) return Promise.reject(signal.reason as Error);
    return new Promise<string>((resolve, reject) => {
      const onAbort = () => (this.waiters.delete(done), reject(signal?.reason as Error));
      const done = (id: string) => (signal?.removeEventListener('abort', onAbort), resolve(id));
      this.waiters.add(done);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** The id, waiting up to `timeoutMs` (a set started by this very request learns it in a probe or two). */
  async require(timeoutMs = 5_000): Promise<string> {
    // a timer of our own: AbortSignal.timeout's does not keep the process alive while it waits
    const late = new AbortController();
    const timer = setTimeout(() => late.abort(), timeoutMs);
    try {
      return await this.wait(late.signal);
    } catch {
      throw new TimedOutError(
        'the cluster has not answered since the studio started, so its pauses cannot be read or changed yet: try again once it is connected',
      );
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * Learns the set's id once its cluster first answers: one GET, the fallback when that fails. The
 * default cluster then claims the rows stored before clusters had ids (clusterId ''), so an upgrade
 * keeps its pauses and history; that happens before the id is set, so its manager never reads
 * pauses without them. Returns when the id is set, or when `signal` aborts first.
 */
export async function learnClusterId(opts: {
  readonly kc: KubeConfig;
  readonly contextName: string;
  readonly cluster: Pick<ClusterWatcher, 'whenConnected'>;
  readonly identity: ClusterIdentity;
  /** The default cluster's set: claim the rows without a cluster. */
  readonly claim?: StudioDb;
  readonly log: (message: string, fields?: Record<string, unknown>) => void;
  readonly signal: AbortSignal;
}): Promise<void> {
  const { signal, log } = opts;
  if (!(await opts.cluster.whenConnected(signal))) return;
  const { id, fallback } = await readClusterId(opts.kc, opts.contextName);
  if (fallback !== undefined) log('Cluster id is the context name', { clusterId: id, reason: fallback });
  if (opts.claim !== undefined) {
    const claimed = await claimUnkeyedRows(opts.claim, id).catch((err: unknown) => {
      log('Claiming the rows stored without a cluster failed', { clusterId: id, error: String(err) });
      return undefined;
    });
    if (claimed !== undefined && claimed.runs + claimed.pauses > 0)
      log('Claimed the rows stored without a cluster', { clusterId: id, ...claimed });
  }
  opts.identity.set(id);
}

/**
 * Makes the rows stored before clusters had ids (clusterId '') `clusterId`'s: one UPDATE per table.
 * A pause already kept for this cluster wins over an unkeyed one of the same kind.
 */
export async function claimUnkeyedRows(
  db: StudioDb,
  clusterId: string,
): Promise<{ readonly runs: number; readonly pauses: number }> {
  const keyed = await db.kindPause.findMany({ where: { clusterId }, select: { crdName: true } });
  const [, pauses, runs] = await db.$transaction([
    db.kindPause.deleteMany({ where: { clusterId: '', crdName: { in: keyed.map((k) => k.crdName) } } }),
    db.kindPause.updateMany({ where: { clusterId: '' }, data: { clusterId } }),
    db.reconcileRun.updateMany({ where: { clusterId: '' }, data: { clusterId } }),
  ]);
  return { runs: runs.count, pauses: pauses.count };
}
