// The sessions behind open live streams: sign-out, password change, deletion (also by another
// process sharing the database, as `opstudio admin` is) and expiry end them; a role change reaches
// them. A real, migrated SQLite file; no cluster.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { openDb } from '../db';
import { eventually, migratedTempDb } from '../../testing';
import type { Role } from './roles';
import { AuthService } from './service';
import { SessionWatcher } from './session-watch';
import type { SessionState } from './session-watch';

const url = migratedTempDb();
const db = openDb(url);
const otherProcess = openDb(url); // its own client and AuthService: nothing in memory is shared
after(async () => {
  await db.$disconnect();
  await otherProcess.$disconnect();
});
const cheap = { logN: 10, r: 8, p: 1 };
const service = new AuthService(db, { scrypt: cheap });
const cli = new AuthService(otherProcess, { scrypt: cheap });

/** A user signed in, and one open stream on that session as the live router watches it. */
async function streamOf(auth: AuthService, name: string, role: Role = 'viewer') {
  if ((await auth.listUsers()).every((u) => u.name !== name)) await auth.createUser(name, `${name}-password-1`, role);
  const { token } = await auth.signIn(name, `${name}-password-1`, { address: `${name}-${Math.random()}` });
  const resolved = await auth.resolveSession(token);
  assert.ok(resolved);
  return { token, watched: auth.sessions.watch(resolved.session, resolved.user) };
}

const endsWithin = async (signal: AbortSignal, ms: number) => {
  const started = Date.now();
  await eventually('the stream to end', ms, () => (signal.aborted ? true : undefined));
  return Date.now() - started;
};

test('sign-out ends the streams of that session at once, and only those', async () => {
  const a = await streamOf(service, 'alice');
  const b = await streamOf(service, 'alice'); // the same user in another browser
  await service.revokeSession(a.token);
  const ms = await endsWithin(a.watched.signal, 500);
  assert.equal(b.watched.signal.aborted, false);
  b.watched.stop();
  console.log(`# sign-out → stream ended: ${ms} ms`);
});

test('a role change keeps the stream and hands it the new role', async () => {
  const { watched } = await streamOf(service, 'rosa', 'viewer');
  assert.equal(watched.user.role, 'viewer');
  await service.setRole('rosa', 'editor');
  await eventually('the new role', 500, () => (watched.user.role === 'editor' ? true : undefined));
  assert.equal(watched.signal.aborted, false);
  // the same change made by another process arrives with the next check
  await cli.setRole('rosa', 'admin');
  await eventually('the role set elsewhere', 3_000, () => (watched.user.role === 'admin' ? true : undefined));
  watched.stop();
});

test('deleting the user or changing its password in another process ends its streams within one check (2 s)', async () => {
  const carol = await streamOf(service, 'carol');
  const dave = await streamOf(service, 'dave');
  await Promise.all([cli.deleteUser('carol'), cli.setPassword('dave', 'dave-password-2')]);
  const [deleted, changed] = await Promise.all([
    endsWithin(carol.watched.signal, 3_000),
    endsWithin(dave.watched.signal, 3_000),
  ]);
  console.log(`# user deleted elsewhere → stream ended: ${deleted} ms; password changed elsewhere: ${changed} ms`);
});

test('an expired session ends its streams', async () => {
  let now = Date.now();
  const clocked = new AuthService(db, { scrypt: cheap, now: () => now, sessionTtlMs: 60_000 });
  const { watched } = await streamOf(clocked, 'erin');
  now += 60_001;
  await endsWithin(watched.signal, 3_000);
});

test('one query per check covers every open stream; checks asked for at once share a query', async () => {
  const loads: string[][] = [];
  const rows = (ids: readonly string[]): SessionState[] =>
    ids.map((id) => ({ id, expiresAt: new Date(Date.now() + 60_000), user: { id, name: id, role: 'viewer' } }));
  const watcher = new SessionWatcher(async (ids) => {
    loads.push([...ids]);
    await new Promise((r) => setTimeout(r, 20));
    return rows(ids);
  });
  const user = { id: 'u', name: 'u', role: 'viewer' } as const;
  const watches = Array.from({ length: 12 }, (_, i) =>
    watcher.watch({ id: `s${i % 3}`, expiresAt: new Date(Date.now() + 60_000) }, user),
  );
  await Promise.all([watcher.nudge(), watcher.nudge(), watcher.nudge(), watcher.nudge()]);
  assert.deepEqual(
    loads,
    [
      ['s0', 's1', 's2'],
      ['s0', 's1', 's2'],
    ],
    'one query for 12 streams on 3 sessions, and one more for the nudges that came during it',
  );
  for (const w of watches) w.stop();
  assert.equal(watcher.watching, 0);
  await watcher.nudge();
  assert.equal(loads.length, 2, 'no streams, no query');
});
