// crds.*: install a design as a CRD (dry run → breaking-change check → apply → Established),
// uninstall it, the "Changes vs cluster" diff, the impact on the live custom resources, every CRD in the cluster, and one as YAML (to import). install/uninstall
// return when done, with the steps; to watch them live, subscribe to `install:<operationId>`
// with an id you choose and pass it here.
import { DNS1123_SUBDOMAIN, DNS1123_SUBDOMAIN_MAX } from '@opstudio/shared/kube/names';
import { z } from 'zod';
import { OPERATION_ID } from '../../install/operations';
import type { AccessQuestion } from '../../auth';
import { clusterMetadataProcedure, kubeUserProcedure, kubeWriteProcedure } from '../procedures';
import { createTRPCRouter } from '../trpc';

const designId = z.string().trim().min(1, 'pass the design id').max(64, 'a design id is at most 64 characters');
const operationId = z
  .string()
  .regex(OPERATION_ID, 'an operation id is 1-64 letters, digits, ".", "_" or "-"')
  .optional();

const crdNameInput = z
  .string()
  .refine(
    (n) => n.includes('.') && DNS1123_SUBDOMAIN.test(n),
    'a CRD name is <plural>.<group>, lower case, e.g. memcacheds.cache.example.com',
  )
  .max(DNS1123_SUBDOMAIN_MAX);

export const crdsInput = {
  install: z.object({
    designId,
    version: z.number().int().min(1, 'versions start at 1').optional(),
    confirmBreaking: z.boolean().optional(),
    confirmPermissions: z.boolean().optional(),
    operationId,
  }),
  uninstall: z.object({
    designId,
    crdName: crdNameInput.optional(),
    deleteResources: z.boolean().optional(),
    operationId,
  }),
  diff: z.object({ designId, version: z.number().int().min(1).optional() }),
  get: z.object({ name: crdNameInput }),
  impact: z.object({
    designId,
    version: z.number().int().min(1).optional(),
    offset: z.number().int().min(0).max(1_000_000).optional(),
    limit: z.number().int().min(1).max(500).optional(),
  }),
};

const crdQuestion = (verb: string) => (): AccessQuestion => ({
  verb,
  group: 'apiextensions.k8s.io',
  resource: 'customresourcedefinitions',
});

export const crdsRouter = createTRPCRouter({
  // the dry run, apply and deletes go out as the user (multi-user mode): Kubernetes RBAC decides
  install: kubeWriteProcedure('admin', crdsInput.install, crdQuestion('create')).mutation(({ ctx, input }) =>
    ctx.crds.install(input, ctx.kube.config),
  ),
  uninstall: kubeWriteProcedure('admin', crdsInput.uninstall, crdQuestion('delete')).mutation(({ ctx, input }) =>
    ctx.crds.uninstall(input, ctx.kube.config),
  ),
  // CRDs are cluster metadata, the same for every viewer; the diff's dry run uses the studio's identity (docs/security.md)
  diff: clusterMetadataProcedure
    .input(crdsInput.diff)
    .query(({ ctx, input }) => ctx.crds.diff(input.designId, input.version)),
  // what installing would do to every live custom resource of the kind: the user must be able to
  // list them; the children's dry run goes out as the design's own identity (install/impact.ts)
  impact: kubeUserProcedure
    .input(crdsInput.impact)
    .query(({ ctx, input }) => ctx.crds.impact(input, (q) => ctx.kube.require(q))),
  list: clusterMetadataProcedure.query(({ ctx }) => ctx.crds.list()),
  get: clusterMetadataProcedure.input(crdsInput.get).query(({ ctx, input }) => ctx.crds.get(input.name)),
});
