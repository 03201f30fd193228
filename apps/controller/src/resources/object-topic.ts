// The `object:<group>/<version>/<plural>[/<namespace>]/<name>` topic (docs/design/0050): one CR,
// whole, as its kind's informer holds it, sent on subscribe and after every change. It rides on
// the kind's lease in KindWatches, the one a `resources:` table of that kind takes, so a page and
// a table of the same kind share one watch, and a status write reaches the page as one event
// instead of a row event followed by the page's GET through the proxy, controller and API server.
import type { KubernetesObject } from '@kubernetes/client-node';
import { parseObjectTopic, parseResourcesTopic } from '@opstudio/shared/live/topics';
import type { FamilyTopic, ResourcesTopic, Topic } from '@opstudio/shared/live/topics';
import type { LiveEvent } from '../live/events';
import { clean, type Json } from './request-body';

/** The kind a `resources:` or `object:` topic is about (each takes that kind's lease). */
export function kindOfTopic(topic: Topic): ResourcesTopic | undefined {
  return parseResourcesTopic(topic) ?? parseObjectTopic(topic);
}

/** The object topic's event for what the cache holds (undefined: not there). */
export function objectEvent(topic: FamilyTopic<'object'>, obj: KubernetesObject | undefined): LiveEvent {
  return { topic, type: 'snapshot', object: obj === undefined ? null : clean(obj as Json) };
}
