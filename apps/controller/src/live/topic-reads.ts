// What subscribing to a topic makes the studio watch in the cluster, so the subscription can be
// judged before any watch starts (api/live-gate.ts):
// - `resources:<group>/<version>/<plural>[/<namespace>]` starts an informer on that kind in every
//   namespace: it must be a custom resource (a CustomResourceDefinition serves it); so does
//   `object:<group>/<version>/<plural>[/<namespace>]/<name>` (one CR's page), judged by `get` on it;
// - `owned:<uid>` starts the operand informers: the Deployments and Pods the CR page shows (and
//   the ReplicaSets between them), only those labelled `app.kubernetes.io/managed-by`.
// The other topics start nothing: `events:` and the cluster topics come from watches that always
// run, `timeline:` from the database, `install:` from memory; their events are filtered as usual.
import { isFamilyTopic, parseObjectTopic, parseResourcesTopic } from '@opstudio/shared/live/topics';
import type { ResourcesTopic, Topic } from '@opstudio/shared/live/topics';
import type { LiveEvent } from './events';

/** A Kubernetes resource by API group ('' for the core group) and plural name. */
export interface TopicResource {
  readonly group: string;
  readonly resource: string;
}

export type TopicReads =
  /** A kind's informer: accepted only for a CRD-served kind; `name`: one object of it (an `object:` topic). */
  | { readonly kind: ResourcesTopic; readonly name?: string }
  /** Built-in kinds the UI shows; a user needs `list` on at least one of them somewhere. */
  | { readonly builtIn: readonly TopicResource[] };

/** The built-in kinds an `owned:` topic shows (ReplicaSets only link Pods to their Deployment). */
export const OWNED_KINDS: readonly TopicResource[] = [
  { group: 'apps', resource: 'deployments' },
  { group: '', resource: 'pods' },
];

/**
 * What a subscriber sees of a topic it may not read anywhere (multi-user mode): an empty
 * snapshot, as if nothing existed, and no watch started for it. The rest of the page's one
 * subscription goes on (the header, the kinds, the topics it may read).
 */
export function withheldSnapshot(topic: Topic, refused = 'you may not read this object'): LiveEvent | undefined {
  if (isFamilyTopic('resources', topic)) return { topic, type: 'snapshot', items: [] };
  // one object is not "nothing": the page says why it shows none, in the words resources.get uses
  if (isFamilyTopic('object', topic)) return { topic, type: 'snapshot', object: null, refused };
  if (isFamilyTopic('owned', topic)) return { topic, type: 'snapshot', workloads: [], pods: [], claims: [] };
  return undefined;
}

/** What this topic starts watching, or undefined when it starts nothing. */
export function topicReads(topic: Topic): TopicReads | undefined {
  if (isFamilyTopic('resources', topic)) {
    const kind = parseResourcesTopic(topic);
    return kind === undefined ? undefined : { kind };
  }
  if (isFamilyTopic('object', topic)) {
    const object = parseObjectTopic(topic);
    if (object === undefined) return undefined;
    const { name, ...kind } = object;
    return { kind, name };
  }
  if (isFamilyTopic('owned', topic)) return { builtIn: OWNED_KINDS };
  return undefined;
}
