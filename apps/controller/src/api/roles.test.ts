// requireRole on a real tRPC router (built the way api/trpc.ts builds its procedures).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { initTRPC, TRPCError } from '@trpc/server';
import { LOCAL_ADMIN } from '../auth/roles';
import type { Role, StudioUser } from '../auth/roles';
import { requireRole } from './roles';

interface Ctx {
  readonly services: string;
  readonly user: StudioUser | undefined;
  readonly signedOutMessage?: string;
}
const t = initTRPC.context<Ctx>().create();
const publicProcedure = t.procedure;
const router = t.router({
  read: publicProcedure.use(requireRole('viewer')).query(({ ctx }) => `${ctx.user.name} read ${ctx.services}`),
  edit: publicProcedure.use(requireRole('editor')).mutation(({ ctx }) => ctx.user.role),
  install: publicProcedure.use(requireRole('admin')).mutation(() => 'installed'),
});
const caller = (user: StudioUser | undefined) => t.createCallerFactory(router)({ services: 'svc', user });
const as = (role: Role): StudioUser => ({ id: role, name: `${role}-user`, role });

const refused = (code: string) => (err: unknown) => err instanceof TRPCError && err.code === code;

test('signed out in single-user mode: the answer says how to bring the launch token', async () => {
  const single = t.createCallerFactory(router)({
    services: 'svc',
    user: undefined,
    signedOutMessage: 'this studio needs its launch token',
  });
  await assert.rejects(
    single.read(),
    (err: unknown) =>
      err instanceof TRPCError && err.code === 'UNAUTHORIZED' && err.message === 'this studio needs its launch token',
  );
});

test('signed out: every procedure is UNAUTHORIZED', async () => {
  await assert.rejects(caller(undefined).read(), refused('UNAUTHORIZED'));
  await assert.rejects(caller(undefined).edit(), refused('UNAUTHORIZED'));
  await assert.rejects(caller(undefined).install(), refused('UNAUTHORIZED'));
});

test('each role gets its own rights and those below, FORBIDDEN above', async () => {
  assert.equal(await caller(as('viewer')).read(), 'viewer-user read svc');
  await assert.rejects(
    caller(as('viewer')).edit(),
    (err) =>
      refused('FORBIDDEN')(err) && /your role \(viewer\) cannot do this: it needs editor/.test((err as Error).message),
  );
  assert.equal(await caller(as('editor')).edit(), 'editor');
  await assert.rejects(caller(as('editor')).install(), refused('FORBIDDEN'));
  assert.equal(await caller(as('admin')).install(), 'installed');
  assert.equal(await caller(LOCAL_ADMIN).install(), 'installed', 'single-user mode: the local user is admin');
});
