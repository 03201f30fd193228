// The page's one live subscription. A page asks for all the topics it shows at once, so two open
// tabs use two of the browser's six connections per origin, not twelve.
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { liveStream } from '../../live/stream';
import { topicSchema } from '../../live/topics';
import { admitTopics } from '../live-gate';
import { sessionBound } from '../live-access';
import { createTRPCRouter, viewerProcedure } from '../trpc';

export const liveInput = z.object({
  topics: z.array(topicSchema).min(1, 'ask for at least one topic').max(32, 'at most 32 topics per subscription'),
  /** Set by the client on reconnect (tRPC's httpSubscriptionLink does it for `tracked()` events). */
  lastEventId: z.string().max(200).nullish(),
});

export const liveRouter = createTRPCRouter({
  subscribe: viewerProcedure.input(liveInput).subscription(async ({ ctx, input, signal }) => {
    // Refuse unknown topics here, before the stream starts, so the client gets a clean error.
    const unknown = input.topics.filter((t) => !ctx.snapshots.has(t));
    if (unknown.length > 0) throw new TRPCError({ code: 'BAD_REQUEST', message: `nothing serves topic(s) ${unknown.join(', ')} yet` });
    // a kind's informer starts only for a CRD-served kind the user may list somewhere (api/live-gate.ts)
    const withheld = await admitTopics(ctx, ctx.user, input.topics);
    // multi-user mode: each event is narrowed to what the user's Kubernetes RBAC (current role) lets
    // it list, and the stream ends with the user's session
    return sessionBound(ctx, signal, (visible, stop) => liveStream({ bus: ctx.bus, snapshots: ctx.snapshots, visible, withheld }, input, stop));
  }),
});
