// The reconciler for one installed design, with kubebuilder deploy-image (Memcached) parity.
// Level-triggered: it reads the CR and its Deployment from the informer caches and converges,
// whatever woke it (the triggers are only recorded). Phases:
//   1. load      the CR from the cache (gone → done)
//   2. deletion  cr-lifecycle.ts finalizerPhase, shared with the graph reconciler: being deleted →
//                Degraded/Finalizing, an Event, remove our finalizer; else ensure it
//   3. desired   the operand Deployment from the pinned design (invalid spec → Degraded, terminal)
//   4. apply     server-side apply when the fields we set differ (Events on create and scale); a
//                Deployment another controller owns is never adopted (Degraded=True AlreadyOwned)
//   5. status    conditions from the Deployment's progress, pod names, observedGeneration; Ready
//                mirrors Available (a design without operand: Ready=True NoResources)
import type { Design } from '@opstudio/shared/design/schema';
import {
  desiredDeployment,
  DesiredStateError,
  deploymentProgress,
  finalizerName,
  markDegraded,
  markNoResources,
  markUnavailable,
  mirrorReady,
  operandInputFromDesign,
  progressConditions,
  REASONS,
  statusExtras,
} from '@opstudio/shared/operand/index';
import type { Deployment, ObservedDeployment } from '@opstudio/shared/operand/index';
import { ownershipConflict } from '@opstudio/shared/graph/ownership';
import type { ReconcilerReport } from '../history/types';
import { outcome } from '../runtime/outcome';

import type { EventInput } from '../runtime/recorder';
import type { Reconcile } from '../runtime/controller';
import { splitKey } from '../runtime/triggers';
import { applyOwned } from './apply';
import type { KubeWrites } from './kube-writes';
import type { CrObject } from './cr-object';
import { beginRun, finalizerPhase, type CrRun, type WrittenStatus } from './cr-lifecycle';

export interface Cache<T> {
  get(name: string, namespace?: string): T | undefined;
}

export interface ReconcilerDeps {
  readonly design: Design;
  readonly designId?: string;
  readonly designVersion?: number;
  readonly crs: Cache<CrObject>;
  readonly deployments: Cache<ObservedDeployment & { kind?: string; metadata?: { name?: string } }>;
  readonly writes: KubeWrites;
  readonly recordEvent: (event: EventInput) => void;
  /** Where this run's report goes, for the history hook (one key is never reconciled twice at once). */
  readonly reports: Map<string, ReconcilerReport>;
  readonly now?: () => Date;
}

/** How long before looking again at a Deployment another controller owns (no watch event of it reaches us). */
const CONFLICT_REQUEUE_MS = 30_000;

