// designs.*: saved designs and their versions. Every save adds a version; get returns the latest
// unless a version is named.
import { designSizeProblem } from '@opstudio/shared/design/size-limit';
import { z } from 'zod';
import { audited } from '../../audit';
import { createTRPCRouter, editorProcedure, viewerProcedure } from '../trpc';

const id = z.string().trim().min(1, 'pass the design id').max(64, 'a design id is at most 64 characters');
const version = z.number().int('a version is a whole number').min(1, 'versions start at 1');

export const designsInput = {
  get: z.object({ id, version: version.optional() }),
  save: z.object({
    id: id.optional(),
    baseVersion: z.number().int().positive().optional(),
    name: z.string().trim().min(1, 'a design needs a name').max(200, 'a design name is at most 200 characters'),
    // the same words the designer shows before any request (DESIGN_MAX_BYTES)
    yaml: z
      .string()
      .min(1, 'the design YAML is empty')
      .superRefine((yaml, ctx) => {
        const problem = designSizeProblem(yaml);
        if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
      }),
  }),
  byId: z.object({ id }),
};

export const designsRouter = createTRPCRouter({
  list: viewerProcedure.query(({ ctx }) => ctx.designs.list()),
  get: viewerProcedure.input(designsInput.get).query(({ ctx, input }) => ctx.designs.get(input.id, input.version)),
  save: editorProcedure
    .input(designsInput.save)
    .use(audited)
    .mutation(({ ctx, input }) => ctx.designs.save(input)),
  delete: editorProcedure
    .input(designsInput.byId)
    .use(audited)
    .mutation(({ ctx, input }) => ctx.designs.delete(input.id)),
  history: viewerProcedure.input(designsInput.byId).query(({ ctx, input }) => ctx.designs.history(input.id)),
});
