// The topics a page's one live subscription can carry: the wire contract between the controller
// (which publishes and serves them) and the web app (which asks for them). Fixed topics for
// cluster-wide lists, and `<family>:<key>` topics: the CRs of a kind
// (`resources:<group>/<version>/<plural>[/<namespace>]`), one CR itself
// (`object:<group>/<version>/<plural>[/<namespace>]/<name>`), one object's timeline, its Events and
// owned objects (`timeline|events|owned:<uid>`), an install's progress (`install:<operation id>`).
// Both sides build and read them with the functions here, so they cannot spell them differently.
import { z } from 'zod';
import { isDns1035Label, isDns1123Label, isDns1123Subdomain } from '../kube/names';

export const fixedTopics = ['cluster', 'namespaces', 'nodes', 'kinds'] as const;
export const topicFamilies = ['resources', 'object', 'timeline', 'events', 'owned', 'install'] as const;
export type TopicFamily = (typeof topicFamilies)[number];
/** A topic of one family: `FamilyTopic<'timeline'>` is `timeline:${string}`. */
export type FamilyTopic<F extends TopicFamily> = `${F}:${string}`;
export type Topic = (typeof fixedTopics)[number] | FamilyTopic<TopicFamily>;

/** A uid or an operation id: no '/', no '..', nothing a path or a log line could trip on. */
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const MAX_LENGTH = 512;

/** True when the topic is one of this family's, which narrows it to `<family>:${string}`. */
export function isFamilyTopic<F extends TopicFamily>(family: F, topic: string): topic is FamilyTopic<F> {
  return topic.startsWith(`${family}:`);
}

/** The key after `<family>:`; undefined when the topic is of another family. */
export function topicKey(family: TopicFamily, topic: string): string | undefined {
  return isFamilyTopic(family, topic) ? topic.slice(family.length + 1) : undefined;
}

export interface ResourcesTopic {
  readonly group: string;
  readonly version: string;
  readonly plural: string;
  readonly namespace: string | undefined;
}

/** `resources:<group>/<version>/<plural>[/<namespace>]`, each part a valid Kubernetes name; undefined otherwise. */
export function parseResourcesTopic(topic: string): ResourcesTopic | undefined {
  const key = topicKey('resources', topic);
  if (key === undefined) return undefined;
  const [group = '', version = '', plural = '', namespace, ...rest] = key.split('/');
  if (rest.length > 0 || !isDns1123Subdomain(group) || !isDns1035Label(version) || !isDns1123Label(plural))
    return undefined;
  if (namespace !== undefined && !isDns1123Label(namespace)) return undefined;
  return { group, version, plural, namespace };
}

/** One CR: its kind and namespace as a `resources:` topic names them, and its name. */
export interface ObjectTopic extends ResourcesTopic {
  readonly name: string;
}

/**
 * `object:<group>/<version>/<plural>/<namespace>/<name>` (a namespaced kind) or
 * `object:<group>/<version>/<plural>/<name>` (a cluster-scoped one), each part a valid Kubernetes
 * name; undefined otherwise. Keyed by name, not uid: the page knows the name from its URL and
 * subscribes at once, and the server finds the object in the kind's cache by namespace/name.
 */
export function parseObjectTopic(topic: string): ObjectTopic | undefined {
  const key = topicKey('object', topic);
  if (key === undefined) return undefined;
  const parts = key.split('/');
  if (parts.length !== 4 && parts.length !== 5) return undefined;
  const name = parts.pop() ?? '';
  const kind = parseResourcesTopic(`resources:${parts.join('/')}`);
  return kind === undefined || !isDns1123Subdomain(name) ? undefined : { ...kind, name };
}

export function isTopic(topic: string): topic is Topic {
  if (topic.length > MAX_LENGTH) return false;
  if ((fixedTopics as readonly string[]).includes(topic)) return true;
  if (topic.startsWith('resources:')) return parseResourcesTopic(topic) !== undefined;
  if (topic.startsWith('object:')) return parseObjectTopic(topic) !== undefined;
  const family = topicFamilies.find((f) => isFamilyTopic(f, topic));
  return family !== undefined && KEY.test(topic.slice(family.length + 1));
}

const message =
  'unknown topic: use cluster, namespaces, nodes, kinds, resources:<group>/<version>/<plural>[/<namespace>], object:<group>/<version>/<plural>[/<namespace>]/<name>, timeline:<uid>, events:<uid>, owned:<uid> or install:<operation id>';

export const topicSchema = z.string().refine(isTopic, message);

export function resourcesTopic(kind: {
  group: string;
  version: string;
  plural: string;
  namespace?: string | undefined;
}): FamilyTopic<'resources'> {
  return `resources:${kind.group}/${kind.version}/${kind.plural}${kind.namespace === undefined ? '' : `/${kind.namespace}`}`;
}

/** One CR, whole, as the shared informer cache holds it. */
export function objectTopic(ref: {
  group: string;
  version: string;
  plural: string;
  namespace?: string | undefined;
  name: string;
}): FamilyTopic<'object'> {
  return `object:${resourcesTopic(ref).slice('resources:'.length)}/${ref.name}`;
}

/** One object's reconcile runs. */
export const timelineTopic = (uid: string): FamilyTopic<'timeline'> => `timeline:${uid}`;
/** Kubernetes Events about one CR and what it owns. */
export const eventsTopic = (uid: string): FamilyTopic<'events'> => `events:${uid}`;
/** The Deployment(s) a CR controls and their Pods. */
export const ownedTopic = (uid: string): FamilyTopic<'owned'> => `owned:${uid}`;
/** An install's or uninstall's progress, under the operation id the caller chose. */
export const installTopic = (operationId: string): FamilyTopic<'install'> => `install:${operationId}`;
