// access.*: "may I?", asked by the UI before it offers an action (Create, Apply, Delete, Install
// CRD); answered from the studio role and the user's Kubernetes RBAC (api/access-answers.ts).
import { z } from 'zod';
import { answerAccess, answerAll } from '../access-answers';
import { kubeUserProcedure } from '../procedures';
import { createTRPCRouter } from '../trpc';
import { names } from './resources';

export const accessVerbs = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection'] as const;

const check = z.object({
  verb: z.enum(accessVerbs, { error: `verb is one of ${accessVerbs.join(', ')}` }),
  group: z.union([z.literal(''), names.group]),
  resource: names.plural,
  namespace: names.namespace.optional(),
  name: names.name.optional(),
});

export const accessInput = {
  can: check,
  check: z.object({
    checks: z.array(check).min(1, 'ask at least one question').max(50, 'at most 50 questions at once'),
  }),
};

export const accessRouter = createTRPCRouter({
  can: kubeUserProcedure.input(accessInput.can).query(({ ctx, input }) => answerAccess(ctx.kube, input)),
  check: kubeUserProcedure.input(accessInput.check).query(({ ctx, input }) => answerAll(ctx.kube, input.checks)),
});
