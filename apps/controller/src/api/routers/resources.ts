// resources.*: custom resources of any kind. Every name that ends up in a URL is checked here
// first (Kubernetes' own DNS rules), so a bad one is refused before any request is made. In
// multi-user mode Kubernetes RBAC decides (docs/security.md): writes go out as the user, reads
// made with the studio's identity are checked by SubjectAccessReview first.
import type { KubeConfig } from '@kubernetes/client-node';
import { z } from 'zod';
import { audited } from '../../audit';
import { kubeRefusal, readableItems, requireKubeAccess } from '../../auth';
import type { AccessQuestion, StudioUser } from '../../auth';
import type { RequestContext } from '../context';
import { createTRPCRouter, editorProcedure, viewerProcedure } from '../trpc';

const dnsLabel = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const dns1035 = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const subdomain = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const rule = (what: string, re: RegExp, max: number, example: string) =>
  z
    .string({ error: `pass ${what}` })
    .min(1, `pass ${what}`)
    .max(max, `${what} is at most ${max} characters`)
    .regex(re, `${what} must be lowercase letters, digits and '-'${re === subdomain ? " (and '.')" : ''}, starting and ending with a letter or digit, e.g. ${example}`);

export const names = {
  group: rule('the API group', subdomain, 253, 'cache.example.com'),
  version: rule('the version', dns1035, 63, 'v1alpha1'),
  plural: rule('the plural resource name', dnsLabel, 63, 'memcacheds'),
  namespace: rule('the namespace', dnsLabel, 63, 'default'),
  name: rule('the object name', subdomain, 253, 'memcached-sample'),
};

const kindRef = { group: names.group, version: names.version, plural: names.plural, namespace: names.namespace.optional() };
const objectRef = { ...kindRef, name: names.name };
const body = z.union([z.record(z.string(), z.unknown()), z.string().max(1024 * 1024, 'at most 1 MiB of YAML')], { error: 'pass the object (or its YAML text)' });

export const resourcesInput = {
  list: z.object(kindRef),
  get: z.object(objectRef),
  create: z.object({ ...kindRef, body, dryRun: z.boolean().optional() }),
  patch: z.object({ ...objectRef, strategy: z.enum(['merge', 'apply'], { error: "strategy is 'merge' (JSON merge patch) or 'apply' (server-side apply)" }), patch: body, force: z.boolean().optional(), dryRun: z.boolean().optional() }),
  delete: z.object({ ...objectRef, propagationPolicy: z.enum(['Background', 'Foreground', 'Orphan']).optional() }),
};

/** The RBAC question a request about this kind answers to. */
const question = (verb: string, ref: { group: string; plural: string; namespace?: string | undefined; name?: string | undefined }): AccessQuestion => ({
  verb,
  group: ref.group,
  resource: ref.plural,
  namespace: ref.namespace,
  name: ref.name,
});

/** Runs a write as the user; the API server's 403 becomes a FORBIDDEN naming verb, resource and namespace. */
export async function asUser<T>(ctx: RequestContext & { user: StudioUser }, q: AccessQuestion, write: (as: KubeConfig) => Promise<T>): Promise<T> {
  try {
    return await write(ctx.identities.forUser(ctx.user));
  } catch (err) {
    throw kubeRefusal(err, ctx, ctx.user, q);
  }
}

export const resourcesRouter = createTRPCRouter({
  // kinds are cluster metadata (CRDs), listed for everyone: a kind the user may not list shows "no access" in the UI
  kinds: viewerProcedure.query(({ ctx }) => ctx.resources.kinds()),
  list: viewerProcedure.input(resourcesInput.list).query(async ({ ctx, input }) => {
    if (input.namespace !== undefined) await requireKubeAccess(ctx, ctx.user, question('list', input));
    const listed = await ctx.resources.list(input);
    if (input.namespace !== undefined) return listed;
    return { ...listed, items: await readableItems(ctx, ctx.user, { group: input.group, resource: input.plural }, listed.items, (row) => row.namespace ?? undefined) };
  }),
  get: viewerProcedure.input(resourcesInput.get).query(async ({ ctx, input }) => {
    await requireKubeAccess(ctx, ctx.user, question('get', input));
    return ctx.resources.get(input);
  }),
  create: editorProcedure
    .input(resourcesInput.create)
    .use(audited('resources.create'))
    .mutation(({ ctx, input }) => asUser(ctx, question('create', input), (as) => ctx.resources.create(input, input.body, { as, dryRun: input.dryRun }))),
  patch: editorProcedure
    .input(resourcesInput.patch)
    .use(audited('resources.patch'))
    .mutation(({ ctx, input }) => asUser(ctx, question('patch', input), (as) => ctx.resources.patch(input, input.strategy, input.patch, { as, force: input.force, dryRun: input.dryRun }))),
  delete: editorProcedure
    .input(resourcesInput.delete)
    .use(audited('resources.delete'))
    .mutation(({ ctx, input }) => asUser(ctx, question('delete', input), (as) => ctx.resources.delete(input, { as, propagationPolicy: input.propagationPolicy }))),
});
