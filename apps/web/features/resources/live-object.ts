// Which version of a CR the page shows (docs/design/0050): the one its `object:` topic streams,
// unless the page holds a newer one (the answer to its own Apply, a moment before the stream
// brings it), so the form never flicks back to the version before the apply. resourceVersions of
// one cluster are increasing integers (the API server's etcd revision); another uid is another object.
import type { FetchedObject } from './api-types';

export function newestObject(shown: FetchedObject | null, incoming: FetchedObject | null): FetchedObject | null {
  if (incoming === null) return shown;
  if (shown === null || shown.metadata.uid !== incoming.metadata.uid) return incoming;
  const [a, b] = [Number(shown.metadata.resourceVersion), Number(incoming.metadata.resourceVersion)];
  return Number.isSafeInteger(a) && Number.isSafeInteger(b) && b < a ? shown : incoming;
}
