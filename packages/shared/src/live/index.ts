// The live stream's shared half. Topics: what a page may subscribe to, built and parsed the same
// way by the controller and the web app. Lists on the client: a watch-style stream of list events
// (a snapshot, then upserts and deletes keyed by uid) folded into a list by a pure reducer, so the
// browser's cache and its tests need no server.
export { applyWatchEvent, sortedItems, type ListEvent } from './apply-watch-event';
export { SNAPSHOT_PAGES, snapshotPages, type PageSizes, type SnapshotPage } from './snapshot-pages';
export {
  eventsTopic,
  fixedTopics,
  installTopic,
  isFamilyTopic,
  isTopic,
  objectTopic,
  ownedTopic,
  parseObjectTopic,
  parseResourcesTopic,
  resourcesTopic,
  timelineTopic,
  topicFamilies,
  topicKey,
  topicSchema,
  type FamilyTopic,
  type ObjectTopic,
  type ResourcesTopic,
  type Topic,
  type TopicFamily,
} from './topics';
