// A custom resource as the reconciler reads it from the informer cache (plain JSON).
import type { Condition } from '@opstudio/shared/operand/index';
import type { ObjectReference } from '../runtime/recorder';

export interface CrObject {
  readonly apiVersion: string;
  readonly kind: string;
  readonly metadata: {
    readonly name: string;
    readonly namespace?: string;
    readonly uid: string;
    readonly generation?: number;
    readonly resourceVersion?: string;
    readonly finalizers?: readonly string[];
    readonly deletionTimestamp?: string | Date;
  };
  readonly spec?: unknown;
  readonly status?: { readonly conditions?: readonly Condition[] } & Record<string, unknown>;
}

/** The Event's `regarding` for a CR. */
export function crReference(cr: CrObject): ObjectReference {
  const { name, namespace, uid, resourceVersion } = cr.metadata;
  return {
    apiVersion: cr.apiVersion,
    kind: cr.kind,
    name,
    uid,
    ...(namespace !== undefined ? { namespace } : {}),
    ...(resourceVersion !== undefined ? { resourceVersion } : {}),
  };
}
