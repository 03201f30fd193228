// The gate in front of the live subscription's on-demand watches (live/topic-reads.ts). Checked
// before the stream acquires its topics, so a refused topic never starts an informer:
// - a `resources:` topic is accepted only for a kind a CustomResourceDefinition serves (every
//   kind on the Kinds page, installed from a design or not): naming a built-in resource such as
//   `resources:rbac.authorization.k8s.io/v1/roles` would otherwise make the studio watch and hold
//   every one of them with its own identity. BAD_REQUEST, naming the topic.
// - multi-user mode: a topic whose kind (for `owned:`, Deployments and Pods) the user may `list`
//   neither cluster-wide nor in any namespace is withheld: no watch starts for it and it shows an
//   empty snapshot, while the rest of the page's one subscription (header, kinds) goes on. A user
//   allowed in some namespaces sees only those namespaces' events (api/live-access.ts).
// - an `object:` topic (one CR's page, docs/design/0050) names its namespace exactly when the kind
//   is namespaced (BAD_REQUEST otherwise, as resources.get), and in multi-user mode the user must
//   be allowed to `get` that object: if not, it is withheld and its snapshot carries the refusal
//   resources.get would answer with.
import { TRPCError } from '@trpc/server';
import { mayListSomewhere } from '../auth';
import type { StudioUser } from '../auth';
import type { LiveEvent } from '../live/events';
import { topicReads, withheldSnapshot } from '../live/topic-reads';
import type { TopicResource } from '../live/topic-reads';
import type { Topic } from '@opstudio/shared/live/topics';
import type { RequestContext } from './context';
import { getRefusal } from './live-access';

/** Throws BAD_REQUEST for a topic naming no CRD-served kind; returns the topics withheld from this user, with what each shows instead. */
export async function admitTopics(
  ctx: RequestContext,
  user: StudioUser,
  topics: readonly Topic[],
): Promise<ReadonlyMap<Topic, LiveEvent | undefined>> {
  const withheld = new Map<Topic, LiveEvent | undefined>();
  const multiUser = !ctx.identities.actsAsItself(user);
  const namespaces = multiUser ? ctx.cluster.namespaceList().map((n) => n.name) : [];
  for (const topic of new Set(topics)) {
    const reads = topicReads(topic);
    if (reads === undefined) continue;
    let wanted: readonly TopicResource[];
    let scoped = true;
    if ('kind' in reads) {
      const { group, version, plural } = reads.kind;
      const served = await ctx.resources.servedKind(reads.kind);
      if (served === undefined) {
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: `topic ${topic} is refused: no CustomResourceDefinition serves ${plural}.${group}/${version}; live tables show custom resources only (pick a kind from the Kinds page)`,
        });
      }
      wanted = [{ group, resource: plural }];
      scoped = served.kind.scope === 'Namespaced';
      if (reads.name !== undefined) {
        const { namespace } = reads.kind;
        if (scoped !== (namespace !== undefined))
          throw new TRPCError({
            code: 'BAD_REQUEST',
            message: `topic ${topic} is refused: ${served.kind.kind} is ${scoped ? 'namespaced: name its namespace' : 'cluster-scoped: leave out the namespace'}`,
          });
        if (!multiUser) continue;
        const refused = await getRefusal(ctx, user, {
          verb: 'get',
          group,
          resource: plural,
          namespace,
          name: reads.name,
        });
        if (refused !== undefined) withheld.set(topic, withheldSnapshot(topic, refused));
        continue;
      }
    } else wanted = reads.builtIn;
    if (!multiUser) continue;
    const verdicts = await Promise.all(wanted.map((q) => mayListSomewhere(ctx, user, q, scoped ? namespaces : [])));
    if (!verdicts.includes(true)) withheld.set(topic, withheldSnapshot(topic));
  }
  return withheld;
}
