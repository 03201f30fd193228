// The reconciler of every design: its resource graph (operand.resources, docs/design/0015), or the
// image form as a one-Deployment graph whose deploy-image profile keeps kubebuilder's names,
// conditions, Events and status.nodes (docs/design/0046). Level-triggered, in numbered phases:
//   1. load      the CR from the cache (gone → done: the garbage collector removes its children)
//   2. deletion  the children the owner label holds (no owner reference: the garbage collector
//                will not) deleted in reverse dependency order, waited for (Degraded/Finalizing
//                names them), then our finalizer removed; else the finalizer ensured
//   3. observe   the children this CR controls (owner reference or owner label), from the child
//                kinds' caches, and what its external references name (resolved by the planner,
//                read from their kinds' caches)
//   4. plan      the pure planner: desired children in dependency order, prune, status, conditions
//   5. apply     each desired child by server-side apply when its fields drift; never one another
//                controller owns (Degraded=True AlreadyOwned), nor one that exists without being
//                ours unless the child says adopt (AlreadyExists); both left untouched, requeued
//   6. prune     children the plan excludes, or the design no longer has, and a collection's objects
//                whose element left its list (controlled by this CR only)
//   7. status    the plan's fields, its conditions, observedGeneration; an Event per design
//                condition that changed status
// A blocked child waits for its dependency's watch event; nothing polls while Progressing.
import type { KubernetesObject } from '@kubernetes/client-node';
import type { Design } from '@opstudio/shared/design/schema';
import { childIdOf, deployImageEvent, operandGraph } from '@opstudio/shared/graph/deploy-image-profile';
import {
  childDrift,
  childEvent,
  cleanupStep,
  graphStatus,
  ownerUidOf,
  ownershipConflict,
  staleChildren,
  COMPONENT_LABEL,
  type ChildResource,
  type ChildVerb,
  type ExternalValue,
  type KubeObject,
  type OwnershipConflict,
  type ResourceGraph,
} from '@opstudio/shared/graph/index';
import { isNamespacedOffline } from '@opstudio/shared/graph/child-kinds';
import { isCollection } from '@opstudio/shared/graph/collections';
import { childApplyFailure } from '@opstudio/shared/graph/rendered-checks';
import { randomUUID } from 'node:crypto';
import { inlinePlanner, type Planner } from './planner';
import { describeDrift, finalizerName, mirrorReady, statusExtras } from '@opstudio/shared/operand/index';
import type { ReconcilerReport } from '../history/types';
import type { Reconcile } from '../runtime/controller';
import { outcome, toError, type Outcome } from '../runtime/outcome';
import type { EventInput } from '../runtime/recorder';
import { splitKey, type Trigger } from '../runtime/triggers';
import type { ChildWrites } from './child-writes';
import type { ExternalReads } from './external-reads';
import { beginRun, finalizerPhase, type CrRun, type WrittenStatus } from './cr-lifecycle';
import type { CrObject } from './cr-object';
import type { KubeWrites } from './kube-writes';

export interface Cache<T> {
  get(name: string, namespace?: string): T | undefined;
}

/** The child kinds' caches, as the reconciler reads them. */
export interface ChildCaches {
  /** Every cached child (of any watched kind) whose controller ownerReference, or else owner label, has this uid. */
  controlledBy(uid: string): readonly KubernetesObject[];
  get(apiVersion: string, kind: string, name: string, namespace?: string): KubernetesObject | undefined;
  /** Whether every child kind's cache has listed (the finalizer trusts an empty cache only then). */
  synced?(): boolean;
}

export interface GraphReconcilerDeps {
  readonly design: Design;
  readonly designId?: string;
  readonly designVersion?: number;
  readonly crs: Cache<CrObject>;
  readonly children: ChildCaches;
  /** What the design's external references read (none: they are never found, their dependents wait). */
  readonly externals?: Pick<ExternalReads, 'read' | 'forget'>;
  readonly writes: Pick<KubeWrites, 'setFinalizers' | 'patchStatus'>;
  /** The operand pods' names, for a profile that reports them (the image form's `status.nodes`). */
  readonly pods?: Pick<KubeWrites, 'podNames'>;
  readonly childWrites: ChildWrites;
  readonly recordEvent: (event: EventInput) => void;
  readonly now?: () => Date;
  /** Whether a child's kind is namespaced (default: shared's offline table). */
  readonly isNamespaced?: (apiVersion: string, kind: string) => boolean;
  /** Where plans run (default: on this thread). The manager passes its planner thread. */
  readonly planner?: Planner;
  /** How long to wait before looking again at a child another controller owns (default 30 s). */
  readonly conflictRequeueMs?: number;
  /** While the finalizer waits for children to go, look again after this long (default 5 s; their delete events come first). */
  readonly finalizingRequeueMs?: number;
}

