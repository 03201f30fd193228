// Live updates for the browser: an in-process bus that numbers every change (`<epoch>-<seq>` ids),
// snapshot sources per topic, and the stream behind the page's one subscription (subscribe first,
// then replay or snapshot, then live). Services add topics (kinds, resources:<group>/<version>/<plural>,
// timeline:<uid>, events:<uid>, owned:<uid>, install:<opId>) by publishing events and registering a
// snapshot source, optionally with `demand` hooks to run their watches only while someone listens.
export { LiveBus, type Sequenced } from './bus';
export { formatEventId, newEpoch, parseEventId, resumePoint, type ResumePoint } from './event-id';
export type { ClusterSummary, LiveEvent, NamespaceSummary, NodeSummary } from './events';
export { SnapshotRegistry, type SnapshotFn, type TopicDemand } from './snapshots';
export { liveStream, UnknownTopicError, type LiveStreamDeps, type LiveStreamInput } from './stream';
export { parseResourcesTopic, resourcesTopic, topicFamilies, topicSchema, type ResourcesTopic, type Topic, type TopicFamily } from './topics';
