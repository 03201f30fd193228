// What the shared informer cache keeps of each object (client-go's SetTransform, the cache's
// `DefaultTransform` in controller-runtime): every object without metadata.managedFields, which
// no reader of the cache uses (the resource pages strip them anyway) and which were a third of a
// cached Deployment, ReplicaSet or Pod; Events only with the fields their one reader, the
// `events:<uid>` topic (history/object-events.ts), summarizes. An object is read from the API
// server (GET) wherever its whole form is shown. Pure.
import type { KubernetesObject } from '@kubernetes/client-node';
import { EVENTS, specKey, type ResourceSpec } from './resource-spec';

export type CachedForm = (obj: KubernetesObject) => KubernetesObject;

/** The object without metadata.managedFields (the same object when it has none). */
export function withoutManagedFields(obj: KubernetesObject): KubernetesObject {
  const metadata = obj.metadata;
  if (metadata === undefined || !('managedFields' in metadata)) return obj;
  const { managedFields: _dropped, ...rest } = metadata;
  return { ...obj, metadata: rest };
}

/** The fields of an events.k8s.io/v1 Event that history/object-events.ts reads: its summary and the object it is about. */
const EVENT_FIELDS = [
  'apiVersion',
  'kind',
  'type',
  'reason',
  'action',
  'note',
  'series',
  'deprecatedCount',
  'eventTime',
  'deprecatedLastTimestamp',
  'reportingController',
] as const;

export function eventSummaryForm(obj: KubernetesObject): KubernetesObject {
  const e = obj as KubernetesObject & Record<string, unknown>;
  const m = obj.metadata ?? {};
  const out: Record<string, unknown> = {
    metadata: {
      name: m.name,
      namespace: m.namespace,
      uid: m.uid,
      resourceVersion: m.resourceVersion,
      creationTimestamp: m.creationTimestamp,
    },
  };
  for (const field of EVENT_FIELDS) if (e[field] !== undefined) out[field] = e[field];
  const regarding = e.regarding as { kind?: string; name?: string; uid?: string } | undefined;
  if (regarding !== undefined) out.regarding = { kind: regarding.kind, name: regarding.name, uid: regarding.uid };
  const source = e.deprecatedSource as { component?: string } | undefined;
  if (source?.component !== undefined) out.deprecatedSource = { component: source.component };
  return out;
}

/** The form the cache keeps for objects of `spec`. */
export function cachedForm(spec: ResourceSpec): CachedForm {
  return specKey(spec) === specKey(EVENTS) ? eventSummaryForm : withoutManagedFields;
}
