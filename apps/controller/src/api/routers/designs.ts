// designs.*: saved designs and their versions. Every save adds a version; get returns the latest
// unless a version is named.
import { z } from 'zod';
import { createTRPCRouter, publicProcedure } from '../trpc';

const id = z.string().trim().min(1, 'pass the design id').max(64, 'a design id is at most 64 characters');
const version = z.number().int('a version is a whole number').min(1, 'versions start at 1');

export const designsInput = {
  get: z.object({ id, version: version.optional() }),
  save: z.object({
    id: id.optional(),
    name: z.string().trim().min(1, 'a design needs a name').max(200, 'a design name is at most 200 characters'),
    yaml: z.string().min(1, 'the design YAML is empty').max(1024 * 1024, 'a design is at most 1 MiB of YAML'),
  }),
  byId: z.object({ id }),
};

export const designsRouter = createTRPCRouter({
  list: publicProcedure.query(({ ctx }) => ctx.designs.list()),
  get: publicProcedure.input(designsInput.get).query(({ ctx, input }) => ctx.designs.get(input.id, input.version)),
  save: publicProcedure.input(designsInput.save).mutation(({ ctx, input }) => ctx.designs.save(input)),
  delete: publicProcedure.input(designsInput.byId).mutation(({ ctx, input }) => ctx.designs.delete(input.id)),
  history: publicProcedure.input(designsInput.byId).query(({ ctx, input }) => ctx.designs.history(input.id)),
});
