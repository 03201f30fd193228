// The one running operator of every design, `For(kind).Owns(<every child kind>)`: its resource
// graph, or the image form as a one-Deployment graph with the deploy-image profile (docs/design/0046).
// On leases from the shared informer cache:
//   - the CRs of its kind (their events enqueue the CR with a `watch` trigger),
//   - each child kind of the design, all namespaces, narrowed to the studio's operand label
//     (`app.kubernetes.io/managed-by=operator-studio`, which the planner sets on every child): an
//     event of one whose controller ownerReference is a CR of this kind, or (a child Kubernetes
//     allows no reference to it: cluster-scoped, or in another namespace) whose owner annotation
//     names one, enqueues that CR with an `owned` trigger carrying the child's kind. Objects
//     without the label (another owner's, or a name collision) are read with a GET before the
//     first apply, never from this cache. The image form's Deployment carries kubebuilder's
//     `managed-by: <Kind>Controller` instead, and that is the label its lease selects;
//   - for the image form, the Pods (PODS, every pod: the Pods panel's informer too): their names
//     are its status.nodes, read from the cache at each reconcile (a pod's change reaches it
//     through its Deployment's status);
//   - each kind an external reference reads, unfiltered (docs/design/0040): an event of an object a
//     custom resource reads, or read at its last reconcile, enqueues it with an `external` trigger;
//   - a periodic resync, and a WorkQueueController running the graph reconciler.
import type { KubeConfig, KubernetesObject } from '@kubernetes/client-node';
import { operandGraph } from '@opstudio/shared/graph/deploy-image-profile';
import type { Design } from '@opstudio/shared/design/schema';
import { isNamespacedOffline } from '@opstudio/shared/graph/child-kinds';
import { MANAGED_BY } from '@opstudio/shared/graph/plan';
import { labelledOwner } from '@opstudio/shared/graph/ownership';
import { resourceCoordinates } from '@opstudio/shared/operand/index';
import type { ReconcilerReport } from '../history/types';
import { InformerCache, type InformerLease } from '../kube/informer-cache';
import { OPERAND_LABEL, PODS, REPLICASETS } from '../kube/resource-spec';
import { podWaitReason, waitsOnPods } from '@opstudio/shared/graph/pod-waits';
import { WorkQueueController, type Reconcile, type ReconcileAttempt } from '../runtime/controller';
import type { EventInput } from '../runtime/recorder';
import { objectKey, splitKey, watchTrigger, type WatchEventType } from '../runtime/triggers';
import { childKindSpecs, kindSpecs, type ChildKindSpec } from './child-kinds';
import { ExternalReads } from './external-reads';
import { childWrites } from './child-writes';
import type { CrObject } from './cr-object';
import { createGraphReconciler } from './graph-reconcile';
import type { Planner } from './planner';
import { kubeWrites } from './kube-writes';
import { cacheReader, reconcileWriter, type ChildCaches, type PodCache, type ReconcileReader } from './reconcile-io';
import { Expectations, refKey, type ObjectRef } from './expectations';
import type { KindRevisions } from './revisions';
import { controllerName } from '@opstudio/shared/kube/controller-name';

export interface GraphOperatorOptions {
  readonly kc: KubeConfig;
  readonly design: Design;
  readonly designId: string;
  readonly designVersion: number;
  /**
   * What the reconciler writes with: the design's own identity (manager.ts, docs/design/0037),
   * so it does only what the design's RBAC grants. Reads (the cache) use `kc`. Default: `kc`.
   */
  readonly writer?: KubeConfig;
  /** The kubeconfig context of the manager running it: its metrics' `cluster` label. */
  readonly cluster?: string;
  readonly recordEvent: (event: EventInput) => void;
  readonly onRun?: (attempt: ReconcileAttempt, report: ReconcilerReport | undefined) => void | Promise<void>;
  readonly resyncMs?: number;
  readonly maxConcurrentReconciles?: number;
  readonly cache?: InformerCache;
  readonly watchSilenceMs?: number;
  /** the revisions each custom resource may run (docs/design/0055); without it, `design` for all */
  readonly revisions?: KindRevisions;
  /** where its reconciles plan (the manager's planner thread); default: this thread */
  readonly planner?: Planner;
  readonly log?: (message: string, fields?: Record<string, unknown>) => void;
}

/** The pods of a namespace a label selector's matchLabels pick, from the shared cache. */
export type PodsOf = (namespace: string, matchLabels: Readonly<Record<string, string>>) => readonly KubernetesObject[];

/** One custom resource as the cache shows it now. */
export interface ObservedResource {
  readonly cr: CrObject;
  readonly children: readonly KubernetesObject[];
  readonly pods: PodsOf;
  /** whether the cache shows every write its reconciles made (else what it shows is older) */
  readonly settled: boolean;
}