export function createReconciler(deps: ReconcilerDeps): Reconcile {
  const finalizer = finalizerName(deps.design);
  const now = deps.now ?? (() => new Date());
  // Replicas last announced per key: a cache that lags behind our own apply must not repeat the Event.
  const announced = new Map<string, number>();
  // The status we last wrote per key, with the resourceVersion the server gave it. Until the
  // cache catches up with that write, its (older) status would make us re-announce transitions
  // and re-stamp lastTransitionTime. resourceVersions are etcd revisions: numeric in practice.
  const written: WrittenStatus = new Map();

  return async (key) => {
    // 1. load
    const { namespace, name } = splitKey(key);
    const cr = deps.crs.get(name, namespace);
    if (cr === undefined) {
      announced.delete(key);
      written.delete(key);
      return outcome.done(); // deleted: the garbage collector removes what it owned
    }
    const run = beginRun(key, cr, written, deps.writes, deps, (set) => mirrorReady(set, now()));
    deps.reports.set(key, run.report);
    const { report, regarding, before } = run;
    const writeStatus = (...args: Parameters<CrRun['writeStatus']>) => run.writeStatus(...args);
    const generation = cr.metadata.generation;

    // 2. deletion and finalizer
    if ((await finalizerPhase(run, finalizer, deps.writes, deps.recordEvent, now())) === 'finished')
      return outcome.done();

    // 3. desired
    const input = operandInputFromDesign(deps.design, {
      apiVersion: cr.apiVersion,
      kind: cr.kind,
      metadata: { name, namespace: namespace ?? '', uid: cr.metadata.uid },
      spec: cr.spec,
    });
    if (input === undefined) {
      await writeStatus(markNoResources(before, generation, now()), statusExtras(deps.design, [], generation));
      return outcome.done();
    }
    let desired: Deployment;
    try {
      desired = desiredDeployment(input);
    } catch (err) {
      if (!(err instanceof DesiredStateError)) throw err;
      const conditions = markUnavailable(
        markDegraded(before, err.reason, err.message, generation, now()),
        REASONS.reconciling,
        `Cannot build the Deployment: ${err.message}`,
        generation,
        now(),
      );
      if (conditions !== before)
        deps.recordEvent({ regarding, type: 'Warning', reason: 'InvalidSpec', action: 'Reconcile', note: err.message });
      await writeStatus(conditions);
      return outcome.terminal(err);
    }

    // 4. apply
    const observed = deps.deployments.get(name, namespace);
    const conflict = observed === undefined ? undefined : ownershipConflict(observed, cr.metadata.uid);
    if (conflict !== undefined) {
      // controller-runtime's AlreadyOwnedError (another kind's CR of the same name owns this
      // Deployment), or a Deployment nobody controls that this CR did not create (AlreadyExists)
      const conditions = markDegraded(before, conflict.reason, conflict.message, generation, now());
      if (conditions !== before)
        deps.recordEvent({
          regarding,
          type: 'Warning',
          reason: conflict.reason,
          action: 'Reconcile',
          note: conflict.message,
        });
      await writeStatus(conditions, statusExtras(deps.design, [], generation));
      return outcome.requeueAfter(CONFLICT_REQUEUE_MS);
    }
    let applied: Awaited<ReturnType<typeof applyOwned<Deployment>>>;
    try {
      applied = await applyOwned(deps.writes, desired, observed as Deployment | undefined);
    } catch (err) {
      const message = `Failed to apply Deployment for the custom resource (${name}): ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`;
      const conditions = markUnavailable(before, REASONS.reconciling, message, generation, now());
      if (conditions !== before)
        deps.recordEvent({ regarding, type: 'Warning', reason: 'ReconcileFailed', action: 'Apply', note: message });
      await writeStatus(conditions).catch(() => undefined); // the apply error is the one to report
      return outcome.error(err);
    }
    const related = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name,
      ...(namespace !== undefined ? { namespace } : {}),
    };
    if (applied.verb !== 'unchanged') {
      report.actions.push({
        object: { kind: 'Deployment', name, ...(namespace !== undefined ? { namespace } : {}) },
        verb: applied.verb,
        summary: applied.summary,
      });
      const oldReplicas = announced.get(key) ?? observed?.spec?.replicas;
      if (applied.verb === 'created' && !announced.has(key))
        deps.recordEvent({
          regarding,
          related,
          type: 'Normal',
          reason: 'Created',
          action: 'Create',
          note: `Created Deployment ${name} with ${desired.spec.replicas} replicas`,
        });
      else if (applied.verb === 'updated' && oldReplicas !== desired.spec.replicas)
        deps.recordEvent({
          regarding,
          related,
          type: 'Normal',
          reason: 'Scaled',
          action: 'Scale',
          note: `Scaled Deployment ${name} from ${oldReplicas ?? 0} to ${desired.spec.replicas} replicas`,
        });
    }
    announced.set(key, desired.spec.replicas);

    // 5. status
    const progress = deploymentProgress(applied.object as ObservedDeployment, desired.spec.replicas);
    const pods = await deps.writes.podNames(desired.metadata.namespace, desired.spec.selector.matchLabels);
    await writeStatus(
      progressConditions(before, name, progress, generation, now()),
      statusExtras(deps.design, pods, generation),
    );
    return outcome.done();
  };
}
