// The status-only rebase of a merge patch (docs/design/0050): the CR page sends its edit with the
// resourceVersion it was edited from, so a change made meanwhile is refused (409) rather than
// overwritten, as `kubectl edit` does. A controller writing status moves the resourceVersion on
// too, many times a minute during a resize; that is no conflict for the user. When the caller
// says what it edited from (`base`: labels, annotations, spec), a 409 whose live object still has
// that editable part is retried at the live resourceVersion, here in the server, instead of by
// the browser fetching the object and patching again. A change to what the user edits still
// comes back as the 409 (the page then shows what changed meanwhile and keeps the draft).
import { editableOf, sameEditable, type Editable } from '@opstudio/shared/resources/editable';
import { KubeApiError } from '../kube/errors';
import type { CustomObject } from './types';

/** Writes that only touched status, in a row, before the conflict goes back to the caller. */
export const QUIET_RETRIES = 3;

/** The resourceVersion a merge patch carries (its precondition), if any. */
export function preconditionOf(patch: Record<string, unknown>): string | undefined {
  const meta = patch.metadata;
  if (meta === null || typeof meta !== 'object' || Array.isArray(meta)) return undefined;
  const rv = (meta as Record<string, unknown>).resourceVersion;
  return typeof rv === 'string' && rv !== '' ? rv : undefined;
}

/** The same patch with another precondition. */
export function withPrecondition(patch: Record<string, unknown>, resourceVersion: string): Record<string, unknown> {
  const meta = (patch.metadata ?? {}) as Record<string, unknown>;
  return { ...patch, metadata: { ...meta, resourceVersion } };
}

/**
 * After `err`: the live resourceVersion to retry at when the refusal was a stale precondition and
 * the live object (read as the writer) kept `base`'s editable part; undefined to give up (rethrow).
 */
export async function quietRebase(
  err: unknown,
  base: Editable,
  readLive: () => Promise<CustomObject>,
): Promise<string | undefined> {
  if (!(err instanceof KubeApiError) || err.code !== 409) return undefined;
  let live: CustomObject;
  try {
    live = await readLive();
  } catch {
    return undefined; // the 409 is the answer the caller understands
  }
  return sameEditable(editableOf(live), base) ? live.metadata.resourceVersion : undefined;
}
