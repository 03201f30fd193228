// What a graph operator's external references read (docs/design/0040), from the shared informer
// cache: one lease per kind they name, unfiltered (an external object carries none of our labels),
// cluster-wide like every watch of the cache. Each reconcile tells it which objects a custom
// resource reads (the targets its planner resolved, and the objects a selector matched), before it
// reads them: an event on an object one of them matches, or on one it read before (a label
// removed, a deletion), enqueues that custom resource. Set before reading, so an event between the
// read and the index is never lost: either the read saw the object, or the event finds the entry.
import type { KubernetesObject } from '@kubernetes/client-node';
import {
  sortedSelection,
  targetMatches,
  type ExternalTarget,
  type ExternalValue,
  type KubeObject,
} from '@opstudio/shared/graph/index';
import type { InformerLease } from '../kube/informer-cache';

export interface ExternalKind {
  readonly apiVersion: string;
  readonly kind: string;
  readonly lease: InformerLease;
}

interface Reading {
  readonly targets: readonly ExternalTarget[];
  /** `apiVersion|kind|namespace/name` of each object read last time */
  readonly read: ReadonlySet<string>;
}

const objectId = (apiVersion: string, kind: string, o: KubernetesObject) =>
  `${apiVersion}|${kind}|${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`;

export class ExternalReads {
  private readonly readings = new Map<string, Reading>();

  constructor(private readonly kinds: readonly ExternalKind[]) {}

  private kindOf(t: { apiVersion: string; kind: string }): ExternalKind | undefined {
    return this.kinds.find((k) => k.apiVersion === t.apiVersion && k.kind === t.kind);
  }

  /** Reads what `targets` name for the custom resource `key`, remembering it first. */
  read(key: string, targets: readonly ExternalTarget[]): Map<string, ExternalValue> {
    const values = new Map<string, ExternalValue>();
    const read = new Set<string>();
    this.readings.set(key, { targets, read });
    for (const t of targets) {
      const k = this.kindOf(t);
      if (k === undefined || !k.lease.synced) continue; // not listed yet: its dependents wait
      if (t.name !== undefined) {
        const o = k.lease.get(t.name, t.namespace);
        if (o !== undefined) read.add(objectId(t.apiVersion, t.kind, o));
        values.set(t.id, o as unknown as KubeObject | undefined);
        continue;
      }
      const matched = sortedSelection(k.lease.list(t.namespace).filter((o) => targetMatches(t, o.metadata)));
      for (const o of matched) read.add(objectId(t.apiVersion, t.kind, o));
      values.set(t.id, matched as unknown as KubeObject[]);
    }
    return values;
  }

  forget(key: string): void {
    this.readings.delete(key);
  }

  /** The custom resources that read `o` (of the given kind) now, or did at their last reconcile. */
  readers(apiVersion: string, kind: string, o: KubernetesObject): string[] {
    const id = objectId(apiVersion, kind, o);
    const out: string[] = [];
    for (const [key, r] of this.readings)
      if (
        r.read.has(id) ||
        r.targets.some((t) => t.apiVersion === apiVersion && t.kind === kind && targetMatches(t, o.metadata))
      )
        out.push(key);
    return out;
  }
}
