// Every CRD in the cluster as a ResourceKind: the `kinds` topic (navigation updates when CRDs
// come and go) and the lookups the resources API needs before a request (is this kind served,
// is it namespaced, which printer columns). A lease on all CRDs from the shared informer cache,
// raw JSON (the generated client would rename `x-kubernetes-*` schema keys). Started with the
// other services.
import type { KubeConfig, KubernetesObject } from '@kubernetes/client-node';
import type { CustomResourceDefinition } from '@opstudio/shared/crd/types';
import { conditionsOf, servedVersion } from '../install/crd-client';
import { installedFrom } from '../install/labels';
import { InformerCache, type InformerLease } from '../kube/informer-cache';
import { CRDS } from '../kube/resource-spec';
import { KubeUnreachableError } from '../kube/probe';
import type { LiveBus } from '../live/bus';
import type { SnapshotRegistry } from '../live/snapshots';
import type { PrinterColumn, ResourceKind } from './types';

export class KindsWatcher {
  private readonly cache: InformerCache;
  /** Held from start until its signal aborts. */
  private lease: InformerLease | undefined;
  private readonly published = new Map<string, string>();
  private readonly listeners = new Set<(kind: ResourceKind, deleted: boolean) => void>();

  constructor(
    kc: KubeConfig,
    private readonly bus: LiveBus,
    log?: (message: string) => void,
    cache?: InformerCache,
  ) {
    this.cache = cache ?? new InformerCache({ kc, ...(log !== undefined ? { log } : {}) });
  }

  /** Starts watching the CRDs (resolves after the first list attempt); the lease goes when `signal` aborts. */
  async start(signal: AbortSignal): Promise<void> {
    if (signal.aborted || this.lease !== undefined) return;
    const lease = this.cache.acquire(CRDS);
    this.lease = lease;
    signal.addEventListener(
      'abort',
      () => {
        lease.release();
        if (this.lease === lease) this.lease = undefined;
      },
      { once: true },
    );
    const upsert = (o: KubernetesObject) => {
      const kind = toResourceKind(o as unknown as CustomResourceDefinition);
      const key = JSON.stringify(kind);
      if (this.published.get(kind.uid) === key) return;
      this.published.set(kind.uid, key);
      this.bus.publish({ topic: 'kinds', type: 'upsert', item: kind });
      for (const l of this.listeners) l(kind, false);
    };
    lease.on('add', upsert);
    lease.on('update', upsert);
    lease.on('delete', (o) => {
      const kind = toResourceKind(o as unknown as CustomResourceDefinition);
      this.published.delete(kind.uid);
      this.bus.publish({ topic: 'kinds', type: 'delete', item: kind });
      for (const l of this.listeners) l(kind, true);
    });
    await lease.started;
  }

  registerSnapshots(snapshots: SnapshotRegistry): void {
    // A cluster whose first list failed has no snapshot to give yet: the stream carries on without
    // one (the page's `cluster` topic says why) and the kinds arrive as upserts once it is listed.
    // Throwing here would end the page's one stream, its `cluster` topic with it.
    snapshots.register('kinds', async () => {
      try {
        return [{ topic: 'kinds', type: 'snapshot', items: await this.list() }];
      } catch (err) {
        if (err instanceof KubeUnreachableError) return [];
        throw err;
      }
    });
  }

