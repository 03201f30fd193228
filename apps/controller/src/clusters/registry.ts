// Every cluster the studio serves: one service set per kubeconfig context (docs/design/0035).
// The default context's set is started at boot and waited for (server.ts first checks that the API
// server answers and that the Lease may be written); any other context's set starts at the first
// request that names it, or at boot when the studio installed a CRD there before (remembered.ts),
// without waiting for its API server, so a cluster that does not answer never holds up a request
// to another one. A started set keeps running (its controller keeps
// reconciling what was installed there) until the studio stops; `stop()` stops them all at once.
import { contextFromPathSegment } from '@opstudio/shared/kube/context-name';
import type { KubeContexts } from '../api/context';
import { NotFoundError } from '../errors';
import { KubeConfigError, kubeConfigForContext } from '../kube/kubeconfig';
import type { LoadedKubeConfig } from '../kube/kubeconfig';
import { logFn } from '../log/logger';
import { startClusterServices, startDefaultClusterServices } from './cluster-services';
import type { ClusterServicesDeps, ClusterServicesOptions, RunningCluster } from './cluster-services';

/** How long a context started on demand waits for its API server's /version before it counts as disconnected. */
const PROBE_TIMEOUT_MS = 2000;

export class ClusterRegistry implements KubeContexts {
  readonly defaultContext: string;
  private readonly sets = new Map<string, RunningCluster>();
  private stopping: Promise<void> | undefined;

  constructor(
    /** The merged kubeconfig; its current context is the default. */
    readonly kubeconfig: LoadedKubeConfig,
    private readonly deps: ClusterServicesDeps,
    private readonly opts: ClusterServicesOptions = {},
  ) {
    this.defaultContext = kubeconfig.contextName;
  }

  /** Starts the default context's set and waits for its informers' first answer (once). */
  async startDefault(): Promise<RunningCluster> {
    const started = this.sets.get(this.defaultContext);
    if (started !== undefined) return started;
    const set = await startDefaultClusterServices(this.kubeconfig, this.deps, this.opts);
    this.sets.set(this.defaultContext, set);
    return set;
  }

  /** The default context's set; startDefault() must have resolved. */
  get default(): RunningCluster {
    const set = this.sets.get(this.defaultContext);
    if (set === undefined) throw new Error('the default cluster is not started yet');
    return set;
  }

  /**
   * The set of the context a request names by its URL path segment (contextToPathSegment), or the
   * default when it names none; an unknown or invalid name is a NotFoundError listing the contexts.
   */
  forSegment(segment: string | undefined): RunningCluster {
    if (segment === undefined || segment === '') return this.default;
    const name = contextFromPathSegment(segment);
    if (name === undefined) throw this.unknown(segment);
    return this.get(name);
  }

  /** The set of context `name`, started on first use without waiting for its API server. */
  get(name: string): RunningCluster {
    if (this.stopping !== undefined) throw new Error('the studio is stopping');
    const known = this.sets.get(this.canonical(name));
    if (known !== undefined) return known;
    const set = startClusterServices(this.connFor(name), this.deps, {
      ...this.opts,
      // a request waits for at most one probe: as long as the cluster picker's (kube/contexts.ts)
      probeTimeoutMs: this.opts.probeTimeoutMs ?? PROBE_TIMEOUT_MS,
      ...(this.opts.logger !== undefined ? { logger: this.opts.logger.child({ context: name }) } : {}),
    });
    this.sets.set(name, set);
    return set;
  }

  /**
   * Starts the sets of the contexts the studio installed in (remembered.ts), as first use would, so
   * their controllers reconcile from boot; one the kubeconfig no longer has is named in the log.
   */
  startRemembered(contexts: readonly string[]): void {
    for (const name of contexts) {
      try {
        this.get(name);
      } catch (err) {
        this.log(
          `context "${name}" has CRDs the studio installed but is not started: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
    }
  }

  /** The sets started so far, the default first. */
  started(): ReadonlyMap<string, RunningCluster> {
    return this.sets;
  }

  /** Stops every started set, in parallel; later get() calls throw. */
  stop(): Promise<void> {
    this.stopping ??= Promise.all([...this.sets.values()].map((s) => s.stop())).then(() => undefined);
    return this.stopping;
  }

  /**
   * The design's CRD in any started cluster (a design installed anywhere is still reconciled there),
   * named with its context when that is not the default; a cluster that does not answer fails the check.
   */
  async installedCrdOf(designId: string): Promise<string | undefined> {
    const found = await Promise.all(
      [...this.sets].map(async ([name, set]) => {
        const crd = await set.context.crds.installedCrdOf(designId);
        if (crd === undefined || name === this.defaultContext) return crd;
        return `${crd} (in context "${name}")`;
      }),
    );
    return found.find((crd) => crd !== undefined);
  }

  /** In-cluster mode names its one context `in-cluster`; client-node's own name for it is accepted too. */
  private canonical(name: string): string {
    return name === this.kubeconfig.kc.getCurrentContext() ? this.defaultContext : name;
  }

  private log(message: string): void {
    const log =
      this.opts.logger !== undefined ? logFn(this.opts.logger.child({ component: 'clusters' })) : this.opts.log;
    log?.(message);
  }

  private connFor(name: string): LoadedKubeConfig {
    const { kc, path } = this.kubeconfig;
    if (kc.getContextObject(name) === null) throw this.unknown(name);
    const own = kubeConfigForContext(kc, name);
    const server = own.getCurrentCluster()?.server;
    if (!server) throw new KubeConfigError(`context "${name}" names no cluster with a server URL`);
    return { kc: own, server: server.replace(/\/+$/, ''), contextName: name, path };
  }

  private unknown(name: string): NotFoundError {
    const available = this.kubeconfig.kc.getContexts().map((c) => this.canonical(c.name));
    const shown = name.length > 260 ? `${name.slice(0, 260)}…` : name; // a hand-made header can be long
    return new NotFoundError(`no context "${shown}" in the kubeconfig (available: ${available.join(', ')})`);
  }
}