const objectKeyOf = (o: KubernetesObject) =>
  `${o.apiVersion ?? ''}|${o.kind ?? ''}|${o.metadata?.namespace ?? ''}|${o.metadata?.name ?? ''}`;
const rvOf = (o: KubernetesObject | undefined) => Number(o?.metadata?.resourceVersion ?? NaN);

export function createGraphReconciler(deps: GraphReconcilerDeps): Reconcile<ReconcilerReport> {
  // the resources form, or the image form as a one-Deployment graph with its profile (docs/design/0046)
  const graph = operandGraph(deps.design);
  const { profile } = graph;
  const finalizer = finalizerName(deps.design);
  // plans run where the manager says (a worker thread: planner.ts); what the designer refuses (a
  // type, a cost estimate over the limit) is never evaluated there
  const planner = deps.planner ?? inlinePlanner();
  const designKey =
    deps.designId !== undefined ? `${deps.designId}@${deps.designVersion ?? 0}` : `local-${randomUUID()}`;
  const namespaced: Record<string, boolean> = {};
  const isNamespaced = deps.isNamespaced ?? isNamespacedOffline;
  const now = deps.now ?? (() => new Date());
  const written: WrittenStatus = new Map();
  // Children as our last apply returned them, until the cache holds that version (or a newer one),
  // and the uids we deleted, until the cache drops them: a lagging cache must not repeat an Event.
  // An entry older than a minute is dropped: a watch event has long come by then.
  const applied = new Map<string, { object: KubernetesObject; at: number }>();
  const deleted = new Set<string>();
  const fresher = (cached: KubernetesObject | undefined, key: string) => {
    const mine = applied.get(key);
    if (mine === undefined) return cached;
    if (cached !== undefined && !(rvOf(cached) < rvOf(mine.object))) {
      applied.delete(key);
      return cached;
    }
    return mine.object;
  };

  // the run's report comes back with its outcome, thrown or not (the history records both)
  return async (key, triggers, signal) => {
    let report: ReconcilerReport | undefined;
    const reported = (o: Outcome) => (report === undefined ? o : { ...o, report });
    try {
      return reported(await reconcileOnce(key, triggers, signal, (r) => (report = r)));
    } catch (err) {
      return reported(outcome.fromThrown(err));
    }
  };

  async function reconcileOnce(
    key: string,
    _triggers: readonly Trigger[],
    _signal: AbortSignal,
    begun: (report: ReconcilerReport) => void,
  ): Promise<Outcome> {
    // 1. load
    const { namespace, name } = splitKey(key);
    const cr = deps.crs.get(name, namespace);
    if (cr === undefined) {
      written.delete(key);
      deps.externals?.forget(key);
      return outcome.done();
    }
    // the image form's Ready mirrors its Available, in every status it writes
    const run = beginRun(key, cr, written, deps.writes, deps, (c) =>
      profile === undefined ? c : mirrorReady(c, now()),
    );
    begun(run.report);

    // 2. deletion
    const uid = cr.metadata.uid;
    const cached = deps.children.controlledBy(uid);
    for (const d of deleted) if (!cached.some((o) => o.metadata?.uid === d)) deleted.delete(d);
    const cleanup = async (): Promise<string | undefined> => {
      if (deps.children.synced?.() === false) return 'waiting for the caches of its children to list them';
      // the label's children only: those with an owner reference are the garbage collector's; and
      // one applied by an earlier run that the cache does not hold yet
      const late = [...applied.values()]
        .map((a) => a.object)
        .filter((o) => controlled(o, uid) && !cached.some((c) => c.metadata?.uid === o.metadata?.uid));
      const labelled = [...cached, ...late].filter((o) => !referencedBy(o, uid));
      const step = cleanupStep(graph, labelled, (o) => deleted.has(o.metadata?.uid ?? '') || isDeleting(o));
      for (const o of step.remove) {
        if (await deps.childWrites.delete(o))
          announce(run, deps, 'deleted', o, `${o.kind ?? 'Object'} ${o.metadata?.name ?? ''} deleted`);
        deleted.add(o.metadata?.uid ?? '');
        applied.delete(objectKeyOf(o));
      }
      return step.waiting;
    };
    const phase = await finalizerPhase(run, finalizer, deps.writes, deps.recordEvent, now(), cleanup);
    if (phase === 'finished') return outcome.done();
    if (phase === 'waiting') return outcome.requeueAfter(deps.finalizingRequeueMs ?? 5_000);

    // 3. observe
    for (const [k, a] of applied) if (Date.now() - a.at > 60_000) applied.delete(k);
    const owned = cached.filter((o) => !deleted.has(o.metadata?.uid ?? ''));
    const observed = new Map<string, ExternalValue>();
    // a collection: every object of it, its element's or one whose element left (the plan says)
    const lists = new Map<string, KubeObject[]>();
    for (const r of graph.resources) {
      if (isCollection(r)) {
        const list = owned.filter((x) => isObjectOf(graph, x, r)).map((x) => fresher(x, objectKeyOf(x)) as KubeObject);
        lists.set(r.id, list);
        observed.set(r.id, list);
        continue;
      }
      const o = owned.find((x) => isObjectOf(graph, x, r));
      observed.set(r.id, o === undefined ? undefined : (fresher(o, objectKeyOf(o)) as unknown as KubeObject));
    }
    // created by an earlier run, not in the cache yet
    for (const [k, { object: o }] of applied)
      if (controlled(o, uid)) {
        const id = childIdOf(graph, o) ?? '';
        const list = lists.get(id);
        if (list !== undefined) {
          if (!list.some((x) => nameOf(x) === o.metadata?.name)) list.push(o as unknown as KubeObject);
        } else if (observed.has(id) && observed.get(id) === undefined)
          observed.set(id, fresher(undefined, k) as unknown as KubeObject | undefined);
      }

    for (const { apiVersion, kind } of [...graph.resources.map((r) => r.template), ...(graph.externalRefs ?? [])])
      namespaced[`${apiVersion}/${kind}`] = isNamespaced(apiVersion, kind);
    const request = { design: deps.design, designKey, cr: cr as unknown as KubeObject, namespaced };
    if ((graph.externalRefs ?? []).length > 0) {
      const targets = await planner.externals(request);
      for (const [id, value] of deps.externals?.read(key, targets) ?? []) observed.set(id, value);
    }

    // 4. plan
    const p = await planner.plan({ ...request, observed });

    // 5. apply
    const conflicts: OwnershipConflict[] = [];
    let failure: unknown;
    let failedChild: string | undefined; // the child whose apply failed, named in the condition
    const adopts = new Set(graph.resources.filter((r) => r.adopt === true).map((r) => r.id));
    for (const { id, object } of p.desired) {
      const desired = object as unknown as KubernetesObject;
      try {
        const list = lists.get(id);
        const mine = (
          list !== undefined ? list.find((x) => nameOf(x) === desired.metadata?.name) : observed.get(id)
        ) as KubernetesObject | undefined;
        const current = mine?.metadata?.name === desired.metadata?.name ? mine : await lookup(deps, desired, fresher);
        const conflict = current === undefined ? undefined : ownershipConflict(current, uid, adopts.has(id));
        if (conflict !== undefined) {
          conflicts.push(conflict);
          continue;
        }
        const changes = childDrift(desired, current);
        if (current !== undefined && changes.length === 0) continue;
        const stored = await deps.childWrites.apply(desired);
        applied.set(objectKeyOf(stored), { object: stored, at: Date.now() });
        const verb: ChildVerb = current === undefined ? 'created' : 'updated';
        const summary = describeDrift(
          desired.kind ?? 'Object',
          desired.metadata?.name ?? '',
          current === undefined ? [{ path: '', from: undefined, to: desired }] : changes,
        );
        const event =
          profile === undefined
            ? undefined
            : (deployImageEvent(verb, stored.metadata?.name ?? '', object, current as KubeObject | undefined) ?? null);
        announce(run, deps, verb, stored, summary, event);
      } catch (err) {
        failure = err;
        failedChild = id;
        break;
      }
    }

    // 6. prune
    if (failure === undefined)
      for (const o of staleChildren(graph, p, owned as (KubernetesObject & { metadata: object })[])) {
        try {
          if (await deps.childWrites.delete(o))
            announce(run, deps, 'deleted', o, `${o.kind ?? 'Object'} ${o.metadata?.name ?? ''} deleted`);
          deleted.add(o.metadata?.uid ?? '');
          applied.delete(objectKeyOf(o));
        } catch (err) {
          failure = err;
          break;
        }
      }

    // 7. status
    const firstLine = failure === undefined ? undefined : toError(failure).message.split('\n')[0];
    const applyError =
      firstLine === undefined || failedChild === undefined
        ? firstLine
        : childApplyFailure(graph, failedChild, firstLine, { designPaths: profile === undefined });
    const generation = cr.metadata.generation;
    const status = graphStatus({
      before: run.before,
      plan: p,
      conflicts,
      applyError,
      generation,
      now: now(),
      ...(profile !== undefined ? { profile: { crName: name } } : {}),
    });
    // the image form reports its operand's pods (status.nodes), read from the shared cache
    const deployment = profile === undefined || conflicts.length > 0 ? undefined : p.desired[0]?.object;
    const pods =
      deployment === undefined || failure !== undefined || deps.pods === undefined
        ? []
        : await podsOf(deps.pods, deployment);
    warnOnDegraded(run, deps, status.conditions);
    for (const e of status.events) deps.recordEvent({ regarding: run.regarding, ...e });
    // a failed apply under the image form's profile leaves the pod names as they were (its conditions say why)
    const writing = run.writeStatus(
      status.conditions,
      profile !== undefined && failure !== undefined
        ? {}
        : { ...status.fields, ...statusExtras(deps.design, pods, generation) },
    );
    if (failure !== undefined) {
      await writing.catch(() => undefined); // the apply error is the one to report
      return outcome.error(failure);
    }
    await writing;
    return conflicts.length > 0 ? outcome.requeueAfter(deps.conflictRequeueMs ?? 30_000) : outcome.done();
  }
}

