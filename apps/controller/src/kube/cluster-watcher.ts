// The controller's view of the cluster: informers on Nodes and Namespaces plus a health probe.
// It publishes the `cluster`, `nodes` and `namespaces` topics on the bus and answers their
// snapshots from the informer caches. A runnable: start(signal) … abort to stop.
// The probe (GET /version) runs every 5 s while connected and every second while disconnected:
// one cheap request decides for every informer and the Lease campaign, which `onReconnected`
// listeners then retry at once instead of waiting out backoffs that grew during the outage
// (informers back off up to 30 s, like client-go's reflector; see docs/design/0019).
import { once } from 'node:events';
import { CoreV1Api } from '@kubernetes/client-node';
import type { KubernetesObject, V1Namespace, V1Node } from '@kubernetes/client-node';
import type { LiveBus } from '../live/bus';
import type { ClusterSummary, NamespaceSummary, NodeSummary } from '../live/events';
import type { SnapshotRegistry } from '../live/snapshots';
import { ResilientInformer } from './informer';
import type { LoadedKubeConfig } from './kubeconfig';
import { getServerVersion, KubeUnreachableError } from './probe';
import { byName, namespaceSummary, nodeSummary } from './summaries';

export interface ClusterWatcherOptions {
  readonly probeIntervalMs?: number;
  /** The probe interval while disconnected (default 1 s): how soon a returning API server is noticed. */
  readonly reconnectProbeMs?: number;
  readonly probeTimeoutMs?: number;
  readonly silenceMs?: number;
  readonly log?: (message: string) => void;
}

export class ClusterWatcher {
  readonly nodes: ResilientInformer<V1Node>;
  readonly namespaces: ResilientInformer<V1Namespace>;
  private connected = false;
  private version: string | null = null;
  private message: string | null = 'connecting…';
  private since = new Date().toISOString();
  private lastPublished = '';
  private probeTimer: NodeJS.Timeout | undefined;
  private probing: Promise<void> | undefined;
  private everConnected = false;
  private readonly reconnectListeners = new Set<() => void>();
  /** 'connected' each time a probe finds the API server answering (whenConnected waits on it). */
  private readonly answers = new EventTarget();
  private readonly published = { nodes: new Map<string, string>(), namespaces: new Map<string, string>() };
  private readonly log: (message: string) => void;

  constructor(
    readonly conn: LoadedKubeConfig,
    private readonly bus: LiveBus,
    private readonly opts: ClusterWatcherOptions = {},
  ) {
    this.log = opts.log ?? (() => undefined);
    const core = conn.kc.makeApiClient(CoreV1Api);
    const common = { kc: conn.kc, silenceMs: opts.silenceMs, log: this.log };
    this.nodes = new ResilientInformer<V1Node>({ ...common, path: '/api/v1/nodes', list: () => core.listNode() });
    this.namespaces = new ResilientInformer<V1Namespace>({
      ...common,
      path: '/api/v1/namespaces',
      list: () => core.listNamespace(),
    });
    this.wireList(this.nodes, nodeSummary, this.published.nodes, (type, item) =>
      this.bus.publish({ topic: 'nodes', type, item }),
    );
    this.wireList(this.namespaces, namespaceSummary, this.published.namespaces, (type, item) =>
      this.bus.publish({ topic: 'namespaces', type, item }),
    );
    for (const informer of [this.nodes, this.namespaces]) {
      // A watch that broke is the fastest sign the API server went away: probe now.
      informer.onState((state) => {
        if (state === 'retrying') void this.probe();
      });
    }
  }

  registerSnapshots(registry: SnapshotRegistry): void {
    registry.register('cluster', () => [{ topic: 'cluster', type: 'snapshot', cluster: this.summary() }]);
    registry.register('nodes', () => [{ topic: 'nodes', type: 'snapshot', items: this.nodeList() }]);
    registry.register('namespaces', () => [{ topic: 'namespaces', type: 'snapshot', items: this.namespaceList() }]);
  }

  async start(signal: AbortSignal): Promise<void> {
    signal.addEventListener('abort', () => clearTimeout(this.probeTimer), { once: true });
    await this.probe();
    await Promise.all([this.nodes.start(signal), this.namespaces.start(signal)]);
    const loop = () => {
      if (signal.aborted) return;
      const interval = this.connected
        ? (this.opts.probeIntervalMs ?? 5000)
        : Math.min(this.opts.reconnectProbeMs ?? 1000, this.opts.probeIntervalMs ?? 5000);
      this.probeTimer = setTimeout(() => void this.probe().finally(loop), interval);
    };
    loop();
  }

  /** Both caches hold a full list (they keep serving it during an outage). */
  get synced(): boolean {
    return this.nodes.synced && this.namespaces.synced;
  }

