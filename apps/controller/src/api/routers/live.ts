// The page's one live subscription. A page asks for all the topics it shows at once, so two open
// tabs use two of the browser's six connections per origin, not twelve.
import { z } from 'zod';
import { topicSchema } from '@opstudio/shared/live/topics';
import { subscribeLive } from '../live-subscription';
import { kubeUserProcedure } from '../procedures';
import { createTRPCRouter } from '../trpc';

export const liveInput = z.object({
  topics: z.array(topicSchema).min(1, 'ask for at least one topic').max(32, 'at most 32 topics per subscription'),
  /** Set by the client on reconnect (tRPC's httpSubscriptionLink does it for `tracked()` events). */
  lastEventId: z.string().max(200).nullish(),
});

export const liveRouter = createTRPCRouter({
  // multi-user mode: each event narrowed to the user's RBAC, the stream bound to the session (api/live-subscription.ts)
  subscribe: kubeUserProcedure
    .input(liveInput)
    .subscription(({ ctx, input, signal }) => subscribeLive(ctx, input, signal)),
});