const verbs: readonly ['add' | 'update' | 'delete', WatchEventType][] = [
  ['add', 'ADDED'],
  ['update', 'MODIFIED'],
  ['delete', 'DELETED'],
];

interface ChildLease {
  readonly spec: ChildKindSpec;
  readonly lease: InformerLease;
}

export class GraphOperator {
  readonly controller: WorkQueueController<ReconcilerReport>;
  private readonly cache: InformerCache;
  private crs: InformerLease | undefined;
  private children: ChildLease[] = [];
  private externals: ChildLease[] = [];
  private externalReads = new ExternalReads([]);
  private pods: InformerLease | undefined;
  private readonly read: ReconcileReader;
  private readonly expectations = new Expectations();
  /**
   * Updates of a custom resource that came while it was being reconciled, by queue key: the echo
   * of that run's status write can come before the write's answer, so which ones are echoes is
   * decided when the run ends (before the queue would run the key again anyway).
   */
  private readonly heldUpdates = new Map<string, { cr: KubernetesObject; eventType: WatchEventType }[]>();
  /** The kind of the custom resources it reconciles (the triggers name it). */
  private readonly kind: string;

  constructor(private readonly opts: GraphOperatorOptions) {
    const coords = resourceCoordinates(opts.design);
    this.kind = coords.kind;
    const { kc, log } = opts;
    this.cache =
      opts.cache ??
      new InformerCache({
        kc,
        ...(opts.watchSilenceMs !== undefined ? { silenceMs: opts.watchSilenceMs } : {}),
        ...(log !== undefined ? { log: (m: string) => log(m) } : {}),
      });
    const caches: ChildCaches = {
      controlledBy: (uid) => this.children.flatMap((c) => c.lease.byController(uid)),
      synced: () => this.children.every((c) => c.lease.synced),
      get: (apiVersion, kind, name, namespace) =>
        this.children.find((c) => c.spec.apiVersion === apiVersion && c.spec.kind === kind)?.lease.get(name, namespace),
    };
    const empty: readonly KubernetesObject[] = [];
    const pods = () => this.pods;
    const podCache: PodCache = {
      list: (namespace?: string) => pods()?.list(namespace) ?? empty,
      byInstance: (namespace: string, value: string) => pods()?.byInstance(namespace, value) ?? empty,
      get synced() {
        return pods()?.synced ?? false;
      },
      get lastError() {
        return pods()?.lastError;
      },
      waitForSync: (ms: number) => pods()?.waitForSync(ms) ?? Promise.resolve(false),
    };
    // reads from the shared cache (the API reader only for a child it does not hold); writes as the design
    const childIo = childWrites(opts.writer ?? kc);
    const read = cacheReader({
      crs: { get: (name, namespace) => this.crs?.get(name, namespace) as CrObject | undefined },
      children: caches,
      live: childIo,
      externals: {
        read: (key, targets) => this.externalReads.read(key, targets),
        forget: (key) => this.externalReads.forget(key),
      },
      pods: podCache,
    });
    this.read = read;
    const write = reconcileWriter(childIo, kubeWrites(opts.writer ?? kc, coords));
    // one account of our writes for every revision's reconciler: a resource that changes revision
    // waits for the writes the other one made
    const expectations = this.expectations;
    const revisioned = (
      revisions: KindRevisions | undefined,
      r: ReconcileReader,
      make: (design: Design, version: number) => Reconcile<ReconcilerReport>,
    ) =>
      revisions === undefined
        ? make(opts.design, opts.designVersion)
        : revisions.reconciler((key) => {
            const { namespace, name } = splitKey(key);
            return r.cr(name, namespace);
          }, make);
    this.controller = new WorkQueueController({
      name: controllerName(coords.kind),
      ...(opts.cluster !== undefined ? { cluster: opts.cluster } : {}),
      maxConcurrentReconciles: opts.maxConcurrentReconciles,
      reconcile: revisioned(opts.revisions, read, (design, designVersion) =>
        createGraphReconciler({
          design,
          designId: opts.designId,
          designVersion,
          read,
          write,
          recordEvent: opts.recordEvent,
          expectations,
          ...(opts.planner !== undefined ? { planner: opts.planner } : {}),
          // a cluster-scoped child gets no namespace: discovery's answer, once start() has it
          isNamespaced: (apiVersion, kind) =>
            [...this.children, ...this.externals].find((c) => c.spec.apiVersion === apiVersion && c.spec.kind === kind)
              ?.spec.namespaced ?? isNamespacedOffline(apiVersion, kind),
        }),
      ),
      onRun: (attempt) => {
        this.releaseHeldUpdates(attempt.key);
        return opts.onRun?.(attempt, attempt.report);
      },
      ...(log !== undefined ? { log } : {}),
    });
  }

