// `opstudio admin` on a real, migrated SQLite file: what the operator sees, and that the
// account really signs in afterwards.
// @postgres: a CLI process opening the database by its URL (the Postgres pool must let it exit)
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { AuthService } from '../auth';
import { openDb } from '../db';
import { migratedTempDb } from '../../testing';
import { parse } from 'yaml';
import { adminCommand, type AdminListOutput } from './admin-command';

const url = migratedTempDb();
const db = openDb(url);
after(() => db.$disconnect());

async function run(args: string[], piped?: string) {
  let out = '';
  let err = '';
  const code = await adminCommand(
    args,
    { stdout: (t) => (out += t), stderr: (t) => (err += t), readPassword: () => Promise.resolve(piped) },
    url,
  );
  return { code, out, err };
}

test('create with a generated password prints it once, and it signs in', async () => {
  const r = await run(['create', 'root', '--role', 'admin']);
  assert.equal(r.code, 0, r.err);
  const password = /password \(shown once, store it now\): (\S+)/.exec(r.out)?.[1];
  assert.ok(password !== undefined && password.length === 20, r.out);
  const signed = await new AuthService(db).signIn('root', password, { address: 'test' });
  assert.deepEqual([signed.user.name, signed.user.role], ['root', 'admin']);
});

test('create with a piped password, then list, role, password, delete', async () => {
  assert.equal((await run(['create', 'eve'], 'eve-password-123')).code, 0);
  assert.equal((await run(['list'])).out, 'eve\tviewer\nroot\tadmin\n');
  assert.equal((await run(['role', 'eve', 'editor'])).out, 'eve is now editor\n');
  assert.equal((await run(['password', 'eve'], 'eve-password-456')).code, 0);
  await assert.rejects(
    new AuthService(db).signIn('eve', 'eve-password-123', { address: 'test2' }),
    /wrong user name or password/,
  );
  assert.equal((await new AuthService(db).signIn('eve', 'eve-password-456', { address: 'test2' })).user.role, 'editor');
  assert.equal((await run(['delete', 'eve'])).code, 0);
  assert.equal((await run(['list'])).out, 'root\tadmin\n');
});

test('list -o json and -o yaml: the documented AdminListOutput', async () => {
  const json = await run(['list', '-o', 'json']);
  assert.equal(json.code, 0, json.err);
  const parsed = JSON.parse(json.out) as AdminListOutput;
  assert.deepEqual(parsed, { users: [{ name: 'root', role: 'admin' }] });
  const yaml = await run(['list', '--output=yaml']);
  assert.deepEqual(parse(yaml.out), parsed);
});

test('bad input: one clear line and exit code 2', async () => {
  const cases: [string[], string | undefined, RegExp][] = [
    [['create', 'Bad Name'], 'long-enough-password', /invalid user name "Bad Name": use 1-63 lowercase letters/],
    [['create', 'shorty'], 'short', /password too short: use at least 12 characters/],
    [['create', 'root'], 'another-password-1', /user "root" already exists/],
    [['create', 'x', '--role', 'owner'], undefined, /unknown role "owner": use one of viewer, editor, admin/],
    [['delete', 'ghost'], undefined, /no user "ghost"/],
    [['frobnicate'], undefined, /unknown admin command "frobnicate": use one of create, password/],
    [['create', 'x', '-o', 'json'], undefined, /-o only applies to `opstudio admin list`/],
    [['create'], undefined, /missing <name>/],
  ];
  for (const [args, piped, message] of cases) {
    const r = await run(args, piped);
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.err, message);
  }
});
