// cluster.info: which cluster the request is served for and how it is doing, from the informer caches.
// cluster.kindSchema: one kind's JSON schema from the cluster's OpenAPI v3 documents (the designer's
// template editor), asked as the user; apiVersion and kind are checked here before they reach a path.
// cluster.defaultContext: the name of the context a request without a cluster is served for.
// cluster.contexts: the kubeconfig's contexts for the cluster picker (names, server host, which one is
// the default, whether it answers), never a credential; each probed at once with a short timeout.
import { isDns1035Label, isDns1123Subdomain } from '@opstudio/shared/kube/names';
import { z } from 'zod';
import { kubeContexts } from '../../kube/contexts';
import { clusterMetadataProcedure, kubeUserProcedure } from '../procedures';
import { createTRPCRouter } from '../trpc';

/** `v1` (the core group) or `<group>/<version>`: a DNS-1123 subdomain and a DNS-1035 label. */
const apiVersion = z
  .string({ error: 'pass the apiVersion' })
  .max(317, 'an apiVersion is at most 317 characters')
  .refine(
    (v) => {
      const [group, version, ...rest] = v.split('/');
      if (rest.length > 0) return false;
      return version === undefined ? isDns1035Label(v) : isDns1123Subdomain(group ?? '') && isDns1035Label(version);
    },
    { message: 'the apiVersion is <group>/<version> (apps/v1) or v1 for the core group, in lowercase' },
  );

/** A kind as the API server accepts one for a CRD: its lowercase form is a DNS-1035 label. */
const kind = z
  .string({ error: 'pass the kind' })
  .max(63, 'a kind is at most 63 characters')
  .regex(/^[A-Za-z](?:[-A-Za-z0-9]*[A-Za-z0-9])?$/, 'the kind is letters and digits, e.g. Deployment');

export const clusterInput = { kindSchema: z.object({ apiVersion, kind }) };

export const clusterRouter = createTRPCRouter({
  // `context`: the context this request was served for (docs/design/0035), `defaultContext`: the studio's default
  info: clusterMetadataProcedure.query(async ({ ctx }) => ({
    ...(await ctx.cluster.info()),
    defaultContext: ctx.contexts.defaultContext,
  })),
  // the old URLs' redirect (web): which context to open, without probing any cluster
  defaultContext: clusterMetadataProcedure.query(({ ctx }) => ({ name: ctx.contexts.defaultContext })),
  // every context of the merged kubeconfig, whichever cluster the request is for
  contexts: clusterMetadataProcedure.query(({ ctx }) => kubeContexts(ctx.contexts.kubeconfig)),
  kindSchema: kubeUserProcedure
    .input(clusterInput.kindSchema)
    .query(({ ctx, input }) => ctx.kindSchemas.get(ctx.kube.config, input, ctx.cluster.summary().version)),
});
