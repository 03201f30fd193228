// resources.*: custom resources of any kind. Every name that ends up in a URL is checked here
// first (Kubernetes' own DNS rules), so a bad one is refused before any request is made.
import { z } from 'zod';
import { audited } from '../../audit';
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

export const resourcesRouter = createTRPCRouter({
  kinds: viewerProcedure.query(({ ctx }) => ctx.resources.kinds()),
  list: viewerProcedure.input(resourcesInput.list).query(({ ctx, input }) => ctx.resources.list(input)),
  get: viewerProcedure.input(resourcesInput.get).query(({ ctx, input }) => ctx.resources.get(input)),
  create: editorProcedure.input(resourcesInput.create).use(audited('resources.create')).mutation(({ ctx, input }) => ctx.resources.create(input, input.body, input.dryRun)),
  patch: editorProcedure.input(resourcesInput.patch).use(audited('resources.patch')).mutation(({ ctx, input }) => ctx.resources.patch(input, input.strategy, input.patch, input)),
  delete: editorProcedure.input(resourcesInput.delete).use(audited('resources.delete')).mutation(({ ctx, input }) => ctx.resources.delete(input, input.propagationPolicy)),
});
