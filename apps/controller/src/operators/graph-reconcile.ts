// The reconciler of every design: its resource graph (operand.resources, docs/design/0015), or the
// image form as a one-Deployment graph whose deploy-image profile keeps kubebuilder's names,
// conditions, Events and status.nodes (docs/design/0046). Load → pure plan → execute
// (docs/design/0049): it reads only through its reader (the shared informer cache) and writes only
// through its writer; what it decides (which writes, which Events, which status) is
// @opstudio/shared's (graph/reconcile-plan.ts). Level-triggered, in numbered phases:
//   1. load      the CR from the cache (gone → done: the garbage collector removes its children);
//                while the cache has not shown a write of ours for it yet (Expectations), nothing
//                more: that write's watch event enqueues it again
//   2. deletion  the children the owner label holds (no owner reference: the garbage collector
//                will not) deleted in reverse dependency order, waited for (Degraded/Finalizing
//                names them), then our finalizer removed; else the finalizer ensured
//   3. observe   the children this CR controls (owner reference or owner label), from the child
//                kinds' caches, and what its external references name (resolved by the planner,
//                read from their kinds' caches)
//   4. plan      the pure planner: desired children in dependency order, prune, status, conditions;
//                then the pure actions: each write on a child with its timeline line and Event
//   5. apply     each desired child by server-side apply when its fields drift; never one another
//                controller owns (Degraded=True AlreadyOwned), nor one that exists without being
//                ours unless the child says adopt (AlreadyExists); both left untouched, requeued
//   6. prune     children the plan excludes, or the design no longer has, and a collection's objects
//                whose element left its list (controlled by this CR only)
//   7. status    the plan's fields, its conditions, observedGeneration, and their Events (a
//                design condition that changed status, Degraded turning True), decided purely
// A blocked child waits for its dependency's watch event; nothing polls while Progressing.
import type { KubernetesObject } from '@kubernetes/client-node';
import type { Design } from '@opstudio/shared/design/schema';
import { childIdOf, operandGraph } from '@opstudio/shared/graph/deploy-image-profile';
import {
  cleanupStep,
  type ChildResource,
  type ExternalValue,
  type KubeObject,
  type ResourceGraph,
} from '@opstudio/shared/graph/index';
import { isNamespacedOffline } from '@opstudio/shared/graph/child-kinds';
import { isCollection } from '@opstudio/shared/graph/collections';
import {
  childActions,
  deleteAction,
  reconcileStatus,
  type ChildAction,
  type ChildActions,
} from '@opstudio/shared/graph/reconcile-plan';
import { childApplyFailure } from '@opstudio/shared/graph/rendered-checks';
import { WAITING_WORKLOAD_KINDS, workloadWait } from '@opstudio/shared/graph/pod-waits';
import { randomUUID } from 'node:crypto';
import { inlinePlanner, type Planner } from './planner';
import { finalizerName, mirrorReady, statusExtras } from '@opstudio/shared/operand/index';
import type { ReconcilerReport } from '../history/types';
import type { Reconcile } from '../runtime/controller';
import { outcome, toError, type Outcome } from '../runtime/outcome';
import type { EventInput } from '../runtime/recorder';
import { splitKey, type Trigger } from '../runtime/triggers';
import { beginRun, finalizerPhase, type CrRun } from './cr-lifecycle';
import { Expectations, refKey, type ObjectRef, type Owner } from './expectations';
import type { ReconcileReader, ReconcileWriter } from './reconcile-io';

