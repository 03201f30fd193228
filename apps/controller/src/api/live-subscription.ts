// live.subscribe for one signed-in user: unknown topics are refused before the stream starts (so
// the client gets a clean error), a kind's informer starts only for a CRD-served kind the user may
// list somewhere (api/live-gate.ts), and in multi-user mode each event is narrowed to what the
// user's Kubernetes RBAC (current role) lets it list and the stream ends with the session
// (api/live-access.ts).
import { TRPCError } from '@trpc/server';
import type { TrackedEnvelope } from '@trpc/server';
import type { StudioUser } from '../auth';
import type { LiveEvent } from '../live/events';
import { liveStream } from '../live/stream';
import type { LiveStreamInput } from '../live/stream';
import type { RequestContext } from './context';
import { sessionBound } from './live-access';
import { admitTopics } from './live-gate';

export async function subscribeLive(
  ctx: RequestContext & { readonly user: StudioUser },
  input: LiveStreamInput,
  signal: AbortSignal | undefined,
): Promise<AsyncGenerator<TrackedEnvelope<LiveEvent>>> {
  const unknown = input.topics.filter((t) => !ctx.snapshots.has(t));
  if (unknown.length > 0)
    throw new TRPCError({ code: 'BAD_REQUEST', message: `nothing serves topic(s) ${unknown.join(', ')} yet` });
  const withheld = await admitTopics(ctx, ctx.user, input.topics);
  return sessionBound(ctx, signal, (visible, stop) =>
    liveStream({ bus: ctx.bus, snapshots: ctx.snapshots, visible, withheld }, input, stop),
  );
}
