// The designs store on a real, migrated SQLite file: history, canonical YAML, refusals.
// @postgres: versions written in an interactive transaction, unique names and versions refused
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { toTRPCError } from '../api/errors';
import { AuditLog } from '../audit';
import { repoRoot } from '../config';
import { openDb } from '../db';
import { migratedTempDb } from '../../testing';
import { DesignStore } from './store';

const memcached = readFileSync(path.join(repoRoot, 'examples/memcached.design.yaml'), 'utf8');
const db = openDb(migratedTempDb());
after(() => db.$disconnect());

// the store throws domain errors; the codes a client sees are the API boundary's translation of them
const code = (c: string, pattern?: RegExp) => (e: unknown) =>
  toTRPCError(e).code === c && (pattern === undefined || pattern.test(toTRPCError(e).message));

test('every save adds a version and keeps the previous ones', async () => {
  const installed = new Set<string>();
  const store = new DesignStore(db, (id) =>
    Promise.resolve(installed.has(id) ? 'memcacheds.cache.example.com' : undefined),
  );
  const first = await store.save({ name: 'memcached', yaml: memcached });
  assert.deepEqual({ version: first.version, created: first.created }, { version: 1, created: true });
  const v2yaml = memcached.replace('maximum: 5', 'maximum: 4');
  const second = await store.save({ id: first.id, name: 'memcached', yaml: v2yaml });
  assert.equal(second.version, 2);
  // unchanged content (even written differently) adds nothing
  const again = await store.save({ id: first.id, name: 'memcached', yaml: `# a comment\n${v2yaml}` });
  assert.deepEqual({ version: again.version, created: again.created }, { version: 2, created: false });
  // edits made over version 1 (a stale tab) do not bury version 2; over version 2 they save
  await assert.rejects(
    store.save({
      id: first.id,
      name: 'memcached',
      yaml: memcached.replace('maximum: 5', 'maximum: 3'),
      baseVersion: 1,
    }),
    code('CONFLICT', /version 2 of this design was saved after version 1/),
  );
  assert.equal((await store.get(first.id)).version, 2);

  assert.deepEqual(
    (await store.history(first.id)).map((h) => h.version),
    [2, 1],
  );
  assert.match((await store.get(first.id, 1)).yaml, /maximum: 5/);
  const latest = await store.get(first.id);
  assert.deepEqual([latest.version, latest.latestVersion], [2, 2]);
  assert.match(latest.yaml, /maximum: 4/);
  assert.doesNotMatch(latest.yaml, /a comment/, 'stored as the canonical serializeDesign text');
  const [summary] = (await store.list()).filter((d) => d.id === first.id);
  assert.deepEqual(
    [summary?.latestVersion, summary?.crdName, summary?.kind],
    [2, 'memcacheds.cache.example.com', 'Memcached'],
  );

  await assert.rejects(store.get(first.id, 9), code('NOT_FOUND', /has no version 9 \(versions 1 to 2\)/));
  installed.add(first.id);
  await assert.rejects(store.delete(first.id), code('PRECONDITION_FAILED', /uninstall it first/));
  installed.clear();
  await store.delete(first.id);
  await assert.rejects(store.get(first.id), code('NOT_FOUND'));
});

test('an invalid design is refused with the paths of its problems, and nothing is stored', async () => {
  const store = new DesignStore(db);
  const before = await db.designVersion.count();
  const bad = memcached.replace('scope: Namespaced', 'scope: Galaxy');
  await assert.rejects(store.save({ name: 'bad', yaml: bad }), (e: unknown) => {
    const answer = toTRPCError(e);
    assert.equal(answer.code, 'BAD_REQUEST');
    assert.match(answer.message, /crd\.scope/);
    return true;
  });
  await assert.rejects(store.save({ name: 'bad', yaml: 'kind: [' }), code('BAD_REQUEST'));
  assert.equal(await db.designVersion.count(), before);
});

test('names are unique: a second design with a taken name is refused, renames are kept', async () => {
  const store = new DesignStore(db);
  const a = await store.save({ name: 'alpha', yaml: memcached });
  await assert.rejects(store.save({ name: 'alpha', yaml: memcached }), code('CONFLICT', /already exists/));
  const b = await store.saveByName('beta', memcached);
  assert.notEqual(a.id, b.id);
  await assert.rejects(store.save({ id: b.id, name: 'alpha', yaml: memcached }), code('CONFLICT', /another design/));
  const renamed = await store.save({ id: b.id, name: 'gamma', yaml: memcached });
  assert.deepEqual([renamed.name, renamed.version, renamed.created], ['gamma', 1, false]);
  assert.equal((await store.saveByName('gamma', memcached.replace('maximum: 5', 'maximum: 3'))).version, 2);
  await assert.rejects(
    store.save({ id: 'nope', name: 'x', yaml: memcached }),
    code('NOT_FOUND', /no design with id "nope"/),
  );
});

test('the history says who saved each version (from the audit log) and what it changed', async () => {
  const store = new DesignStore(db);
  const audit = new AuditLog(db);
  const name = 'memcached-history';
  // what the audited designs.save procedure records: the first save names the design, later ones its id
  const first = await store.save({ name, yaml: memcached });
  await audit.record({ actor: 'ada', action: 'designs.save', object: { name }, result: 'success' });
  await store.save({ id: first.id, name, yaml: memcached.replace('kind: Memcached', 'kind: Cachet') });
  await audit.record({
    actor: 'grace',
    action: 'designs.save',
    object: { designId: first.id, name },
    result: 'success',
  });
  await store.save({ id: first.id, name, yaml: memcached.replace('maximum: 5', 'maximum: 4') }); // saved where nothing audits (the CLI)

  const history = await store.history(first.id);
  assert.deepEqual(
    history.map((h) => [h.version, h.savedBy, h.summary]),
    [
      [3, null, 'kind Cachet → Memcached; field spec.size changed'],
      [2, 'grace', 'kind Memcached → Cachet'],
      [1, 'ada', history[2]?.summary],
    ],
  );
  assert.match(history[2]?.summary ?? '', /^created: Memcached \(cache\), \d+ fields$/);
  await store.delete(first.id);
});
