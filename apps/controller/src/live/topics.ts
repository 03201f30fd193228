// The topics a page's one live subscription can carry. Fixed topics for cluster-wide lists, and
// `<family>:<key>` topics: the CRs of a kind (`resources:<group>/<version>/<plural>[/<namespace>]`),
// one object's timeline, its Events and owned objects (`timeline|events|owned:<uid>`), an install's
// progress (`install:<operation id>`).
import { z } from 'zod';

export const topicFamilies = ['resources', 'timeline', 'events', 'owned', 'install'] as const;
export type TopicFamily = (typeof topicFamilies)[number];

export type Topic = 'cluster' | 'namespaces' | 'nodes' | 'kinds' | `${TopicFamily}:${string}`;

const label = '[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?';
const subdomain = `${label}(?:\\.${label})*`;
const versionLabel = '[a-z](?:[-a-z0-9]{0,61}[a-z0-9])?';
/** `resources:<group>/<version>/<plural>[/<namespace>]`, each part a valid Kubernetes name. */
export const RESOURCES_TOPIC = new RegExp(`^resources:(${subdomain})/(${versionLabel})/(${label})(?:/(${label}))?$`);
const keyed = '[A-Za-z0-9][A-Za-z0-9._-]{0,127}';
const topicPattern = new RegExp(`^(cluster|namespaces|nodes|kinds|(timeline|events|owned|install):${keyed})$`);

const message =
  'unknown topic: use cluster, namespaces, nodes, kinds, resources:<group>/<version>/<plural>[/<namespace>], timeline:<uid>, events:<uid>, owned:<uid> or install:<operation id>';

export const topicSchema = z
  .string()
  .refine((t) => t.length <= 512 && (topicPattern.test(t) || RESOURCES_TOPIC.test(t)), message)
  .transform((t) => t as Topic);

export interface ResourcesTopic {
  readonly group: string;
  readonly version: string;
  readonly plural: string;
  readonly namespace: string | undefined;
}

export function parseResourcesTopic(topic: string): ResourcesTopic | undefined {
  const m = RESOURCES_TOPIC.exec(topic);
  if (m === null) return undefined;
  const [, group, version, plural, namespace] = m;
  if (group === undefined || version === undefined || plural === undefined) return undefined;
  return { group, version, plural, namespace };
}

export function resourcesTopic(t: { group: string; version: string; plural: string; namespace?: string | undefined }): `resources:${string}` {
  return `resources:${t.group}/${t.version}/${t.plural}${t.namespace === undefined ? '' : `/${t.namespace}`}`;
}
