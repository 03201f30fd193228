// Live lists on the client: a watch-style stream of list events (a snapshot, then upserts and
// deletes keyed by uid) folded into a list by a pure reducer, so the browser's cache and its
// tests need no server.
export { applyWatchEvent, sortedItems, type ListEvent } from './apply-watch-event';
