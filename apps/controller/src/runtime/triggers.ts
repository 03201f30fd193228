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
  | { readonly kind: 'watch'; readonly eventType: WatchEventType; readonly resourceVersion: string; readonly object: TriggerObjectRef }
  /** An event on an object it owns (a Deployment), mapped to the owner. */
  | { readonly kind: 'owned'; readonly eventType: WatchEventType; readonly resourceVersion: string; readonly object: TriggerObjectRef }
  /** The previous reconcile asked to run again after a delay. */
  | { readonly kind: 'requeue'; readonly afterMs: number }
  /** The previous reconcile failed; `attempt` counts consecutive failures (1 = first retry). */
  | { readonly kind: 'retry'; readonly attempt: number; readonly error: string }
  /** A periodic or start-up resync (a relist re-fires every object). */
  | { readonly kind: 'resync' };

export type TriggerKind = Trigger['kind'];
