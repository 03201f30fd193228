import assert from 'node:assert/strict';
import { test } from 'node:test';
import { groupsOf, loadOidcSettings, oidcUserOf, roleForGroups, roleGroupMap } from './oidc-settings';

const base = {
  OPSTUDIO_OIDC_ISSUER: 'https://login.example.com/realms/team',
  OPSTUDIO_OIDC_CLIENT_ID: 'operator-studio',
  OPSTUDIO_OIDC_ROLE_GROUPS: '{"admin":["platform-admins"],"viewer":["developers"]}',
  OPSTUDIO_WEB_URL: 'https://studio.example.com/',
};

test('no issuer: no OIDC (local accounts only)', () => {
  assert.equal(loadOidcSettings({}), undefined);
});

test('defaults: sub names the user (as the API server), groups carries groups, public client, callback from OPSTUDIO_WEB_URL', () => {
  const s = loadOidcSettings(base);
  assert.ok(s);
  assert.equal(s.userClaim, 'sub');
  assert.equal(s.groupsClaim, 'groups');
  assert.equal(s.scopes, 'openid profile email');
  assert.equal(s.clientSecret, undefined);
  assert.equal(s.redirectUrl.href, 'https://studio.example.com/api/auth/oidc-callback');
  assert.equal(s.providerName, 'login.example.com');
  assert.deepEqual(
    [...s.roleGroups],
    [
      ['developers', 'viewer'],
      ['platform-admins', 'admin'],
    ],
  );
});

test('the chart’s values parse as it renders them', () => {
  const s = loadOidcSettings({
    ...base,
    OPSTUDIO_OIDC_CLIENT_SECRET: 'client-secret-value',
    OPSTUDIO_OIDC_SCOPES: 'openid profile email groups',
    OPSTUDIO_OIDC_USER_CLAIM: 'preferred_username',
    OPSTUDIO_OIDC_GROUPS_CLAIM: 'groups',
    OPSTUDIO_OIDC_ROLE_GROUPS: '{"admin":["platform-admins"],"editor":["operators"],"viewer":["developers"]}',
  });
  assert.equal(s?.clientSecret, 'client-secret-value');
  assert.equal(s?.userClaim, 'preferred_username');
  assert.equal(s?.roleGroups.get('operators'), 'editor');
});

test('every bad setting is refused at start-up with the variable named, never quoting the client secret', () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ OPSTUDIO_OIDC_CLIENT_ID: '' }, /set OPSTUDIO_OIDC_CLIENT_ID/],
    [{ OPSTUDIO_OIDC_ISSUER: 'login.example.com' }, /OPSTUDIO_OIDC_ISSUER must be the issuer URL/],
    [{ OPSTUDIO_OIDC_ISSUER: 'http://login.example.com' }, /must be an https:\/\/ URL/],
    [{ OPSTUDIO_OIDC_ROLE_GROUPS: '{"owner":["x"]}' }, /OPSTUDIO_OIDC_ROLE_GROUPS must be JSON like/],
    [{ OPSTUDIO_OIDC_ROLE_GROUPS: 'admin=x' }, /OPSTUDIO_OIDC_ROLE_GROUPS must be JSON like/],
    [{ OPSTUDIO_OIDC_ROLE_GROUPS: '{}' }, /maps no group to a role/],
    [{ OPSTUDIO_OIDC_SCOPES: 'profile email' }, /must include openid/],
    [{ OPSTUDIO_OIDC_USER_CLAIM: 'na me' }, /OPSTUDIO_OIDC_USER_CLAIM must be a claim name/],
    [{ OPSTUDIO_WEB_URL: '' }, /set OPSTUDIO_OIDC_REDIRECT_URL .* or OPSTUDIO_WEB_URL/],
    [{ OPSTUDIO_OIDC_REDIRECT_URL: 'https://studio.example.com/callback' }, /must end in \/api\/auth\/oidc-callback/],
  ];
  for (const [change, message] of cases) {
    assert.throws(
      () => loadOidcSettings({ ...base, OPSTUDIO_OIDC_CLIENT_SECRET: 'do-not-print-me', ...change }),
      (err: Error) => {
        assert.match(err.message, message, JSON.stringify(change));
        assert.doesNotMatch(err.message, /do-not-print-me/);
        return true;
      },
    );
  }
});

test('role from groups: the highest mapped role wins; no mapped group: none', () => {
  const map = roleGroupMap({ admin: ['ops'], editor: ['dev'], viewer: ['ops', 'all'] });
  assert.equal(map.get('ops'), 'admin', 'a group named under two roles gives the higher one');
  assert.equal(roleForGroups(['all', 'dev'], map), 'editor');
  assert.equal(roleForGroups(['all'], map), 'viewer');
  assert.equal(roleForGroups(['other'], map), undefined);
  assert.equal(roleForGroups([], map), undefined);
});

test('claims → the studio user: oidc:<claim>, role, and only the mapped groups prefixed for Kubernetes', () => {
  const settings = {
    userClaim: 'email',
    groupsClaim: 'groups',
    roleGroups: roleGroupMap({ admin: ['platform-admins'], viewer: ['developers'] }),
  };
  assert.deepEqual(
    oidcUserOf(
      { sub: '1', email: 'ada@example.com', groups: ['developers', 'platform-admins', 'unrelated', 'developers'] },
      settings,
    ),
    {
      ok: true,
      name: 'oidc:ada@example.com',
      role: 'admin',
      kubeGroups: ['oidc:developers', 'oidc:platform-admins'],
    },
  );
  assert.deepEqual(oidcUserOf({ email: 'v@example.com', groups: 'developers' }, settings), {
    ok: true,
    name: 'oidc:v@example.com',
    role: 'viewer',
    kubeGroups: ['oidc:developers'],
  });
  const none = oidcUserOf({ email: 'n@example.com', groups: ['elsewhere'] }, settings);
  assert.equal(none.ok, false);
  assert.match(!none.ok ? none.reason : '', /none of your groups \(elsewhere\)/);
  assert.match((oidcUserOf({ groups: ['developers'] }, settings) as { reason: string }).reason, /no "email" claim/);
  assert.match(
    (oidcUserOf({ email: 'a,b@example.com', groups: ['developers'] }, settings) as { reason: string }).reason,
    /not usable as a Kubernetes user name/,
  );
  assert.match(
    (oidcUserOf({ email: 'x\n@example.com', groups: ['developers'] }, settings) as { reason: string }).reason,
    /not usable/,
  );
  assert.match((oidcUserOf({ email: 'x@example.com' }, settings) as { reason: string }).reason, /no "groups" claim/);
});

test('groups claims in the shapes providers send them', () => {
  assert.deepEqual(groupsOf(['a', 'b']), ['a', 'b']);
  assert.deepEqual(groupsOf('a'), ['a']);
  assert.deepEqual(groupsOf(['a', 3, null, '']), ['a']);
  assert.deepEqual(groupsOf(undefined), []);
  assert.deepEqual(groupsOf({ a: 1 }), []);
});
