// A live stream in multi-user mode follows its session (api/live-access.ts `sessionBound`, the
// body of live.subscribe): the filter judges each event with the user's role as of now, and the
// stream ends when the user signs out. The real bus, stream, AuthService and a migrated SQLite
// file; Kubernetes RBAC stands in as "the editor group may list things, the viewer group not".
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { KubeConfig } from '@kubernetes/client-node';
import { AuthService, KubeIdentities } from '../auth';
import type { StudioUser } from '../auth';
import { openDb } from '../db';
import { LiveBus } from '../live/bus';
import type { LiveEvent } from '../live/events';
import { SnapshotRegistry } from '../live/snapshots';
import { liveStream } from '../live/stream';
import type { Topic } from '@opstudio/shared/live/topics';
import type { ResourceRow } from '../resources/types';
import { eventually, migratedTempDb } from '../../testing';
import type { RequestContext } from './context';
import { sessionBound } from './live-access';

const db = openDb(migratedTempDb());
after(() => db.$disconnect());
const service = new AuthService(db, { scrypt: { logN: 10, r: 8, p: 1 } });
const topic = 'resources:things.example.com/v1/things' satisfies Topic;
const row = (name: string) => ({ uid: name, name, namespace: 'team-a' }) as unknown as ResourceRow;
/** Kubernetes RBAC as far as this test needs it: only the editor group may list things. */
const access = {
  allowed: (user: StudioUser) => Promise.resolve(user.role === 'editor'),
  filterReadable: <T>(user: StudioUser, _q: unknown, items: readonly T[]) =>
    Promise.resolve(user.role === 'editor' ? [...items] : []),
};

/** Signs `name` in and opens one live stream on that session, as live.subscribe does for an HTTP request. */
async function openStream(name: string) {
  await service.createUser(name, `${name}-password-1`, 'viewer');
  const { token } = await service.signIn(name, `${name}-password-1`, { address: name });
  const signedIn = await service.resolveSession(token);
  assert.ok(signedIn);
  const bus = new LiveBus();
  const snapshots = new SnapshotRegistry();
  snapshots.register(topic, () => [{ topic, type: 'snapshot', items: [] }]);
  const ctx = {
    bus,
    snapshots,
    access,
    identities: new KubeIdentities(new KubeConfig()),
    auth: { service },
    ...signedIn,
  } as unknown as RequestContext & { user: StudioUser };
  const seen: string[] = [];
  let ended = false;
  const reading = (async () => {
    for await (const [, event] of sessionBound(ctx, undefined, (visible, stop) =>
      liveStream({ bus, snapshots, visible }, { topics: [topic] }, stop),
    )) {
      const e: LiveEvent = event;
      seen.push(e.type === 'upsert' && 'item' in e ? e.item.name : e.type);
    }
    ended = true;
  })();
  await eventually('the snapshot', 2_000, () => (seen.includes('snapshot') ? true : undefined));
  const publish = (name: string) => bus.publish({ topic, type: 'upsert', item: row(name) });
  return { token, seen, publish, reading, ended: () => ended };
}

test('a role change reaches an open stream: the next event is filtered with the new role', async () => {
  const s = await openStream('val');
  s.publish('as-viewer'); // hidden: the viewer group may not list things
  await service.setRole('val', 'editor');
  await service.sessions.nudge(); // setRole nudged the watcher already; wait for that check to finish
  s.publish('as-editor');
  await eventually('the event shown to the editor', 2_000, () => (s.seen.includes('as-editor') ? true : undefined));
  await service.setRole('val', 'viewer');
  await service.sessions.nudge();
  s.publish('demoted');
  await new Promise((r) => setTimeout(r, 100)); // the stream judges an event within microtasks of its publication
  assert.deepEqual(s.seen, ['snapshot', 'as-editor'], 'each event judged with the role the user had when it came');
  await service.deleteUser('val'); // ends the stream, and the test
  await s.reading;
});

test('signing out ends the open stream at once; nothing published afterwards reaches it', async () => {
  const s = await openStream('sam');
  await service.setRole('sam', 'editor');
  await service.sessions.nudge();
  s.publish('before');
  await eventually('the first event', 2_000, () => (s.seen.includes('before') ? true : undefined));
  const started = Date.now();
  await service.revokeSession(s.token);
  await eventually('the stream to end', 1_000, () => (s.ended() ? true : undefined));
  console.log(`# sign-out → stream returned: ${Date.now() - started} ms`);
  s.publish('after');
  await s.reading;
  assert.deepEqual(s.seen, ['snapshot', 'before']);
  assert.equal(service.sessions.watching, 0, 'the watch went with the stream');
});