  /** The updates held while `key` was reconciled, each woken on now that its run's writes are known. */
  private releaseHeldUpdates(key: string): void {
    const held = this.heldUpdates.get(key);
    if (held === undefined) return;
    this.heldUpdates.delete(key);
    for (const { cr, eventType } of held) this.wakeOnUpdate(key, cr, eventType);
  }

  /** A custom resource's update queues it, unless it is the echo of our own status write (expectations.ts). */
  private wakeOnUpdate(key: string, cr: KubernetesObject, eventType: WatchEventType): void {
    if (this.expectations.ownStatusEcho(key, cr)) return;
    this.controller.enqueue(key, watchTrigger('watch', eventType, cr, this.kind));
  }

  /**
   * The custom resources of its kind, as cached (empty until started), and what one of them shows
   * now: its object, its children and their pods (the rollout runner's health, docs/design/0055).
   */
  resources(): readonly CrObject[] {
    return (this.crs?.list() ?? []) as unknown as CrObject[];
  }

  observe(key: string): ObservedResource | undefined {
    const { namespace, name } = splitKey(key);
    const cr = this.read.cr(name, namespace);
    if (cr === undefined) return undefined;
    const look = (ref: ObjectRef) => (refKey(ref) === refKey(cr) ? cr : this.read.cached(ref));
    return {
      cr,
      children: this.read.controlledBy(cr.metadata.uid),
      pods: (ns, labels) => this.read.pods(ns, labels),
      settled: this.expectations.unmet({ key, uid: cr.metadata.uid }, look).length === 0,
    };
  }

  async start(signal: AbortSignal): Promise<void> {
    const coords = resourceCoordinates(this.opts.design);
    const graph = operandGraph(this.opts.design);
    const specs = await childKindSpecs(this.opts.kc, graph, this.opts.log);
    const externalSpecs = await kindSpecs(this.opts.kc, graph.externalRefs ?? [], this.opts.log);
    const crs = this.cache.acquire({ group: coords.group, version: coords.version, resource: coords.plural });
    this.crs = crs;
    // a graph's children carry the studio's managed-by label: its informers share that selector
    // with the Owned panel's; the image form's Deployment is found among all Deployments, as
    // kubebuilder's Owns(Deployment) does, on the one informer the Events watcher and the Owned
    // panel lease too (DEPLOYMENTS): a selector of its own would watch Deployments twice
    this.children = specs.map((spec) => ({
      spec,
      lease: this.cache.acquire({
        group: spec.group,
        version: spec.version,
        resource: spec.resource,
        ...(graph.profile === undefined ? { labelSelector: `${OPERAND_LABEL}=${MANAGED_BY}` } : {}),
      }),
    }));
    const clusterScoped = this.opts.design.crd.scope === 'Cluster';
    // what external references read carries no label of ours: the whole kind, as the export's Watches
    this.externals = externalSpecs.map((spec) => ({
      spec,
      lease: this.cache.acquire({ group: spec.group, version: spec.version, resource: spec.resource }),
    }));
    // the image form reports its pods' names (status.nodes) when its design says where
    // a graph's workload children say why their pods wait in the CR's Progressing message (pod-waits.ts)
    const kinds = new Set(graph.resources.map((r) => r.template.kind));
    const podsSayWhy = waitsOnPods(graph);
    const podsLease =
      podsSayWhy || (graph.profile !== undefined && (this.opts.design.operand?.podNamesStatusField ?? '') !== '')
        ? this.cache.acquire(PODS)
        : undefined;
    this.pods = podsLease;
    // a Deployment's pods belong to its ReplicaSets: the one unlabelled ReplicaSets informer (the Pods panel's)
    const replicaSets = podsSayWhy && kinds.has('Deployment') ? this.cache.acquire(REPLICASETS) : undefined;
    const externalReads = new ExternalReads(
      this.externals.map((x) => ({ apiVersion: x.spec.apiVersion, kind: x.spec.kind, lease: x.lease })),
    );
    this.externalReads = externalReads;
    const podWaits = new Map<string, string>();
    let resync: NodeJS.Timeout | undefined;
    const enqueueCr = (cr: KubernetesObject) =>
      objectKey({ namespace: cr.metadata?.namespace, name: cr.metadata?.name ?? '' });
    try {
      for (const [verb, eventType] of verbs) {
        crs.on(verb, (cr) => {
          const key = enqueueCr(cr);
          if (verb !== 'update') this.controller.enqueue(key, watchTrigger('watch', eventType, cr, coords.kind));
          else if (!this.controller.isProcessing(key)) this.wakeOnUpdate(key, cr, eventType);
          else if (this.heldUpdates.has(key)) this.heldUpdates.get(key)!.push({ cr, eventType });
          else this.heldUpdates.set(key, [{ cr, eventType }]);
        });
        for (const { spec, lease } of this.children)
          lease.on(verb, (child) => {
            const owner = ownerKey(child, coords, clusterScoped);
            if (owner !== undefined) this.controller.enqueue(owner, watchTrigger('owned', eventType, child, spec.kind));
          });
        if (podsSayWhy && podsLease !== undefined)
          podsLease.on(verb, (pod) => {
            // only a change of why the pod waits (a Pending pod's reason, a waiting container's) wakes the CR
            const why = verb === 'delete' ? null : podWaitReason(pod);
            const uid = pod.metadata?.uid ?? '';
            const before = podWaits.get(uid) ?? null;
            if (why === null) podWaits.delete(uid);
            else podWaits.set(uid, why);
            if (why === before) return;
            const child = workloadOf(pod, () => this.children, replicaSets);
            const owner = child === undefined ? undefined : ownerKey(child, coords, clusterScoped);
            if (owner !== undefined) this.controller.enqueue(owner, watchTrigger('owned', eventType, pod, 'Pod'));
          });
        for (const { spec, lease } of this.externals)
          lease.on(verb, (o) => {
            for (const key of externalReads.readers(spec.apiVersion, spec.kind, o))
              this.controller.enqueue(key, watchTrigger('external', eventType, o, spec.kind));
          });
      }
      await Promise.all([
        crs.started,
        ...[...this.children, ...this.externals].map((c) => c.lease.started),
        ...(podsLease !== undefined ? [podsLease.started] : []),
        ...(replicaSets !== undefined ? [replicaSets.started] : []),
      ]);
      resync = setInterval(
        () => {
          for (const cr of crs.list()) this.controller.enqueue(enqueueCr(cr), { kind: 'resync' });
        },
        this.opts.resyncMs ?? 10 * 60_000,
      );
      resync.unref();
      await this.controller.start(signal);
    } finally {
      clearInterval(resync);
      this.crs = undefined;
      const leases = [
        crs,
        ...[...this.children, ...this.externals].map((c) => c.lease),
        ...(podsLease !== undefined ? [podsLease] : []),
        ...(replicaSets !== undefined ? [replicaSets] : []),
      ];
      this.pods = undefined;
      this.children = [];
      this.externals = [];
      this.externalReads = new ExternalReads([]);
      for (const lease of leases) lease.release();
    }
  }
}

