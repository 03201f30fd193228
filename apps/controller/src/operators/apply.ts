// The thin apply step (controller-runtime's CreateOrUpdate, with server-side apply): compare the
// fields we set with the observed object, apply only when they differ, and say what changed in
// words the timeline shows (`Deployment memcached-sample replicas 3→5`).
import type { KubernetesObject } from '@kubernetes/client-node';
import { describeDrift, fieldDrift } from '@opstudio/shared/operand/index';
import type { FieldChange } from '@opstudio/shared/operand/index';
import type { KubeWrites } from './kube-writes';

export type ApplyVerb = 'created' | 'updated' | 'unchanged';

export interface ApplyResult<T> {
  readonly verb: ApplyVerb;
  readonly changes: readonly FieldChange[];
  /** One line for the history: `Deployment x replicas 3→5`. */
  readonly summary: string;
  /** The object as the server stored it (the observed one when unchanged). */
  readonly object: T;
}

export async function applyOwned<T extends KubernetesObject>(
  writes: KubeWrites,
  desired: T,
  observed: T | undefined,
): Promise<ApplyResult<T>> {
  const kind = desired.kind ?? 'Object';
  const name = desired.metadata?.name ?? '';
  const changes = fieldDrift(desired, observed);
  if (observed !== undefined && changes.length === 0)
    return { verb: 'unchanged', changes, summary: describeDrift(kind, name, changes), object: observed };
  const object = await writes.apply(desired);
  return {
    verb: observed === undefined ? 'created' : 'updated',
    changes,
    summary: describeDrift(kind, name, changes),
    object,
  };
}
