// The `events:<uid>` topic: Kubernetes Events (events.k8s.io/v1) about one CR and everything it
// owns, transitively (its Deployment, the Deployment's ReplicaSets, their Pods: the scheduler's
// and the Deployment controller's Events count too). Runs on every replica (not only the
// leader): an informer on all Events, and an owner index built from informers on the operand
// objects (Deployments, ReplicaSets, Pods carrying `app.kubernetes.io/managed-by`).
import { AppsV1Api, CoreV1Api, EventsV1Api } from '@kubernetes/client-node';
import type { EventsV1Event, KubeConfig, KubernetesObject } from '@kubernetes/client-node';
import { eventsTopic, isFamilyTopic, topicKey } from '@opstudio/shared/live/topics';
import { ResilientInformer } from '../kube/informer';
import type { LiveBus } from '../live/bus';
import type { EventSummary, LiveEvent } from '../live/events';
import type { SnapshotRegistry } from '../live/snapshots';

const OPERAND_SELECTOR = 'app.kubernetes.io/managed-by';

export class ObjectEventsWatcher {
  private readonly events: ResilientInformer<EventsV1Event>;
  private readonly owned: ResilientInformer<KubernetesObject>[];
  /** uid → its controlling owner's uid, for the operand objects. */
  private readonly owners = new Map<string, string>();

  constructor(
    kc: KubeConfig,
    private readonly bus: LiveBus,
    log?: (message: string) => void,
  ) {
    const eventsApi = kc.makeApiClient(EventsV1Api);
    const apps = kc.makeApiClient(AppsV1Api);
    const core = kc.makeApiClient(CoreV1Api);
    const common = { kc, ...(log !== undefined ? { log } : {}) };
    this.events = new ResilientInformer<EventsV1Event>({
      ...common,
      path: '/apis/events.k8s.io/v1/events',
      list: () => eventsApi.listEventForAllNamespaces(),
    });
    this.owned = [
      new ResilientInformer<KubernetesObject>({
        ...common,
        path: '/apis/apps/v1/deployments',
        labelSelector: OPERAND_SELECTOR,
        list: () => apps.listDeploymentForAllNamespaces({ labelSelector: OPERAND_SELECTOR }),
      }),
      new ResilientInformer<KubernetesObject>({
        ...common,
        path: '/apis/apps/v1/replicasets',
        labelSelector: OPERAND_SELECTOR,
        list: () => apps.listReplicaSetForAllNamespaces({ labelSelector: OPERAND_SELECTOR }),
      }),
      new ResilientInformer<KubernetesObject>({
        ...common,
        path: '/api/v1/pods',
        labelSelector: OPERAND_SELECTOR,
        list: () => core.listPodForAllNamespaces({ labelSelector: OPERAND_SELECTOR }),
      }),
    ];
    for (const informer of this.owned) {
      const index = (o: KubernetesObject) => {
        const owner = o.metadata?.ownerReferences?.find((r) => r.controller === true)?.uid;
        if (o.metadata?.uid !== undefined && owner !== undefined) this.owners.set(o.metadata.uid, owner);
      };
      informer.on('add', index);
      informer.on('update', index);
      // kept for a while after a delete: the Events about a deleted pod still belong to its CR
      informer.on('delete', (o) => {
        const uid = o.metadata?.uid;
        if (uid !== undefined) setTimeout(() => this.owners.delete(uid), 60 * 60_000).unref();
      });
    }
    this.events.on('add', (e) => this.publish(e, 'upsert'));
    this.events.on('update', (e) => this.publish(e, 'upsert'));
    this.events.on('delete', (e) => this.publish(e, 'delete'));
  }

  async start(signal: AbortSignal): Promise<void> {
    // owners first, so the first Events already find their root
    await Promise.all(this.owned.map((i) => i.start(signal)));
    await this.events.start(signal);
  }

  registerSnapshots(snapshots: SnapshotRegistry): void {
    snapshots.register(
      (t) => isFamilyTopic('events', t),
      (topic) => {
        const uid = topicKey('events', topic) ?? '';
        const items = this.events
          .list()
          .filter((e) => this.rootOf(e.regarding?.uid) === uid)
          .map(summarize)
          .sort((a, b) => (a.lastTime ?? '').localeCompare(b.lastTime ?? ''));
        return [{ topic: eventsTopic(uid), type: 'snapshot', items } satisfies LiveEvent];
      },
    );
  }

  /** The uid at the top of the ownership chain (the CR), or the uid itself when it has no known owner. */
  rootOf(uid: string | undefined): string | undefined {
    let current = uid;
    for (let hops = 0; hops < 4 && current !== undefined; hops++) {
      const owner = this.ownerOf(current);
      if (owner === undefined) return current;
      current = owner;
    }
    return current;
  }

  private ownerOf(uid: string): string | undefined {
    return this.owners.get(uid);
  }

  private publish(event: EventsV1Event, type: 'upsert' | 'delete'): void {
    const root = this.rootOf(event.regarding?.uid);
    if (root === undefined || root === '') return;
    this.bus.publish({ topic: eventsTopic(root), type, item: summarize(event) });
  }
}

function summarize(e: EventsV1Event): EventSummary {
  const time = (v: unknown): string | null =>
    v instanceof Date ? v.toISOString() : typeof v === 'string' && v !== '' ? v : null;
  return {
    uid: e.metadata?.uid ?? '',
    namespace: e.metadata?.namespace ?? '',
    name: e.metadata?.name ?? '',
    type: e.type ?? '',
    reason: e.reason ?? '',
    action: e.action ?? '',
    note: e.note ?? '',
    regarding: { kind: e.regarding?.kind ?? '', name: e.regarding?.name ?? '', uid: e.regarding?.uid ?? '' },
    count: e.series?.count ?? e.deprecatedCount ?? 1,
    lastTime:
      time(e.series?.lastObservedTime) ??
      time(e.eventTime) ??
      time(e.deprecatedLastTimestamp) ??
      time(e.metadata?.creationTimestamp),
    reportingController: e.reportingController ?? e.deprecatedSource?.component ?? '',
  };
}
