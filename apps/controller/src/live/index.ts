// Live updates for the browser: an in-process bus that numbers every change (`<epoch>-<seq>` ids),
// snapshot sources per topic, and the stream behind the page's one subscription (subscribe first,
// then replay or snapshot, then live). Later issues add topics (resources:<kind>, timeline:<uid>,
// events:<uid>, install:<opId>) by publishing events and registering a snapshot source.
export { LiveBus, type Sequenced } from './bus';
export { formatEventId, newEpoch, parseEventId, resumePoint, type ResumePoint } from './event-id';
export type { ClusterSummary, LiveEvent, NamespaceSummary, NodeSummary } from './events';
export { SnapshotRegistry, type SnapshotFn } from './snapshots';
export { liveStream, UnknownTopicError, type LiveStreamDeps, type LiveStreamInput } from './stream';
export { topicFamilies, topicSchema, type Topic, type TopicFamily } from './topics';