  /** Called for every changed or deleted kind (after it was published). */
  onChange(listener: (kind: ResourceKind, deleted: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  waitForSync(timeoutMs: number): Promise<boolean> {
    return this.lease?.waitForSync(timeoutMs) ?? Promise.resolve(false);
  }

  private crds(): readonly KubernetesObject[] {
    return this.lease?.list() ?? [];
  }

  /** Every CRD, sorted by name (waits up to 10 s for the first list, see `listed`). */
  async list(): Promise<ResourceKind[]> {
    await this.listed();
    return this.crds()
      .map((o) => toResourceKind(o as unknown as CustomResourceDefinition))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * Waits up to 10 s for the first list of CRDs. A first list that already failed (a context started
   * on demand whose API server is away, docs/design/0035) throws at once instead: an empty answer
   * would read as "no kinds", and after 10 s.
   */
  private async listed(): Promise<void> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const lease = this.lease;
      if (lease === undefined || lease.synced || Date.now() >= deadline) return;
      if (lease.state === 'retrying')
        throw new KubeUnreachableError(
          `cannot list the cluster's CustomResourceDefinitions: ${lease.lastError ?? 'no answer'}`,
        );
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /**
   * The group/plural of the kind named `kind` (installed from `designId`, when given): the first by
   * CRD name, as `list()` would find it, but without converting every CRD. Live timeline filtering
   * asks this for each reconcile run it passes on.
   */
  async findKind(kind: string, designId: string | null): Promise<{ group: string; plural: string } | undefined> {
    await this.waitForSync(10_000);
    let best: CustomResourceDefinition | undefined;
    for (const o of this.crds()) {
      const crd = o as unknown as CustomResourceDefinition;
      if (crd.spec.names.kind !== kind || (designId !== null && installedFrom(crd)?.designId !== designId)) continue;
      if (best === undefined || crd.metadata.name.localeCompare(best.metadata.name) < 0) best = crd;
    }
    return best === undefined ? undefined : { group: best.spec.group, plural: best.spec.names.plural };
  }

  /** The CRD serving `<group>/<version>` `plural`, from the cache. */
  find(group: string, version: string, plural: string): { kind: ResourceKind; columns: PrinterColumn[] } | undefined {
    const served = this.served(group, version, plural);
    return served === undefined ? undefined : { kind: toResourceKind(served.crd), columns: served.columns };
  }

  /** Only the printer columns of `find`: the live tables ask on every change of a CR, and need no whole ResourceKind. */
  columns(group: string, version: string, plural: string): PrinterColumn[] | undefined {
    return this.served(group, version, plural)?.columns;
  }

  private served(
    group: string,
    version: string,
    plural: string,
  ): { crd: CustomResourceDefinition; columns: PrinterColumn[] } | undefined {
    const crd = this.lease?.get(`${plural}.${group}`) as unknown as CustomResourceDefinition | undefined;
    const v = crd?.spec.versions.find((x) => x.name === version && x.served);
    return crd === undefined || v === undefined
      ? undefined
      : { crd, columns: (v.additionalPrinterColumns ?? []).map(printerColumn) };
  }
}

export function toResourceKind(crd: CustomResourceDefinition): ResourceKind {
  const from = installedFrom(crd);
  const version = servedVersion(crd) ?? null;
  const shown = crd.spec.versions.find((v) => v.name === version);
  const meta = crd.metadata as { uid?: unknown; name: string };
  const names = crd.spec.names;
  return {
    uid: typeof meta.uid === 'string' ? meta.uid : meta.name,
    name: meta.name,
    group: crd.spec.group,
    kind: names.kind,
    listKind: names.listKind ?? `${names.kind}List`,
    plural: names.plural,
    singular: names.singular ?? names.kind.toLowerCase(),
    shortNames: names.shortNames ?? [],
    categories: names.categories ?? [],
    scope: crd.spec.scope,
    versions: crd.spec.versions.map((v) => ({
      name: v.name,
      served: v.served,
      storage: v.storage,
      deprecated: v.deprecated ?? false,
    })),
    version,
    established: conditionsOf(crd).some((c) => c.type === 'Established' && c.status === 'True'),
    designId: from?.designId ?? null,
    designVersion: from?.designVersion ?? null,
    printerColumns: (shown?.additionalPrinterColumns ?? []).map(printerColumn),
    schema: shown?.schema?.openAPIV3Schema ?? null,
    subresources: {
      status: shown?.subresources?.status !== undefined,
      scale: shown?.subresources?.scale !== undefined,
    },
  };
}

function printerColumn(c: {
  name: string;
  type: string;
  format?: string;
  description?: string;
  priority?: number;
  jsonPath: string;
}): PrinterColumn {
  return {
    name: c.name,
    type: c.type,
    ...(c.format !== undefined ? { format: c.format } : {}),
    ...(c.description !== undefined ? { description: c.description } : {}),
    priority: c.priority ?? 0,
    jsonPath: c.jsonPath,
  };
}