/**
 * The key of the CR of this kind that owns a child: its controller ownerReference (in the child's
 * namespace, or none for a cluster-scoped kind), else the owner label and annotation.
 */
function ownerKey(
  child: KubernetesObject,
  coords: { kind: string; group: string },
  clusterScoped: boolean,
): string | undefined {
  const ref = child.metadata?.ownerReferences?.find(
    (o) => o.controller === true && o.kind === coords.kind && o.apiVersion.startsWith(`${coords.group}/`),
  );
  if (ref !== undefined)
    return objectKey({ ...(clusterScoped ? {} : { namespace: child.metadata?.namespace }), name: ref.name });
  const labelled = labelledOwner(child);
  if (labelled === undefined || labelled.kindGroup !== `${coords.kind}.${coords.group}`) return undefined;
  return objectKey({ namespace: labelled.namespace, name: labelled.name });
}

/**
 * The workload child a pod belongs to: its controller (a StatefulSet, DaemonSet or Job child),
 * or its ReplicaSet's controller (a Deployment child), from the child kinds' caches.
 */
function workloadOf(
  pod: KubernetesObject,
  children: () => readonly ChildLease[],
  replicaSets: InformerLease | undefined,
): KubernetesObject | undefined {
  const namespace = pod.metadata?.namespace;
  const controllerOf = (o: KubernetesObject | undefined) =>
    o?.metadata?.ownerReferences?.find((r) => r.controller === true);
  const childOf = (ref: { apiVersion: string; kind: string; name: string }) =>
    children()
      .find((c) => c.spec.apiVersion === ref.apiVersion && c.spec.kind === ref.kind)
      ?.lease.get(ref.name, namespace);
  const ref = controllerOf(pod);
  if (ref === undefined) return undefined;
  if (ref.kind !== 'ReplicaSet') return childOf(ref);
  const deployment = controllerOf(replicaSets?.get(ref.name, namespace));
  return deployment === undefined ? undefined : childOf(deployment);
}
