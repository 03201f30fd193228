// Pure conversions from Kubernetes objects to the small summaries the browser gets.
import type { V1Namespace, V1Node } from '@kubernetes/client-node';
import type { NamespaceSummary, NodeSummary } from '../live/events';

export function namespaceSummary(ns: V1Namespace): NamespaceSummary {
  return {
    uid: ns.metadata?.uid ?? ns.metadata?.name ?? '',
    name: ns.metadata?.name ?? '',
    phase: ns.status?.phase ?? 'Active',
    createdAt: isoTime(ns.metadata?.creationTimestamp),
  };
}

/** A node is Ready when its Ready condition is True (what `kubectl get nodes` shows). */
export function nodeSummary(node: V1Node): NodeSummary {
  const ready = node.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;
  return {
    uid: node.metadata?.uid ?? node.metadata?.name ?? '',
    name: node.metadata?.name ?? '',
    ready,
    createdAt: isoTime(node.metadata?.creationTimestamp),
  };
}

export function byName<T extends { readonly name: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.name.localeCompare(b.name));
}

function isoTime(t: Date | string | undefined): string | null {
  if (t === undefined) return null;
  const d = t instanceof Date ? t : new Date(t);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
