// migration.*: the storage migration of an installed kind, step by step (docs/design/0054).
// `status` says at which step it stands (from the CRD, read as the user) with the progress of a
// pass this studio runs, and why a pass it found at start waits for a press; `step` runs one step
// as the user (the writes Install makes: patch on the CRD and its status; the pass patches every
// object of the kind, which Kubernetes' RBAC decides per request), and a pass records who that
// is, so a restarted studio resumes it as them. A step its check refuses is a PRECONDITION_FAILED.
import { DNS1123_SUBDOMAIN, DNS1123_SUBDOMAIN_MAX } from '@opstudio/shared/kube/names';
import type { KubeConfig } from '@kubernetes/client-node';
import type { PassWriter } from '@opstudio/shared/migration/writer';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { KubeJson } from '../../kube/json-client';
import { MigrationRefused, StorageMigrator } from '../../migration/migrator';
import { leftReason, runningPass, startPass } from '../../migration/runs';
import type { KubeIdentities, StudioUser } from '../../auth';
import { kubeUserProcedure, kubeWriteProcedure } from '../procedures';
import { createTRPCRouter } from '../trpc';

const crdName = z
  .string()
  .max(DNS1123_SUBDOMAIN_MAX)
  .refine(
    (n) => n.includes('.') && DNS1123_SUBDOMAIN.test(n),
    'a CRD name is <plural>.<group>, lower case, e.g. memcacheds.cache.example.com',
  );

export const migrationInput = {
  status: z.object({ crdName }),
  step: z.object({
    crdName,
    step: z.enum(['run', 'trim', 'unserve', 'remove']),
    ratePerSecond: z.number().min(1).max(10_000).optional(),
    /** run: `studio` keeps the studio's own pass where the cluster serves its migrator too */
    migrator: z.enum(['auto', 'studio']).optional(),
  }),
};

const refusal = (err: unknown) =>
  err instanceof MigrationRefused ? new TRPCError({ code: 'PRECONDITION_FAILED', message: err.message }) : err;

/** What the page shows beside the CRD's status: this studio's live pass, and why a pass it found at start waits. */
const live = (ctx: { identities: KubeIdentities; kube: { config: KubeConfig } }, crdName: string) => ({
  running: runningPass(ctx.kube.config, crdName),
  leftForPress: leftReason(ctx.identities.own, crdName),
});

/** Who a pass started by this request writes as: recorded in its checkpoint, so a restarted studio resumes it as them. */
function writerOf(identities: KubeIdentities, user: StudioUser): PassWriter {
  const identity = identities.identityOf(user);
  return identity === undefined
    ? { as: 'studio' }
    : { as: 'user', name: user.name, kubeUser: identity.user, kubeGroups: [...identity.groups] };
}

export const migrationRouter = createTRPCRouter({
  status: kubeUserProcedure.input(migrationInput.status).query(async ({ ctx, input }) => {
    const status = await new StorageMigrator(new KubeJson(ctx.kube.config)).status(input.crdName);
    return { ...status, ...live(ctx, input.crdName) };
  }),
  step: kubeWriteProcedure('admin', migrationInput.step, () => ({
    verb: 'patch',
    group: 'apiextensions.k8s.io',
    resource: 'customresourcedefinitions',
  })).mutation(async ({ ctx, input }) => {
    const migrator = new StorageMigrator(new KubeJson(ctx.kube.config));
    try {
      if (input.step === 'run')
        await startPass(ctx.kube.config, input.crdName, {
          by: writerOf(ctx.identities, ctx.kube.user),
          ratePerSecond: input.ratePerSecond,
          migrator: input.migrator,
        });
      else if (input.step === 'trim') await migrator.trim(input.crdName);
      else await migrator.retire(input.crdName, input.step);
    } catch (err) {
      throw refusal(err);
    }
    return { ...(await migrator.status(input.crdName)), ...live(ctx, input.crdName) };
  }),
});