export interface GraphReconcilerDeps {
  readonly design: Design;
  readonly designId?: string;
  readonly designVersion?: number;
  /** every read: the shared informer cache (and the API reader for a child not in it) */
  readonly read: ReconcileReader;
  /** every write: the children's apply and delete, the CR's finalizers and status */
  readonly write: ReconcileWriter;
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
  /** What the cache has not shown yet of our writes (default: a new one per reconciler). */
  readonly expectations?: Expectations;
}

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
  const { read, write } = deps;
  const expectations = deps.expectations ?? new Expectations();
  const reportsPods = profile !== undefined && (deps.design.operand?.podNamesStatusField ?? '') !== '';

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
    const cr = read.cr(name, namespace);
    if (cr === undefined) {
      expectations.forget(key);
      read.forgetExternals(key);
      return outcome.done();
    }
    const crRef: ObjectRef = cr;
    const owner = { key, uid: cr.metadata.uid };
    // the image form's Ready mirrors its Available, in every status it writes
    const run = beginRun(
      cr,
      write,
      deps,
      (c) => (profile === undefined ? c : mirrorReady(c, now())),
      (rv) => expectations.expectStatus(owner, cr, rv),
    );
    begun(run.report);
    // a write of ours the cache has not shown yet: acting on what it holds would repeat that
    // write (and its Event); the write's own watch event brings this key back
    const look = (ref: ObjectRef) => (refKey(ref) === refKey(crRef) ? cr : read.cached(ref));
    if (expectations.unmet(owner, look).length > 0) {
      expectations.defer(owner);
      return outcome.done();
    }
    const execute = executor(owner, run);

    // 2. deletion
    const uid = cr.metadata.uid;
    const cached = read.controlledBy(uid);
    const cleanup = async (): Promise<string | undefined> => {
      if (!read.synced()) return 'waiting for the caches of its children to list them';
      // the label's children only: those with an owner reference are the garbage collector's
      const labelled = cached.filter((o) => !referencedBy(o, uid));
      const step = cleanupStep(graph, labelled, isDeleting);
      const failed = await execute(step.remove.map((o) => deleteAction(o as KubeObject)));
      if (failed !== undefined) throw toError(failed.error);
      return step.waiting;
    };
    const phase = await finalizerPhase(run, finalizer, write, deps.recordEvent, now(), cleanup);
    if (phase === 'finished') return outcome.done();
    if (phase === 'waiting') return outcome.requeueAfter(deps.finalizingRequeueMs ?? 5_000);

    // 3. observe
    const observed = new Map<string, ExternalValue>();
    // a collection: every object of it, its element's or one whose element left (the plan says)
    const lists = new Map<string, KubeObject[]>();
    for (const r of graph.resources) {
      if (isCollection(r)) {
        const list = cached.filter((x) => isObjectOf(graph, x, r)) as KubeObject[];
        lists.set(r.id, list);
        observed.set(r.id, list);
        continue;
      }
      observed.set(r.id, cached.find((x) => isObjectOf(graph, x, r)) as KubeObject | undefined);
    }
    for (const { apiVersion, kind } of [...graph.resources.map((r) => r.template), ...(graph.externalRefs ?? [])])
      namespaced[`${apiVersion}/${kind}`] = isNamespaced(apiVersion, kind);
    const request = { design: deps.design, designKey, cr: cr as unknown as KubeObject, namespaced };
    if ((graph.externalRefs ?? []).length > 0) {
      const targets = await planner.externals(request);
      for (const [id, value] of read.externals(key, targets)) observed.set(id, value);
    }

    // 4. plan: the children's state (a workload's waiting pods from the cache), then the pure plan of the writes
    const waits = workloadWaits(read, observed);
    const p = await planner.plan({ ...request, observed, ...(waits !== undefined ? { waits } : {}) });
    let failure: unknown;
    let decided: ChildActions = { actions: [], conflicts: [] };
    try {
      const current: (KubeObject | undefined)[] = [];
      for (const { id, object } of p.desired) {
        const list = lists.get(id);
        const mine = (list !== undefined ? list.find((x) => nameOf(x) === nameOf(object)) : observed.get(id)) as
          KubeObject | undefined;
        // not ours under that name (yet): its kind's cache, else the API reader (someone else's?)
        current.push(
          mine !== undefined && nameOf(mine) === nameOf(object)
            ? mine
            : ((await read.current(object)) as KubeObject | undefined),
        );
      }
      decided = childActions({ graph, plan: p, uid, current, owned: cached as KubeObject[] });
    } catch (err) {
      failure = err;
    }

    // 5. apply and 6. prune, in the plan's order, up to the first failure
    const failed = failure === undefined ? await execute(decided.actions) : undefined;
    failure ??= failed?.error;
    // the child whose apply failed, named in the condition (the image form keeps kubebuilder's words)
    const failedChild = profile === undefined ? failed?.action.id : undefined;
    const { conflicts } = decided;

    // 7. status
    const firstLine = failure === undefined ? undefined : toError(failure).message.split('\n')[0];
    const applyError =
      firstLine === undefined || failedChild === undefined
        ? firstLine
        : childApplyFailure(graph, failedChild, firstLine, { designPaths: profile === undefined });
    const generation = cr.metadata.generation;
    const status = reconcileStatus({
      before: run.before,
      plan: p,
      conflicts,
      applyError,
      generation,
      now: now(),
      ...(profile !== undefined ? { profile: { crName: name } } : {}),
    });
    // the image form reports its operand's pods (status.nodes), read from the shared cache
    const deployment = !reportsPods || conflicts.length > 0 ? undefined : p.desired[0]?.object;
    const pods = deployment === undefined || failure !== undefined ? [] : await podsOf(read, deployment);
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

  /**
   * Runs child actions in order through the writer, up to the first that fails (returned with its
   * error): each
   * write awaited in the cache (Expectations), each done one on the timeline and, with its
   * planned Event, in the Events.
   */
  function executor(owner: Owner, run: CrRun) {
    return async (actions: readonly ChildAction[]): Promise<{ error: unknown; action: ChildAction } | undefined> => {
      for (const a of actions) {
        const object = a.object as unknown as KubernetesObject;
        try {
          if (a.verb === 'deleted') {
            const existed = await write.delete(object);
            expectations.expectDelete(owner, object);
            if (existed) announce(run, deps, a, object);
          } else {
            const stored = await write.apply(object);
            expectations.expectWrite(owner, stored, stored.metadata?.resourceVersion);
            announce(run, deps, a, stored);
          }
        } catch (err) {
          return { error: err ?? new Error('a write failed'), action: a };
        }
      }
      return undefined;
    };
  }
}

