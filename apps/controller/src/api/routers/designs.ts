// designs.*: saved designs and their versions. Every save adds a version; get returns the latest
// unless a version is named.
import { designSizeProblem } from '@opstudio/shared/design/size-limit';
import { projectUpdatePatch } from '@opstudio/shared/scaffold/project-patch';
import { z } from 'zod';
import { audited } from '../../audit';
import type { DesignStore } from '../../designs';
import { UnprocessableError } from '../../errors';
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
  // the project's .opstudio/design.yaml, as the designer's Update project… reads it from the user
  updatePatch: z.object({
    id,
    version,
    projectDesign: z
      .string()
      .min(1, 'the project’s .opstudio/design.yaml is empty')
      .superRefine((yaml, ctx) => {
        const problem = designSizeProblem(yaml);
        if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
      }),
  }),
};

/** The patch from the project's recorded design to this saved version (project-patch.ts). */
async function updatePatch(
  designs: Pick<DesignStore, 'load'>,
  input: z.infer<typeof designsInput.updatePatch>,
): Promise<{ patch: string; files: number; fileName: string }> {
  const { design } = await designs.load(input.id, input.version);
  const r = projectUpdatePatch(input.projectDesign, design);
  if (!r.ok) throw new UnprocessableError(r.message);
  return { patch: r.patch, files: r.files, fileName: r.fileName };
}

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
  // a mutation only because its input (a whole design) is too large for a query's URL; it stores nothing
  updatePatch: viewerProcedure
    .input(designsInput.updatePatch)
    .mutation(({ ctx, input }) => updatePatch(ctx.designs, input)),
});
