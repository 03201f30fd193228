import assert from 'node:assert/strict';
import { test } from 'node:test';
import { needsLaunchToken, needsSignIn, roleAllows, safeNextPath, sessionSchema, signInHref } from './session';

test('roles include the ones below them, and no role allows nothing', () => {
  assert.equal(roleAllows('admin', 'editor'), true);
  assert.equal(roleAllows('editor', 'editor'), true);
  assert.equal(roleAllows('viewer', 'editor'), false);
  assert.equal(roleAllows('editor', 'admin'), false);
  assert.equal(roleAllows(null, 'viewer'), false);
  assert.equal(roleAllows(undefined, 'viewer'), false);
});

test('only a signed-out multi-user session needs the sign-in page', () => {
  assert.equal(needsSignIn({ mode: 'multi-user', user: null, setupRequired: false }), true);
  assert.equal(needsSignIn({ mode: 'multi-user', user: { name: 'ada', role: 'viewer' }, setupRequired: false }), false);
  assert.equal(
    needsSignIn({ mode: 'single-user', user: { name: 'local', role: 'admin' }, setupRequired: false }),
    false,
  );
});

test('the session answer is checked, not trusted', () => {
  assert.equal(
    sessionSchema.safeParse({ mode: 'multi-user', user: { name: 'ada', role: 'root' }, setupRequired: false }).success,
    false,
  );
  assert.equal(
    sessionSchema.safeParse({ mode: 'single-user', user: { name: 'local', role: 'admin' }, setupRequired: false })
      .success,
    true,
  );
});

test('after sign-in the browser only returns to a path of this site', () => {
  const cases: [string | null, string][] = [
    [null, '/'],
    ['', '/'],
    ['/designs/abc?tab=crd', '/designs/abc?tab=crd'],
    [
      '/resources/memcacheds.cache.example.com/default/a#events',
      '/resources/memcacheds.cache.example.com/default/a#events',
    ],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['/sign-in', '/'],
    ['/a\nb', '/'],
  ];
  for (const [raw, want] of cases) assert.equal(safeNextPath(raw), want, String(raw));
});

test('the sign-in link carries where to come back to', () => {
  assert.equal(signInHref('/'), '/sign-in');
  assert.equal(signInHref('/designs/x'), '/sign-in?next=%2Fdesigns%2Fx');
  assert.equal(signInHref('/sign-in?next=%2F'), '/sign-in');
});

test('single-user mode without the launch token shows how to get in; with it, the studio', () => {
  assert.equal(needsLaunchToken({ mode: 'single-user', user: null, setupRequired: false }), true);
  assert.equal(
    needsLaunchToken({ mode: 'single-user', user: { name: 'local', role: 'admin' }, setupRequired: false }),
    false,
  );
  assert.equal(
    needsLaunchToken({ mode: 'multi-user', user: null, setupRequired: false }),
    false,
    'multi-user mode signs in instead',
  );
});