const nameOf = (o: KubeObject): unknown => (o.metadata as { name?: unknown } | undefined)?.name;

/** Whether an owned object is one of the child's: its component label and its kind. */
function isObjectOf(graph: ResourceGraph, o: KubernetesObject, r: ChildResource): boolean {
  return childIdOf(graph, o) === r.id && o.apiVersion === r.template.apiVersion && o.kind === r.template.kind;
}

function referencedBy(o: KubernetesObject, uid: string): boolean {
  return o.metadata?.ownerReferences?.some((r) => r.uid === uid) ?? false;
}

const isDeleting = (o: KubernetesObject) =>
  o.metadata?.deletionTimestamp !== undefined && o.metadata.deletionTimestamp !== null;

/**
 * Why each observed workload child's pods wait (its first waiting pod by name, pod-waits.ts), by
 * child id; undefined when none does. The pods come from the shared cache by the workload's own
 * selector, as the export lists them.
 */
function workloadWaits(
  read: Pick<ReconcileReader, 'pods'>,
  observed: ReadonlyMap<string, ExternalValue>,
): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const [id, o] of observed) {
    if (o === undefined || Array.isArray(o)) continue;
    const w = o as {
      kind?: string;
      metadata?: { namespace?: string };
      spec?: { selector?: { matchLabels?: Record<string, string> } };
    };
    const labels = w.spec?.selector?.matchLabels;
    if (!WAITING_WORKLOAD_KINDS.has(w.kind ?? '') || labels === undefined) continue;
    const why = workloadWait(read.pods(w.metadata?.namespace ?? '', labels));
    if (why !== undefined) out[id] = why;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The names of the pods a planned Deployment selects. */
function podsOf(read: Pick<ReconcileReader, 'podNames'>, deployment: KubeObject): Promise<string[]> {
  const d = deployment as {
    metadata?: { namespace?: string };
    spec?: { selector?: { matchLabels?: Record<string, string> } };
  };
  return read.podNames(d.metadata?.namespace ?? '', d.spec?.selector?.matchLabels ?? {});
}

/** A done child action: its timeline line, and its planned Event about the CR, related to the child as stored. */
function announce(run: CrRun, deps: GraphReconcilerDeps, a: ChildAction, child: KubernetesObject) {
  const kind = child.kind ?? 'Object';
  const name = child.metadata?.name ?? '';
  const namespace = child.metadata?.namespace;
  run.report.actions.push({
    object: { kind, name, ...(namespace !== undefined ? { namespace } : {}) },
    verb: a.verb,
    summary: a.summary,
    ...(a.child !== undefined ? { child: a.child } : {}),
  });
  if (a.event === undefined) return;
  deps.recordEvent({
    regarding: run.regarding,
    related: {
      apiVersion: child.apiVersion ?? '',
      kind,
      name,
      ...(namespace !== undefined ? { namespace } : {}),
      ...(child.metadata?.uid !== undefined ? { uid: child.metadata.uid } : {}),
    },
    ...a.event,
  });
}
