// Folds the live subscription's events into what the page shows. Pure: a snapshot replaces a
// topic's state, upserts and deletes edit it (a relist on the server just re-sends a snapshot).
// Timelines are the exception: a snapshot (the newest runs) merges into the runs already shown,
// so older pages the user loaded and runs seen before a reconnect are never dropped.
import type {
  ClusterSummary,
  EventSummary,
  LiveEvent,
  NamespaceSummary,
  NodeSummary,
} from '@opstudio/controller/router';
import { applyWatchEvent, isFamilyTopic, type TopicFamily } from '@opstudio/shared/live/index';
import type { LiveObject, OwnedObjects, ResourceKind, ResourceRow } from '../resources/api-types';
import { mergeRuns } from '../timeline/timeline-text';
import type { TimelineRun } from '../timeline/timeline-text';

type Of<F extends TopicFamily> = Extract<LiveEvent, { readonly topic: `${F}:${string}` }>;
const isTopic = <F extends TopicFamily>(e: LiveEvent, family: F): e is Of<F> => isFamilyTopic(family, e.topic);

type Keyed<T> = ReadonlyMap<string, T>;

export interface LiveState {
  readonly cluster: ClusterSummary | null;
  readonly namespaces: readonly NamespaceSummary[] | null;
  readonly nodes: readonly NodeSummary[] | null;
  readonly kinds: Keyed<ResourceKind> | null;
  /** By topic (`resources:<group>/<version>/<plural>[/<namespace>]`). */
  readonly rows: ReadonlyMap<string, Keyed<ResourceRow>>;
  /** `resources:` topics whose snapshot is still arriving in pages → how many rows in all, when told. */
  readonly rowsLoading: ReadonlyMap<string, number | undefined>;
  /** One CR whole, by topic (`object:<group>/<version>/<plural>[/<namespace>]/<name>`). */
  readonly objects: ReadonlyMap<string, LiveObject>;
  /** By CR uid. */
  readonly owned: ReadonlyMap<string, OwnedObjects>;
  readonly timelines: ReadonlyMap<string, readonly TimelineRun[]>;
  readonly events: ReadonlyMap<string, Keyed<EventSummary>>;
}

export const emptyLiveState: LiveState = {
  cluster: null,
  namespaces: null,
  nodes: null,
  kinds: null,
  rows: new Map(),
  rowsLoading: new Map(),
  objects: new Map(),
  owned: new Map(),
  timelines: new Map(),
  events: new Map(),
};

type Item = { readonly uid: string; readonly name: string };

export function upsertByName<T extends Item>(list: readonly T[] | null, item: T): T[] {
  const rest = (list ?? []).filter((x) => x.uid !== item.uid);
  const at = rest.findIndex((x) => x.name.localeCompare(item.name) > 0);
  return at === -1 ? [...rest, item] : [...rest.slice(0, at), item, ...rest.slice(at)];
}

export function removeByUid<T extends Item>(list: readonly T[] | null, item: T): T[] {
  return (list ?? []).filter((x) => x.uid !== item.uid);
}

const withKey = <V>(map: ReadonlyMap<string, V>, key: string, value: V): ReadonlyMap<string, V> =>
  new Map(map).set(key, value);
/** The uid of a `<family>:<uid>` topic. */
const afterColon = (topic: string) => topic.slice(topic.indexOf(':') + 1);

export function applyLiveEvent(state: LiveState, event: LiveEvent): LiveState {
  switch (event.topic) {
    case 'cluster':
      return { ...state, cluster: event.cluster };
    case 'namespaces':
      if (event.type === 'snapshot') return { ...state, namespaces: event.items };
      return {
        ...state,
        namespaces:
          event.type === 'upsert'
            ? upsertByName(state.namespaces, event.item)
            : removeByUid(state.namespaces, event.item),
      };
    case 'nodes':
      if (event.type === 'snapshot') return { ...state, nodes: event.items };
      return {
        ...state,
        nodes: event.type === 'upsert' ? upsertByName(state.nodes, event.item) : removeByUid(state.nodes, event.item),
      };
    case 'kinds':
      return { ...state, kinds: applyWatchEvent(state.kinds ?? undefined, event) };
  }
  if (isTopic(event, 'resources')) {
    return {
      ...state,
      rows: withKey(state.rows, event.topic, applyWatchEvent(state.rows.get(event.topic), event)),
      rowsLoading: loadingAfter(state.rowsLoading, event),
    };
  }
  if (isTopic(event, 'object')) {
    // the same JSON resources.get answers (its inferred type only spells arrays mutable)
    const object = event.object as LiveObject['object'];
    return { ...state, objects: withKey(state.objects, event.topic, { object, refused: event.refused ?? null }) };
  }
  if (isTopic(event, 'owned')) {
    return {
      ...state,
      owned: withKey(state.owned, afterColon(event.topic), {
        workloads: event.workloads,
        pods: event.pods,
        claims: event.claims,
        objects: event.objects ?? [],
      }),
    };
  }
  if (isTopic(event, 'events')) {
    const uid = afterColon(event.topic);
    return { ...state, events: withKey(state.events, uid, applyWatchEvent(state.events.get(uid), event)) };
  }
  if (isTopic(event, 'timeline')) {
    const uid = afterColon(event.topic);
    const incoming = event.type === 'snapshot' ? event.runs : [event.run];
    return { ...state, timelines: withKey(state.timelines, uid, mergeRuns(state.timelines.get(uid) ?? [], incoming)) };
  }
  return state; // topics folded elsewhere (install progress: features/designer)
}

