// Fuzzing the studio's doors with fast-check: design documents (saved through the real store on
// a real, migrated SQLite file), object and user names, cookies and request headers. Each must
// end in a clear one-line error or a success: never a crash, never a half-written row.
// @postgres: arbitrary strings in text columns (Postgres refuses NUL) and no half-written row
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { TRPCError } from '@trpc/server';
import fc from 'fast-check';
import { DNS1123_LABEL, DNS1123_SUBDOMAIN } from '@opstudio/shared/kube/names';
import { toTRPCError } from '../api/errors';
import { resourcesInput } from '../api/routers/resources';
import { parseCookies } from '../auth/cookies';
import { InvalidNameError, validateUserName } from '../auth/names';
import { checkCsrf } from '../auth/request-guard';
import { repoRoot } from '../config';
import { openDb } from '../db';
import { DesignStore } from '../designs';
import { migratedTempDb } from '../../testing';

const memcached = readFileSync(path.join(repoRoot, 'examples/memcached.design.yaml'), 'utf8');
const db = openDb(migratedTempDb());
after(() => db.$disconnect());

const lines = memcached.split('\n');
/** A design mangled the way an editor or an attacker might: lines dropped, repeated, spliced, garbage typed in, aliases. */
const mangledDesign = fc.oneof(
  fc.string({ maxLength: 400 }),
  fc
    .tuple(
      fc.integer({ min: 0, max: lines.length - 1 }),
      fc.integer({ min: 0, max: lines.length - 1 }),
      fc.string({ maxLength: 40 }),
    )
    .map(([a, b, junk]) => {
      const copy = [...lines];
      copy.splice(Math.min(a, b), Math.abs(a - b) % 6, junk);
      return copy.join('\n');
    }),
  fc.constantFrom(
    '&a [*a]',
    'a: &a {b: *a}',
    `${'- '.repeat(300)}x`,
    `${'{a: '.repeat(2000)}1${'}'.repeat(2000)}`,
    '\u0000\uFFFE',
    'apiVersion: [',
    `${memcached}\n---\n${memcached}`,
  ),
  fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 2, max: 12 })).map(([levels, width]) => {
    const out = ['a0: &a0 ["lol"]'];
    for (let i = 1; i <= levels; i++)
      out.push(
        `a${i}: &a${i} [${Array(width)
          .fill(`*a${i - 1}`)
          .join(',')}]`,
      );
    return out.join('\n');
  }),
);

test('design documents: saved, or refused with a clear one-line message and nothing written', async () => {
  const store = new DesignStore(db, () => Promise.resolve(undefined));
  let n = 0;
  await fc.assert(
    fc.asyncProperty(mangledDesign, async (yaml) => {
      const before = [await db.design.count(), await db.designVersion.count()];
      const started = performance.now();
      try {
        const saved = await store.save({ name: `fuzz-${n++}`, yaml });
        assert.ok(saved.version === 1);
      } catch (thrown) {
        // the store throws a domain error; api/errors.ts is where it becomes the client's answer
        const err = toTRPCError(thrown);
        assert.ok(
          !(thrown instanceof TRPCError) || thrown.code !== 'INTERNAL_SERVER_ERROR',
          `an internal error: ${String(thrown)}`,
        );
        assert.equal(err.code, 'BAD_REQUEST');
        assert.ok(err.message.length > 0 && !err.message.includes('\n'), `message: ${err.message}`);
        assert.deepEqual([await db.design.count(), await db.designVersion.count()], before, 'nothing written');
      }
      assert.ok(performance.now() - started < 2000, 'answered quickly');
    }),
    { numRuns: 150 },
  );
});

test('object names: the API accepts only DNS names, so nothing that reaches a URL can carry a path', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.string({ maxLength: 70 }),
        fc.constantFrom('..', '../x', 'a/b', 'a%2Fb', 'a?b', 'a#b', 'A', '-a', 'a-', 'a'.repeat(254), 'ok-name', 'a.b'),
      ),
      (name) => {
        const r = resourcesInput.get.safeParse({
          group: 'cache.example.com',
          version: 'v1alpha1',
          plural: 'memcacheds',
          namespace: 'default',
          name,
        });
        if (r.success) assert.match(name, DNS1123_SUBDOMAIN);
        else assert.ok(r.error.issues[0]?.message !== undefined && !r.error.issues[0].message.includes('\n'));
      },
    ),
    { numRuns: 2000 },
  );
});

/** Refusal as a value, so that any other throw fails the property as a crash. */
function validateUserNameSafe(name: string): { ok: true } | { ok: false; message: string } {
  try {
    validateUserName(name);
    return { ok: true };
  } catch (err) {
    if (err instanceof InvalidNameError) return { ok: false, message: err.message };
    throw err;
  }
}

test('user names, cookies and request headers: never a crash, and only DNS labels become identities', () => {
  fc.assert(
    fc.property(
      fc.string({ maxLength: 80 }),
      fc.string({ maxLength: 200 }),
      fc.dictionary(
        fc.constantFrom('content-type', 'x-opstudio-csrf', 'origin', 'sec-fetch-site', 'host'),
        fc.string({ maxLength: 60 }),
      ),
      fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'post'),
      (name, cookie, headers, method) => {
        const user = validateUserNameSafe(name);
        if (user.ok) assert.match(name, DNS1123_LABEL);
        else assert.ok(!user.message.includes('\n'));
        parseCookies(cookie);
        const refusal = checkCsrf(
          { method, headers },
          { allowedOrigins: [], hosts: { ports: [3000], configured: [] } },
        );
        if (method.toUpperCase() !== 'GET' && refusal === undefined) {
          assert.equal(headers['x-opstudio-csrf'], '1');
          assert.match(headers['content-type'] ?? '', /^\s*application\/json\s*(;|$)/i);
        }
      },
    ),
    { numRuns: 3000 },
  );
});
