// Why a reconcile ran. controller-runtime forgets this (a request is just namespace/name); we keep
// every cause that was collapsed into a run, for the timeline.

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface TriggerObjectRef {
  readonly kind: string;
  readonly name: string;
  readonly namespace?: string;
}

export type Trigger =
  /** The reconciled object's own watch event. */
  | {
      readonly kind: 'watch';
      readonly eventType: WatchEventType;
      readonly resourceVersion: string;
      readonly object: TriggerObjectRef;
    }
  /** An event on an object it owns (a Deployment), mapped to the owner. */
  | {
      readonly kind: 'owned';
      readonly eventType: WatchEventType;
      readonly resourceVersion: string;
      readonly object: TriggerObjectRef;
    }
  /** An event on an object an external reference of the design reads (it reads, never owns it). */
  | {
      readonly kind: 'external';
      readonly eventType: WatchEventType;
      readonly resourceVersion: string;
      readonly object: TriggerObjectRef;
    }
  /** The previous reconcile asked to run again after a delay. */
  | { readonly kind: 'requeue'; readonly afterMs: number }
  /** The previous reconcile failed; `attempt` counts consecutive failures (1 = first retry). */
  | { readonly kind: 'retry'; readonly attempt: number; readonly error: string }
  /** A periodic or start-up resync (a relist re-fires every object). */
  | { readonly kind: 'resync' };

export type TriggerKind = Trigger['kind'];

interface WatchedObject {
  readonly kind?: string;
  readonly metadata?: { readonly name?: string; readonly namespace?: string; readonly resourceVersion?: string };
}

/** The trigger for an informer event on `obj` (`kind` says whether it is the reconciled object or one it owns). */
export function watchTrigger(
  kind: 'watch' | 'owned' | 'external',
  eventType: WatchEventType,
  obj: WatchedObject,
  fallbackKind = '',
): Trigger {
  const { name = '', namespace, resourceVersion = '' } = obj.metadata ?? {};
  return {
    kind,
    eventType,
    resourceVersion,
    object: { kind: obj.kind ?? fallbackKind, name, ...(namespace !== undefined ? { namespace } : {}) },
  };
}

/** The workqueue key of an object: `namespace/name`, or `name` for cluster-scoped ones (client-go's MetaNamespaceKeyFunc). */
export function objectKey(ref: { readonly namespace?: string; readonly name: string }): string {
  return ref.namespace !== undefined && ref.namespace !== '' ? `${ref.namespace}/${ref.name}` : ref.name;
}

/** The inverse of objectKey. */
export function splitKey(key: string): { namespace?: string; name: string } {
  const slash = key.indexOf('/');
  return slash < 0 ? { name: key } : { namespace: key.slice(0, slash), name: key.slice(slash + 1) };
}