/** Whether a `resources:` topic's snapshot is still arriving, after this event (upserts change nothing). */
function loadingAfter(
  loading: ReadonlyMap<string, number | undefined>,
  event: Of<'resources'>,
): ReadonlyMap<string, number | undefined> {
  if (event.type !== 'snapshot' && event.type !== 'page') return loading;
  if (event.more !== undefined) return withKey(loading, event.topic, event.more.total);
  if (!loading.has(event.topic)) return loading;
  const next = new Map(loading);
  next.delete(event.topic);
  return next;
}

/**
 * Folds a batch of events (LiveProvider flushes once per frame). The upserts, deletes and
 * snapshot pages of one `resources:` topic in a batch edit one copy of its rows: folding them one
 * by one copied a 10,000-row map per event, 100 times a second while 100 CRs change.
 */
export function applyLiveEvents(state: LiveState, events: readonly LiveEvent[]): LiveState {
  let next = state;
  const copies = new Map<string, Map<string, ResourceRow>>(); // topic → its rows, copied in this batch
  for (const event of events) {
    if (!isTopic(event, 'resources') || event.type === 'snapshot') {
      copies.delete(event.topic);
      next = applyLiveEvent(next, event);
      continue;
    }
    let rows = copies.get(event.topic);
    if (rows === undefined) {
      rows = new Map(next.rows.get(event.topic));
      copies.set(event.topic, rows);
      next = { ...next, rows: withKey(next.rows, event.topic, rows) };
    }
    if (event.type === 'page') {
      for (const item of event.items) rows.set(item.uid, item);
      next = { ...next, rowsLoading: loadingAfter(next.rowsLoading, event) };
    } else if (event.type === 'upsert') rows.set(event.item.uid, event.item);
    else rows.delete(event.item.uid);
  }
  return next;
}

/** The live stream's error as the page words it; `code` null for a dropped connection (no server answer). */
export interface StreamError {
  readonly message: string;
  readonly code: string | null;
}

export const CONNECTION_DROPPED = 'the connection to the studio controller dropped; reconnecting';

/**
 * tRPC reports two kinds of error on a subscription: the server's, with its message and code, and
 * the transport's when the connection drops: the EventSource's error event, which carries no text
 * (tRPC words it "Unknown error"). A server error that ends the stream is followed by such a drop
 * as the browser reconnects, so the server's error stays what is shown until the stream is back
 * (`error` null); a drop with no server error before it says so in words.
 */
export function streamErrorOf(
  error: { readonly message: string; readonly data?: unknown } | null,
  previous: StreamError | null,
): StreamError | null {
  if (error === null) return null;
  const code = (error.data as { code?: unknown } | null | undefined)?.code;
  if (typeof code === 'string') return { message: error.message, code };
  return previous ?? { message: CONNECTION_DROPPED, code: null };
}

/** What the connection badge and the pages show, from the subscription's status and the cluster summary. */
export type Connection = 'connecting' | 'live' | 'cluster-down' | 'cluster-unknown' | 'controller-down';

/**
 * `errorCode`: the tRPC code of the subscription's last error, null when it had none, '' for a
 * dropped connection. NOT_FOUND is the controller answering that the page's context is not in its
 * kubeconfig: not a lost controller.
 */
export function connectionOf(
  subscriptionStatus: 'idle' | 'connecting' | 'pending' | 'error',
  errorCode: string | null,
  cluster: ClusterSummary | null,
): Connection {
  if (errorCode === 'NOT_FOUND' && subscriptionStatus !== 'pending') return 'cluster-unknown';
  if (subscriptionStatus === 'error' || (subscriptionStatus === 'connecting' && errorCode !== null))
    return 'controller-down';
  if (subscriptionStatus !== 'pending' || cluster === null) return 'connecting';
  return cluster.connected ? 'live' : 'cluster-down';
}
