// Every procedure of the whole router, called signed out and as each role, is answered as the
// role allows. The list of procedures comes from the router itself: a new procedure without an
// entry in `required` fails this test until someone decides who may call it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TRPCError } from '@trpc/server';
import { roles } from '../auth';
import type { Role, StudioUser } from '../auth';
import type { RequestContext } from './context';
import { appRouter, createCaller } from './root';

const required: Record<string, Role> = {
  'access.can': 'viewer',
  'access.check': 'viewer',
  'audit.list': 'admin',
  'cluster.contexts': 'viewer',
  'cluster.defaultContext': 'viewer',
  'cluster.info': 'viewer',
  'cluster.kindSchema': 'viewer',
  'controllers.handOff': 'viewer',
  'controllers.list': 'viewer',
  'controllers.pause': 'admin',
  'controllers.resume': 'admin',
  'crds.diff': 'viewer',
  'crds.get': 'viewer',
  'crds.impact': 'viewer',
  'crds.install': 'admin',
  'crds.list': 'viewer',
  'crds.uninstall': 'admin',
  'designs.delete': 'editor',
  'designs.get': 'viewer',
  'designs.history': 'viewer',
  'designs.list': 'viewer',
  'designs.save': 'editor',
  'designs.updatePatch': 'viewer',
  'history.failures': 'viewer',
  'history.runs': 'viewer',
  'live.subscribe': 'viewer',
  'metrics.kind': 'viewer',
  'migration.status': 'viewer',
  'migration.step': 'admin',
  'podLogs.containers': 'viewer',
  'podLogs.follow': 'viewer',
  'podLogs.read': 'viewer',
  'resources.create': 'editor',
  'resources.delete': 'editor',
  'resources.get': 'viewer',
  'resources.kinds': 'viewer',
  'resources.list': 'viewer',
  'resources.overview': 'viewer',
  'resources.patch': 'editor',
  'resources.search': 'viewer',
  'rollouts.finish': 'editor',
  'rollouts.get': 'viewer',
  'rollouts.rollback': 'editor',
  'rollouts.start': 'editor',
  'users.create': 'admin',
  'users.delete': 'admin',
  'users.list': 'admin',
  'users.setPassword': 'admin',
  'users.setRole': 'admin',
};

type Callable = Record<string, Record<string, ((input: unknown) => Promise<unknown>) | undefined> | undefined>;

async function outcome(path: string, user: StudioUser | undefined): Promise<string> {
  const [noun, verb] = path.split('.') as [string, string];
  // no services at all: a procedure that gets past its role check fails on its input or on the missing service
  const ctx = { user } as unknown as RequestContext;
  const proc = (createCaller(ctx) as unknown as Callable)[noun]?.[verb];
  assert.ok(proc, `${path} is not callable`);
  try {
    await proc(undefined);
    return 'allowed';
  } catch (err) {
    const code = err instanceof TRPCError ? err.code : 'other';
    return code === 'UNAUTHORIZED' || code === 'FORBIDDEN' ? code : 'allowed';
  }
}

test('the table covers every procedure of the router', () => {
  assert.deepEqual(Object.keys(appRouter._def.procedures).sort(), Object.keys(required).sort());
});

test('signed out: every procedure is UNAUTHORIZED', async () => {
  for (const path of Object.keys(required)) assert.equal(await outcome(path, undefined), 'UNAUTHORIZED', path);
});

for (const role of roles) {
  test(`as ${role}: allowed exactly where the role reaches`, async () => {
    const user: StudioUser = { id: `id-${role}`, name: `${role}-user`, role };
    for (const [path, need] of Object.entries(required)) {
      const expected = roles.indexOf(role) >= roles.indexOf(need) ? 'allowed' : 'FORBIDDEN';
      assert.equal(await outcome(path, user), expected, `${path} as ${role}`);
    }
  });
}