const nameOf = (o: KubeObject): unknown => (o.metadata as { name?: unknown } | undefined)?.name;

/** Whether an owned object is one of the child's: its component label and its kind. */
function isObjectOf(graph: ResourceGraph, o: KubernetesObject, r: ChildResource): boolean {
  return childIdOf(graph, o) === r.id && o.apiVersion === r.template.apiVersion && o.kind === r.template.kind;
}

/** Ours: our controller reference, or (an object Kubernetes allows no reference to us) our owner label. */
function controlled(o: KubernetesObject, uid: string): boolean {
  return ownerUidOf(o) === uid;
}

function referencedBy(o: KubernetesObject, uid: string): boolean {
  return o.metadata?.ownerReferences?.some((r) => r.uid === uid) ?? false;
}

const isDeleting = (o: KubernetesObject) =>
  o.metadata?.deletionTimestamp !== undefined && o.metadata.deletionTimestamp !== null;

/** A child not among ours: the cache of its kind (someone else's), else a GET (not cached yet, or unlabelled). */
async function lookup(
  deps: GraphReconcilerDeps,
  desired: KubernetesObject,
  fresher: (o: KubernetesObject | undefined, key: string) => KubernetesObject | undefined,
): Promise<KubernetesObject | undefined> {
  const { apiVersion = '', kind = '' } = desired;
  const cached = fresher(
    deps.children.get(apiVersion, kind, desired.metadata?.name ?? '', desired.metadata?.namespace),
    objectKeyOf(desired),
  );
  return cached ?? (await deps.childWrites.get(desired));
}

