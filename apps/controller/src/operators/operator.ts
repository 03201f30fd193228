// One running operator, `For(kind).Owns(Deployment)`, for one installed design version, on
// leases from the shared informer cache (kube/informer-cache.ts: a kind watched by several
// components is watched once):
//   - the CRs of its kind (their events enqueue the CR with a `watch` trigger),
//   - all Deployments, as controller-runtime's Owns(): an event of one whose controller
//     ownerReference is a CR of this kind enqueues that CR with an `owned` trigger,
//   - the operand Pods, for the pod names in status (read from the cache, no LIST per reconcile),
//   - a periodic resync that enqueues every cached CR,
//   - a WorkQueueController (workqueue + workers) running the reconciler, reporting each run to `onRun`.
// A runnable: `start(signal)` runs until the signal aborts, then waits for reconciles in flight and
// releases its leases.
import type { KubeConfig, KubernetesObject, V1Deployment } from '@kubernetes/client-node';
import type { Design } from '@opstudio/shared/design/schema';
import { resourceCoordinates } from '@opstudio/shared/operand/index';
import type { ReconcilerReport } from '../history/types';
import { InformerCache, type InformerLease } from '../kube/informer-cache';
import { DEPLOYMENTS, OPERAND_PODS } from '../kube/resource-spec';
import { WorkQueueController } from '../runtime/controller';
import type { ReconcileAttempt } from '../runtime/controller';
import type { EventInput } from '../runtime/recorder';
import { objectKey, watchTrigger } from '../runtime/triggers';
import type { WatchEventType } from '../runtime/triggers';
import type { CrObject } from './cr-object';
import { kubeWrites } from './kube-writes';
import { createReconciler } from './reconcile';
import { controllerName } from '@opstudio/shared/kube/controller-name';

export interface KindOperatorOptions {
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
  /** Every finished reconcile with what the reconciler reported (undefined when the CR was already gone). */
  readonly onRun?: (attempt: ReconcileAttempt, report: ReconcilerReport | undefined) => void | Promise<void>;
  readonly resyncMs?: number;
  readonly maxConcurrentReconciles?: number;
  /** The controller's shared informer cache; without it the operator makes one of its own. */
  readonly cache?: InformerCache;
  /** For a cache of its own: restart a watch that has sent nothing for this long (default 150 s). */
  readonly watchSilenceMs?: number;
  readonly log?: (message: string, fields?: Record<string, unknown>) => void;
}

const verbs: readonly ['add' | 'update' | 'delete', WatchEventType][] = [
  ['add', 'ADDED'],
  ['update', 'MODIFIED'],
  ['delete', 'DELETED'],
];

interface Leases {
  readonly crs: InformerLease;
  readonly deployments: InformerLease<V1Deployment>;
  readonly pods: InformerLease;
}

/**
 * Named KindOperator (the reconciling half of an operator for one kind) so it is never confused
 * with the WorkQueueController it runs (runtime/controller.ts: the queue and its workers).
 */
export class KindOperator {
  readonly controller: WorkQueueController;
  private readonly cache: InformerCache;
  /** Held while `start` runs. */
  private leases: Leases | undefined;

  constructor(private readonly opts: KindOperatorOptions) {
    const coords = resourceCoordinates(opts.design);
    const { kc, log } = opts;
    this.cache =
      opts.cache ??
      new InformerCache({
        kc,
        ...(opts.watchSilenceMs !== undefined ? { silenceMs: opts.watchSilenceMs } : {}),
        ...(log !== undefined ? { log: (m: string) => log(m) } : {}),
      });
    const reports = new Map<string, ReconcilerReport>();
    const empty: readonly KubernetesObject[] = [];
    const pods = () => this.leases?.pods;
    this.controller = new WorkQueueController({
      name: controllerName(coords.kind),
      ...(opts.cluster !== undefined ? { cluster: opts.cluster } : {}),
      maxConcurrentReconciles: opts.maxConcurrentReconciles,
      reconcile: createReconciler({
        design: opts.design,
        designId: opts.designId,
        designVersion: opts.designVersion,
        // CR JSON from the watch (the cache's type is client-node's generic object)
        crs: { get: (name, namespace) => this.leases?.crs.get(name, namespace) as CrObject | undefined },
        deployments: { get: (name, namespace) => this.leases?.deployments.get(name, namespace) },
        writes: kubeWrites(opts.writer ?? kc, coords, {
          list: (namespace) => pods()?.list(namespace) ?? empty,
          byInstance: (namespace, value) => pods()?.byInstance(namespace, value) ?? empty,
          get synced() {
            return pods()?.synced ?? false;
          },
          get lastError() {
            return pods()?.lastError;
          },
          waitForSync: (ms) => pods()?.waitForSync(ms) ?? Promise.resolve(false),
        }),
        recordEvent: opts.recordEvent,
        reports,
      }),
      onRun: (attempt) => {
        const report = reports.get(attempt.key);
        reports.delete(attempt.key);
        return opts.onRun?.(attempt, report);
      },
      ...(log !== undefined ? { log } : {}),
    });
  }

  async start(signal: AbortSignal): Promise<void> {
    const coords = resourceCoordinates(this.opts.design);
    const crs = this.cache.acquire({ group: coords.group, version: coords.version, resource: coords.plural });
    const leases: Leases = {
      crs,
      deployments: this.cache.acquire<V1Deployment>(DEPLOYMENTS),
      pods: this.cache.acquire(OPERAND_PODS),
    };
    this.leases = leases;
    let resync: NodeJS.Timeout | undefined;
    try {
      for (const [verb, eventType] of verbs) {
        // an informer other components already run replays its cache as adds: the same start as a fresh list
        crs.on(verb, (cr) =>
          this.controller.enqueue(
            objectKey({ namespace: cr.metadata?.namespace, name: cr.metadata?.name ?? '' }),
            watchTrigger('watch', eventType, cr, coords.kind),
          ),
        );
        leases.deployments.on(verb, (dep) => {
          const owner = dep.metadata?.ownerReferences?.find(
            (o) => o.controller === true && o.kind === coords.kind && o.apiVersion.startsWith(`${coords.group}/`),
          );
          if (owner === undefined) return;
          this.controller.enqueue(
            objectKey({ namespace: dep.metadata?.namespace, name: owner.name }),
            watchTrigger('owned', eventType, dep, 'Deployment'),
          );
        });
      }
      await Promise.all([crs.started, leases.deployments.started, leases.pods.started]);
      resync = setInterval(
        () => {
          for (const cr of crs.list())
            this.controller.enqueue(objectKey({ namespace: cr.metadata?.namespace, name: cr.metadata?.name ?? '' }), {
              kind: 'resync',
            });
        },
        this.opts.resyncMs ?? 10 * 60_000,
      );
      resync.unref();
      await this.controller.start(signal);
    } finally {
      clearInterval(resync);
      this.leases = undefined;
      for (const lease of Object.values(leases) as InformerLease[]) lease.release();
    }
  }
}
