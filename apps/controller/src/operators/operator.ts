// One running operator, `For(kind).Owns(Deployment)`, for one installed design version:
//   - an informer on the CRs (their events enqueue the CR with a `watch` trigger),
//   - an informer on Deployments labelled as managed by this kind (their events enqueue the
//     controlling owner with an `owned` trigger),
//   - a periodic resync that enqueues every cached CR,
//   - a WorkQueueController (workqueue + workers) running the reconciler, reporting each run to `onRun`.
// A runnable: `start(signal)` runs until the signal aborts, then waits for reconciles in flight.
import { AppsV1Api, CustomObjectsApi } from '@kubernetes/client-node';
import type { KubeConfig, KubernetesListObject, KubernetesObject, V1Deployment } from '@kubernetes/client-node';
import type { Design } from '@opstudio/shared/design/schema';
import { resourceCoordinates } from '@opstudio/shared/operand/index';
import type { ReconcilerReport } from '../history/types';
import { ResilientInformer } from '../kube/informer';
import { WorkQueueController } from '../runtime/controller';
import type { ReconcileAttempt } from '../runtime/controller';
import type { EventInput } from '../runtime/recorder';
import { objectKey, watchTrigger } from '../runtime/triggers';
import type { WatchEventType } from '../runtime/triggers';
import type { CrObject } from './cr-object';
import { kubeWrites } from './kube-writes';
import { createReconciler } from './reconcile';

export interface KindOperatorOptions {
  readonly kc: KubeConfig;
  readonly design: Design;
  readonly designId: string;
  readonly designVersion: number;
  readonly recordEvent: (event: EventInput) => void;
  /** Every finished reconcile with what the reconciler reported (undefined when the CR was already gone). */
  readonly onRun?: (attempt: ReconcileAttempt, report: ReconcilerReport | undefined) => void | Promise<void>;
  readonly resyncMs?: number;
  readonly maxConcurrentReconciles?: number;
  /** Restart a watch that has sent nothing for this long (the informers' default is 150 s). */
  readonly watchSilenceMs?: number;
  readonly log?: (message: string, fields?: Record<string, unknown>) => void;
}

const verbs: readonly ['add' | 'update' | 'delete', WatchEventType][] = [
  ['add', 'ADDED'],
  ['update', 'MODIFIED'],
  ['delete', 'DELETED'],
];

/**
 * Named KindOperator (the reconciling half of an operator for one kind) so it is never confused
 * with the WorkQueueController it runs (runtime/controller.ts: the queue and its workers).
 */
export class KindOperator {
  readonly controller: WorkQueueController;
  readonly crs: ResilientInformer<KubernetesObject>;
  readonly deployments: ResilientInformer<V1Deployment>;

  constructor(private readonly opts: KindOperatorOptions) {
    const coords = resourceCoordinates(opts.design);
    const { kc, log } = opts;
    const custom = kc.makeApiClient(CustomObjectsApi);
    const apps = kc.makeApiClient(AppsV1Api);
    const managedBy = `app.kubernetes.io/managed-by=${coords.kind}Controller`;
    const silence = opts.watchSilenceMs !== undefined ? { silenceMs: opts.watchSilenceMs } : {};
    this.crs = new ResilientInformer({
      kc,
      path: `/apis/${coords.group}/${coords.version}/${coords.plural}`,
      list: async () =>
        (await custom.listClusterCustomObject({
          group: coords.group,
          version: coords.version,
          plural: coords.plural,
        })) as KubernetesListObject<KubernetesObject>,
      ...silence,
      ...(log !== undefined ? { log: (m: string) => log(m) } : {}),
    });
    this.deployments = new ResilientInformer<V1Deployment>({
      kc,
      path: '/apis/apps/v1/deployments',
      labelSelector: managedBy,
      list: () => apps.listDeploymentForAllNamespaces({ labelSelector: managedBy }),
      ...silence,
      ...(log !== undefined ? { log: (m: string) => log(m) } : {}),
    });
    const reports = new Map<string, ReconcilerReport>();
    this.controller = new WorkQueueController({
      name: coords.kind.toLowerCase(),
      maxConcurrentReconciles: opts.maxConcurrentReconciles,
      reconcile: createReconciler({
        design: opts.design,
        designId: opts.designId,
        designVersion: opts.designVersion,
        // CR JSON from the watch (the informer's type is client-node's generic object)
        crs: { get: (name, namespace) => this.crs.get(name, namespace) as CrObject | undefined },
        deployments: this.deployments,
        writes: kubeWrites(kc, coords),
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
    for (const [verb, eventType] of verbs) {
      this.crs.on(verb, (cr) =>
        this.controller.enqueue(
          objectKey({ namespace: cr.metadata?.namespace, name: cr.metadata?.name ?? '' }),
          watchTrigger('watch', eventType, cr, coords.kind),
        ),
      );
      this.deployments.on(verb, (dep) => {
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
  }

  async start(signal: AbortSignal): Promise<void> {
    await Promise.all([this.crs.start(signal), this.deployments.start(signal)]);
    const resync = setInterval(
      () => {
        for (const cr of this.crs.list())
          this.controller.enqueue(objectKey({ namespace: cr.metadata?.namespace, name: cr.metadata?.name ?? '' }), {
            kind: 'resync',
          });
      },
      this.opts.resyncMs ?? 10 * 60_000,
    );
    resync.unref();
    try {
      await this.controller.start(signal);
    } finally {
      clearInterval(resync);
    }
  }
}
