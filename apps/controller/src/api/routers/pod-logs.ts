// podLogs.*: a pod's container logs as the user. RBAC decides twice: the procedure type asks
// (SubjectAccessReview) whether the user may `get pods/log` (or `get pods` for the container
// list) before anything is read, and the read itself goes out impersonating the user.
import { MAX_DOWNLOAD_BYTES, logStartSchema } from '@opstudio/shared/pod-logs/options';
import { tracked } from '@trpc/server';
import { z } from 'zod';
import { followPodLog, podContainers, readPodLog } from '../../resources/pod-logs';
import { sessionBound } from '../live-access';
import { kubeReadProcedure } from '../procedures';
import { createTRPCRouter } from '../trpc';
import { names } from './resources';

const podRef = { namespace: names.namespace, pod: names.name };
const logRequest = z.object({
  ...podRef,
  container: names.name,
  previous: z.boolean().default(false),
  start: logStartSchema,
  limitBytes: z.number().int().min(1).max(MAX_DOWNLOAD_BYTES).optional(),
});

const logQuestion = (input: { namespace: string; pod: string }) => ({
  verb: 'get',
  group: '',
  resource: 'pods',
  subresource: 'log',
  namespace: input.namespace,
  name: input.pod,
});

export const podLogsInput = {
  containers: z.object(podRef),
  read: logRequest,
  follow: logRequest.extend({
    /** Set by the client on reconnect (tRPC's httpSubscriptionLink does it for `tracked()` events): the last line's time. */
    lastEventId: z.string().max(64).nullish(),
  }),
};

export const podLogsRouter = createTRPCRouter({
  /** The containers to pick from (init containers too) and the pod's phase. */
  containers: kubeReadProcedure(podLogsInput.containers, (i) => ({
    verb: 'get',
    group: '',
    resource: 'pods',
    namespace: i.namespace,
    name: i.pod,
  })).query(({ ctx, input }) => podContainers(ctx.kube.config, input.namespace, input.pod)),

  /** The log as it is now: the view's first page when not following, and the download (whole log, 10 MiB cap). */
  read: kubeReadProcedure(podLogsInput.read, logQuestion).query(({ ctx, input }) => readPodLog(ctx.kube.config, input)),

  /**
   * The start's lines, then new ones as they are written: batches of whole lines until
   * unsubscribed, each tracked by its last line's time so a reconnect resumes after it.
   */
  follow: kubeReadProcedure(podLogsInput.follow, logQuestion).subscription(({ ctx, input, signal }) =>
    // ends with the session behind it (sign-out, expiry, user deleted), as the live stream does
    sessionBound(ctx, signal, async function* (_visible, stop) {
      let id = input.lastEventId ?? '';
      const follow = followPodLog(
        ctx.kube.config,
        input,
        stop ?? new AbortController().signal,
        input.lastEventId ?? undefined,
      );
      for await (const b of follow) {
        id = b.last ?? (id || new Date().toISOString());
        yield tracked(id, b.lines);
      }
    }),
  ),
});
