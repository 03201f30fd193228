// The audit log on a real, migrated SQLite file: records, run() outcomes, filters, paging.
// @postgres: the audit log's filters, paging by id and cut summaries
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { TRPCError } from '@trpc/server';
import { openDb } from '../db';
import { migratedTempDb } from '../../testing';
import { AuditLog, MAX_SUMMARY_CHARS } from './log';

const db = openDb(migratedTempDb());
after(() => db.$disconnect());
const memcached = { group: 'cache.example.com', version: 'v1alpha1', kind: 'Memcached', namespace: 'team-a' };

test('run() records a success with the after summary, an error with its message, a refusal as denied', async () => {
  const logged: string[] = [];
  const audit = new AuditLog(db, (m) => logged.push(m));
  const created = await audit.run(
    { actor: 'alice', actorRole: 'editor', action: 'resources.create', object: { ...memcached, name: 'one' } },
    () => Promise.resolve({ uid: 'u1', spec: { size: 3 } }),
    (obj) => ({ size: obj.spec.size }),
  );
  assert.equal(created.uid, 'u1');
  await assert.rejects(
    audit.run(
      {
        actor: 'alice',
        actorRole: 'editor',
        action: 'resources.patch',
        object: { ...memcached, name: 'one' },
        summary: { before: { size: 3 }, after: { size: 99 } },
      },
      () => Promise.reject(new Error('spec.size: Invalid value: 99: must be less than or equal to 5')),
    ),
    /less than or equal to 5/,
  );
  await assert.rejects(
    audit.run({ actor: 'bob', actorRole: 'viewer', action: 'crds.install', object: { designId: 'd1' } }, () =>
      Promise.reject(new TRPCError({ code: 'FORBIDDEN', message: 'needs admin' })),
    ),
    /needs admin/,
  );

  const rows = await audit.list({ namespace: 'team-a' });
  assert.deepEqual(
    rows.map((r) => [r.actor, r.action, r.name, r.result, r.summary, r.error]),
    [
      [
        'alice',
        'resources.patch',
        'one',
        'error',
        { before: { size: 3 }, after: { size: 99 } },
        'spec.size: Invalid value: 99: must be less than or equal to 5',
      ],
      ['alice', 'resources.create', 'one', 'success', { after: { size: 3 } }, undefined],
    ],
  );
  const [denied] = await audit.list({ actor: 'bob' });
  assert.deepEqual(
    [denied?.action, denied?.result, denied?.designId, denied?.actorRole],
    ['crds.install', 'denied', 'd1', 'viewer'],
  );
  assert.deepEqual(logged, []);
});

test('filters combine, pages go back by id, and huge summaries are cut', async () => {
  const audit = new AuditLog(db);
  for (let i = 0; i < 5; i++) {
    await audit.record({
      actor: 'pager',
      action: 'designs.save',
      object: { designId: `page-${i}` },
      result: 'success',
      summary: { after: { version: i } },
    });
  }
  await audit.record({
    actor: 'pager',
    action: 'designs.delete',
    object: { designId: 'page-x' },
    result: 'success',
    summary: { before: { blob: 'x'.repeat(100_000) } },
  });
  const first = await audit.list({ actor: 'pager', action: 'designs.save', limit: 2 });
  assert.deepEqual(
    first.map((r) => r.designId),
    ['page-4', 'page-3'],
  );
  const next = await audit.list({ actor: 'pager', action: 'designs.save', limit: 2, beforeId: first.at(-1)?.id });
  assert.deepEqual(
    next.map((r) => r.designId),
    ['page-2', 'page-1'],
  );
  const [big] = await audit.list({ actor: 'pager', action: 'designs.delete' });
  assert.equal((big?.summary as { truncated?: boolean }).truncated, true);
  assert.ok(JSON.stringify(big?.summary).length <= MAX_SUMMARY_CHARS + 100);
  assert.deepEqual(await audit.list({ actor: 'pager', since: new Date(Date.now() + 60_000) }), []);
  await assert.rejects(audit.list({ limit: 10_000 }), /invalid audit filter: limit: .*500/);
});
