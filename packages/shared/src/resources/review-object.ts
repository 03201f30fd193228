// The object as the apply dialog compares it: what the user and the server decide (identity,
// labels, annotations, spec, whatever admission added), without what changes on every write or
// belongs to the cluster's bookkeeping. A dry-run answer carries a new resourceVersion and, for a
// spec change, generation + 1; a dry-run create invents a uid and a creationTimestamp; none of
// that is the user's change, and listing it would hide the one line that is. status is left out
// too: the page never edits it and the controller rewrites it all the time.
import { isPlainObject } from './merge-patch';

const BOOKKEEPING = ['managedFields', 'resourceVersion', 'generation', 'uid', 'creationTimestamp', 'selfLink'] as const;

export function reviewObject(obj: unknown): Record<string, unknown> {
  if (!isPlainObject(obj)) return {};
  const { status: _status, ...rest } = obj;
  if (!isPlainObject(rest.metadata)) return rest;
  const metadata = { ...rest.metadata };
  for (const key of BOOKKEEPING) delete metadata[key];
  return { ...rest, metadata };
}