  /** Resolves once both caches are filled, or after `timeoutMs` (callers then read what there is). */
  async waitForSync(timeoutMs: number): Promise<boolean> {
    await Promise.all([this.nodes.waitForSync(timeoutMs), this.namespaces.waitForSync(timeoutMs)]);
    return this.synced;
  }

  get isConnected(): boolean {
    return this.connected;
  }

  /** Calls `cb` each time the probe finds the API server again after losing it; returns the unsubscribe. */
  onReconnected(cb: () => void): () => void {
    this.reconnectListeners.add(cb);
    return () => this.reconnectListeners.delete(cb);
  }

  /** True once the API server has answered (at once if it has), false when `signal` aborts first. */
  async whenConnected(signal: AbortSignal): Promise<boolean> {
    if (this.connected) return true;
    return once(this.answers, 'connected', { signal }).then(
      () => true,
      () => false, // aborted
    );
  }

  summary(): ClusterSummary {
    const nodes = this.nodeList();
    return {
      connected: this.connected,
      server: this.conn.server,
      context: this.conn.contextName,
      version: this.version,
      nodes: { ready: nodes.filter((n) => n.ready).length, total: nodes.length },
      namespaces: this.namespaces.list().length,
      message: this.message,
      since: this.since,
    };
  }

  /**
   * cluster.info: the summary once the caches are filled (or after 10 s), probing first when
   * disconnected; still disconnected → KubeUnreachableError saying where and why.
   */
  async info(): Promise<{
    server: string;
    context: string;
    version: string;
    nodes: ClusterSummary['nodes'];
    namespaces: number;
  }> {
    if (!this.isConnected) await this.probe();
    const summary = this.summary();
    if (!summary.connected)
      throw new KubeUnreachableError(
        `Disconnected from the cluster at ${summary.server}: ${summary.message ?? 'no answer'}`,
      );
    await this.waitForSync(10_000);
    const fresh = this.summary();
    return {
      server: fresh.server,
      context: fresh.context,
      version: fresh.version ?? 'unknown',
      nodes: fresh.nodes,
      namespaces: fresh.namespaces,
    };
  }

  nodeList(): NodeSummary[] {
    return byName(this.nodes.list().map(nodeSummary));
  }

  namespaceList(): NamespaceSummary[] {
    return byName(this.namespaces.list().map(namespaceSummary));
  }

  /**
   * Ask the API server for /version; flips the connection state and republishes the summary. A
   * probe already under way is shared: its caller (cluster.info on a cluster just started) gets its answer.
   */
  probe(): Promise<void> {
    this.probing ??= this.probeOnce().finally(() => (this.probing = undefined));
    return this.probing;
  }

  private async probeOnce(): Promise<void> {
    try {
      const v = await getServerVersion(this.conn.kc, this.opts.probeTimeoutMs ?? 3000);
      this.version = v.gitVersion;
      const informerError = this.nodes.lastError ?? this.namespaces.lastError;
      this.setConnected(
        true,
        this.synced || informerError === undefined ? null : `connected, but listing failed: ${informerError}`,
      );
      this.nodes.kick();
      this.namespaces.kick();
    } catch (err) {
      this.setConnected(false, err instanceof Error ? err.message : String(err));
    }
  }

  private setConnected(connected: boolean, message: string | null): void {
    const reconnected = connected && !this.connected && this.everConnected;
    if (connected !== this.connected) {
      this.log(
        connected ? `connected to ${this.conn.server}` : `disconnected from ${this.conn.server}: ${message ?? ''}`,
      );
      this.since = new Date().toISOString();
    }
    this.connected = connected;
    this.everConnected ||= connected;
    this.message = message;
    this.publishSummary();
    if (connected) this.answers.dispatchEvent(new Event('connected'));
    if (!reconnected) return;
    for (const cb of [...this.reconnectListeners]) {
      try {
        cb();
      } catch (err) {
        this.log(`a reconnect listener failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }

  private publishSummary(): void {
    const summary = this.summary();
    const key = JSON.stringify(summary);
    if (key === this.lastPublished) return;
    this.lastPublished = key;
    this.bus.publish({ topic: 'cluster', type: 'snapshot', cluster: summary });
  }

  /** Publish upserts/deletes only when the summary changed (a relist re-fires `update` for every object). */
  private wireList<T extends KubernetesObject, S extends { readonly uid: string }>(
    informer: ResilientInformer<T>,
    toSummary: (o: T) => S,
    seen: Map<string, string>,
    publish: (type: 'upsert' | 'delete', item: S) => void,
  ): void {
    const upsert = (obj: T) => {
      const item = toSummary(obj);
      const key = JSON.stringify(item);
      if (seen.get(item.uid) === key) return;
      seen.set(item.uid, key);
      publish('upsert', item);
      this.publishSummary();
    };
    informer.on('add', upsert);
    informer.on('update', upsert);
    informer.on('delete', (obj) => {
      const item = toSummary(obj);
      seen.delete(item.uid);
      publish('delete', item);
      this.publishSummary();
    });
  }
}