/** The names of the pods a planned Deployment selects. */
function podsOf(pods: Pick<KubeWrites, 'podNames'>, deployment: KubeObject): Promise<string[]> {
  const d = deployment as {
    metadata?: { namespace?: string };
    spec?: { selector?: { matchLabels?: Record<string, string> } };
  };
  return pods.podNames(d.metadata?.namespace ?? '', d.spec?.selector?.matchLabels ?? {});
}

/**
 * One timeline action and one Event per child created, updated or deleted; `event` replaces the
 * Event (a profile's), `null` means none.
 */
function announce(
  run: CrRun,
  deps: GraphReconcilerDeps,
  verb: ChildVerb,
  child: KubernetesObject,
  summary: string,
  event?: Omit<EventInput, 'regarding' | 'related'> | null,
) {
  const kind = child.kind ?? 'Object';
  const name = child.metadata?.name ?? '';
  const namespace = child.metadata?.namespace;
  const id = child.metadata?.labels?.[COMPONENT_LABEL];
  run.report.actions.push({
    object: { kind, name, ...(namespace !== undefined ? { namespace } : {}) },
    verb,
    summary,
    ...(id !== undefined ? { child: id } : {}),
  });
  if (event === null) return;
  const detail = verb === 'updated' ? summary.slice(`${kind} ${name} `.length) : undefined;
  deps.recordEvent({
    regarding: run.regarding,
    related: {
      apiVersion: child.apiVersion ?? '',
      kind,
      name,
      ...(namespace !== undefined ? { namespace } : {}),
      ...(child.metadata?.uid !== undefined ? { uid: child.metadata.uid } : {}),
    },
    ...(event ?? childEvent(verb, kind, name, detail)),
  });
}

/** A Warning when Degraded becomes True or says something new (an expression failed, a child is owned elsewhere, an apply failed). */
function warnOnDegraded(
  run: CrRun,
  deps: GraphReconcilerDeps,
  after: readonly { type: string; status: string; reason: string; message: string }[],
) {
  const next = after.find((c) => c.type === 'Degraded');
  const prev = run.before.find((c) => c.type === 'Degraded');
  if (next?.status !== 'True') return;
  if (prev?.status === 'True' && prev.reason === next.reason && prev.message === next.message) return;
  deps.recordEvent({
    regarding: run.regarding,
    type: 'Warning',
    reason: next.reason,
    action: 'Reconcile',
    note: next.message,
  });
}
