// The topics a page's one live subscription can carry. Fixed topics for cluster-wide lists, and
// `<family>:<key>` topics that later issues fill in (resources of a kind, one object's timeline,
// its Events, an install's progress) without changing the transport.
import { z } from 'zod';

export const topicFamilies = ['resources', 'timeline', 'events', 'install'] as const;
export type TopicFamily = (typeof topicFamilies)[number];

export type Topic = 'cluster' | 'namespaces' | 'nodes' | `${TopicFamily}:${string}`;

const topicPattern = new RegExp(`^(cluster|namespaces|nodes|(${topicFamilies.join('|')}):[A-Za-z0-9][A-Za-z0-9._/-]{0,252})$`);

export const topicSchema = z
  .string()
  .regex(topicPattern, 'unknown topic: use cluster, namespaces, nodes, or resources:<kind>, timeline:<uid>, events:<uid>, install:<operation id>')
  .transform((t) => t as Topic);
