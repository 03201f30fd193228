// Folds the live subscription's events into what the page shows. Pure: a snapshot replaces a
// topic's state, upserts and deletes edit it (a relist on the server just re-sends a snapshot).
import type { ClusterSummary, LiveEvent, NamespaceSummary, NodeSummary } from '@opstudio/controller/router';

export interface LiveState {
  readonly cluster: ClusterSummary | null;
  readonly namespaces: readonly NamespaceSummary[] | null;
  readonly nodes: readonly NodeSummary[] | null;
}

export const emptyLiveState: LiveState = { cluster: null, namespaces: null, nodes: null };

type Item = { readonly uid: string; readonly name: string };

export function upsertByName<T extends Item>(list: readonly T[] | null, item: T): T[] {
  const rest = (list ?? []).filter((x) => x.uid !== item.uid);
  const at = rest.findIndex((x) => x.name.localeCompare(item.name) > 0);
  return at === -1 ? [...rest, item] : [...rest.slice(0, at), item, ...rest.slice(at)];
}

export function removeByUid<T extends Item>(list: readonly T[] | null, item: T): T[] {
  return (list ?? []).filter((x) => x.uid !== item.uid);
}

export function applyLiveEvent(state: LiveState, event: LiveEvent): LiveState {
  switch (event.topic) {
    case 'cluster':
      return { ...state, cluster: event.cluster };
    case 'namespaces':
      if (event.type === 'snapshot') return { ...state, namespaces: event.items };
      return { ...state, namespaces: event.type === 'upsert' ? upsertByName(state.namespaces, event.item) : removeByUid(state.namespaces, event.item) };
    case 'nodes':
      if (event.type === 'snapshot') return { ...state, nodes: event.items };
      return { ...state, nodes: event.type === 'upsert' ? upsertByName(state.nodes, event.item) : removeByUid(state.nodes, event.item) };
    default:
      return state; // topics folded elsewhere (install progress: features/designer)
  }
}

/** What the connection badge and the pages show, from the subscription's status and the cluster summary. */
export type Connection = 'connecting' | 'live' | 'cluster-down' | 'controller-down';

export function connectionOf(subscriptionStatus: 'idle' | 'connecting' | 'pending' | 'error', hadError: boolean, cluster: ClusterSummary | null): Connection {
  if (subscriptionStatus === 'error' || (subscriptionStatus === 'connecting' && hadError)) return 'controller-down';
  if (subscriptionStatus !== 'pending' || cluster === null) return 'connecting';
  return cluster.connected ? 'live' : 'cluster-down';
}
