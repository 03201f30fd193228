// resources.*: custom resources of any kind. Every name that ends up in a URL is checked here
// first (Kubernetes' own DNS rules), so a bad one is refused before any request is made. In
// multi-user mode Kubernetes RBAC decides (docs/security.md), through the procedure types
// (api/procedures.ts): writes go out as the user, reads made with the studio's identity are
// checked by SubjectAccessReview first.
import { kubeName } from '@opstudio/shared/kube/names';
import { z } from 'zod';
import type { AccessQuestion } from '../../auth';
import { clusterMetadataProcedure, kubeReadProcedure, kubeUserProcedure, kubeWriteProcedure } from '../procedures';
import { createTRPCRouter } from '../trpc';

export const names = {
  group: kubeName('dns1123Subdomain', 'the API group', 'cache.example.com'),
  version: kubeName('dns1035Label', 'the version', 'v1alpha1'),
  plural: kubeName('dns1123Label', 'the plural resource name', 'memcacheds'),
  namespace: kubeName('dns1123Label', 'the namespace', 'default'),
  name: kubeName('dns1123Subdomain', 'the object name', 'memcached-sample'),
};

const kindRef = {
  group: names.group,
  version: names.version,
  plural: names.plural,
  namespace: names.namespace.optional(),
};
const objectRef = { ...kindRef, name: names.name };
const body = z.union([z.record(z.string(), z.unknown()), z.string().max(1024 * 1024, 'at most 1 MiB of YAML')], {
  error: 'pass the object (or its YAML text)',
});

export const resourcesInput = {
  list: z.object(kindRef),
  get: z.object(objectRef),
  create: z.object({ ...kindRef, body, dryRun: z.boolean().optional() }),
  patch: z.object({
    ...objectRef,
    strategy: z.enum(['merge', 'apply'], {
      error: "strategy is 'merge' (JSON merge patch) or 'apply' (server-side apply)",
    }),
    patch: body,
    force: z.boolean().optional(),
    dryRun: z.boolean().optional(),
    /**
     * With a merge patch carrying metadata.resourceVersion: the labels, annotations and spec it was
     * planned from (editableOf). A 409 over a write that left them alone (status) is retried at the
     * live version by the server (resources/patch-rebase.ts); any other 409 comes back as CONFLICT.
     */
    base: z.record(z.string(), z.unknown()).optional(),
  }),
  search: z.object({ text: z.string().trim().min(1).max(253), limit: z.number().int().min(1).max(50).default(20) }),
  delete: z.object({ ...objectRef, propagationPolicy: z.enum(['Background', 'Foreground', 'Orphan']).optional() }),
};

/** The RBAC question a request about this kind answers to. */
const question =
  (verb: string) =>
  (ref: {
    group: string;
    plural: string;
    namespace?: string | undefined;
    name?: string | undefined;
  }): AccessQuestion => ({
    verb,
    group: ref.group,
    resource: ref.plural,
    namespace: ref.namespace,
    name: ref.name,
  });

export const resourcesRouter = createTRPCRouter({
  // kinds are cluster metadata (CRDs), listed for everyone: a kind the user may not list shows "no access" in the UI
  kinds: clusterMetadataProcedure.query(({ ctx }) => ctx.resources.kinds()),
  // the home page: installed kinds with counts and health, only the objects the user may list
  overview: kubeUserProcedure.query(({ ctx }) => ctx.resources.overview(ctx.kube)),
  // the command palette: cached objects by name, only those the user may list (resources/search.ts)
  search: kubeUserProcedure
    .input(resourcesInput.search)
    .query(({ ctx, input }) => ctx.resources.search(input, ctx.kube)),
  list: kubeReadProcedure(resourcesInput.list, question('list')).query(({ ctx, input }) =>
    ctx.resources.list(input, ctx.kube),
  ),
  get: kubeReadProcedure(resourcesInput.get, question('get')).query(({ ctx, input }) => ctx.resources.get(input)),
  create: kubeWriteProcedure('editor', resourcesInput.create, question('create')).mutation(({ ctx, input }) =>
    ctx.resources.create(input, input.body, { as: ctx.kube.config, dryRun: input.dryRun }),
  ),
  patch: kubeWriteProcedure('editor', resourcesInput.patch, question('patch')).mutation(({ ctx, input }) =>
    ctx.resources.patch(input, input.strategy, input.patch, {
      as: ctx.kube.config,
      force: input.force,
      dryRun: input.dryRun,
      base: input.base,
    }),
  ),
  delete: kubeWriteProcedure('editor', resourcesInput.delete, question('delete')).mutation(({ ctx, input }) =>
    ctx.resources.delete(input, { as: ctx.kube.config, propagationPolicy: input.propagationPolicy }),
  ),
});
