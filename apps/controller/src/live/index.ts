// Live updates for the browser: an in-process bus that numbers every change (`<epoch>-<seq>` ids),
// snapshot sources per topic, and the stream behind the page's one subscription (subscribe first,
// then replay or snapshot, then live). Services add topics (kinds, resources:<group>/<version>/<plural>,
// timeline:<uid>, events:<uid>, owned:<uid>, install:<opId>) by publishing events and registering a
// snapshot source, optionally with `demand` hooks to run their watches only while someone listens.
// The topic names and their builders are the wire contract, so they live in @opstudio/shared/live/topics.
export { LiveBus, type Sequenced } from './bus';
export { formatEventId, newEpoch, parseEventId, resumePoint, type ResumePoint } from './event-id';
export type { ClusterSummary, LiveEvent, NamespaceSummary, NodeSummary } from './events';
export { SnapshotRegistry, type SnapshotFn, type TopicDemand } from './snapshots';
export { liveStream, UnknownTopicError, type LiveStreamDeps, type LiveStreamInput } from './stream';
