// crds.*: install a design as a CRD (dry run → breaking-change check → apply → Established),
// uninstall it, the "Changes vs cluster" diff, every CRD in the cluster, and one as YAML (to import). install/uninstall
// return when done, with the steps; to watch them live, subscribe to `install:<operationId>`
// with an id you choose and pass it here.
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { OPERATION_ID } from '../../install/operations';
import { audited } from '../../audit';
import type { AccessQuestion } from '../../auth';
import { createTRPCRouter, adminProcedure, viewerProcedure } from '../trpc';
import { asUser } from './resources';

const designId = z.string().trim().min(1, 'pass the design id').max(64, 'a design id is at most 64 characters');
const operationId = z.string().regex(OPERATION_ID, 'an operation id is 1-64 letters, digits, ".", "_" or "-"').optional();

export const crdsInput = {
  install: z.object({
    designId,
    version: z.number().int().min(1, 'versions start at 1').optional(),
    confirmBreaking: z.boolean().optional(),
    operationId,
  }),
  uninstall: z.object({ designId, deleteResources: z.boolean().optional(), operationId }),
  diff: z.object({ designId, version: z.number().int().min(1).optional() }),
  get: z.object({ name: z.string().regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)+$/, 'a CRD name is <plural>.<group>, lower case, e.g. memcacheds.cache.example.com').max(253) }),
};

const crdQuestion = (verb: string): AccessQuestion => ({ verb, group: 'apiextensions.k8s.io', resource: 'customresourcedefinitions' });

export const crdsRouter = createTRPCRouter({
  // the dry run, apply and deletes go out as the user (multi-user mode): Kubernetes RBAC decides
  install: adminProcedure
    .input(crdsInput.install)
    .use(audited('crds.install'))
    .mutation(({ ctx, input }) => asUser(ctx, crdQuestion('create'), (as) => ctx.crds.install(input, as))),
  uninstall: adminProcedure
    .input(crdsInput.uninstall)
    .use(audited('crds.uninstall'))
    .mutation(({ ctx, input }) => asUser(ctx, crdQuestion('delete'), (as) => ctx.crds.uninstall(input, as))),
  diff: viewerProcedure.input(crdsInput.diff).query(({ ctx, input }) => ctx.crds.diff(input.designId, input.version)),
  list: viewerProcedure.query(({ ctx }) => ctx.crds.list()),
  get: viewerProcedure.input(crdsInput.get).query(async ({ ctx, input }) => {
    const crd = await ctx.crds.get(input.name);
    if (crd === undefined) throw new TRPCError({ code: 'NOT_FOUND', message: `no CRD named ${input.name} in the cluster` });
    return crd;
  }),
});
