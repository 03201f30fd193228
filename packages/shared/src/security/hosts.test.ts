import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hostAllowed, hostRefusal, originAllowedByHosts, parseAllowedHosts, parseHost } from './hosts';

const dev = { ports: [3000], configured: [] };

test('loopback names are served only with a served port', () => {
  for (const h of ['127.0.0.1:3000', 'localhost:3000', 'LOCALHOST:3000', '[::1]:3000'])
    assert.equal(hostAllowed(h, dev), true, h);
  for (const h of ['127.0.0.1:3001', 'localhost:8080', '127.0.0.1', 'localhost', '[::1]:80'])
    assert.equal(hostAllowed(h, dev), false, h);
  assert.equal(hostAllowed('127.0.0.1', { ports: [80], configured: [] }), true, 'no port means 80');
});

test('a rebinding page is refused: its own name reaches the server', () => {
  for (const h of [
    'r.attacker.example:3000',
    'localhost.attacker.example:3000',
    '127.0.0.1.nip.io:3000',
    '127.0.0.2:3000',
    '0.0.0.0:3000',
    '[::ffff:127.0.0.1]:3000',
  ]) {
    assert.equal(hostAllowed(h, dev), false, h);
  }
  assert.equal(hostAllowed(undefined, dev), false, 'HTTP/1.0 without Host');
  assert.equal(hostAllowed('', dev), false);
  assert.equal(hostAllowed('localhost:3000, evil.example', dev), false, 'a list is not a host');
  assert.equal(hostAllowed('localhost:3000/x', dev), false);
});

test('configured hosts: a name serves every port, name:port only that one', () => {
  const team = { ports: [3000], configured: parseAllowedHosts('studio.example, Other.Example:8443') };
  assert.deepEqual(team.configured, ['studio.example', 'other.example:8443']);
  assert.equal(hostAllowed('studio.example', team), true);
  assert.equal(hostAllowed('studio.example:3000', team), true);
  assert.equal(hostAllowed('other.example:8443', team), true);
  assert.equal(hostAllowed('other.example', team), false);
  assert.equal(hostAllowed('evil.studio.example', team), false, 'no suffix matching');
  assert.equal(hostAllowed('localhost:3000', team), true, 'loopback stays served');
});

test('a setting that is not a list of host names is refused with the setting named', () => {
  assert.throws(
    () => parseAllowedHosts('https://studio.example'),
    /OPSTUDIO_ALLOWED_HOSTS: "https:\/\/studio.example" is not a host name/,
  );
  assert.throws(() => parseAllowedHosts('*'), /not a host name/);
  assert.throws(() => parseAllowedHosts('studio.example:99999'), /not a host name/);
  assert.deepEqual(parseAllowedHosts(undefined), []);
  assert.deepEqual(parseAllowedHosts(' , '), []);
});

test('the refusal names the header, what is served and the setting', () => {
  const msg = hostRefusal('Host', 'r.attacker.example:3000', dev) ?? '';
  assert.match(
    msg,
    /^request for Host "r.attacker.example:3000" refused: this studio answers only for 127.0.0.1, localhost, \[::1\] on port 3000; .* OPSTUDIO_ALLOWED_HOSTS$/,
  );
  assert.equal(msg.includes('\n'), false);
  assert.equal(hostRefusal('Host', 'localhost:3000', dev), undefined);
  assert.match(hostRefusal('X-Forwarded-Host', undefined, dev) ?? '', /no Host header/);
});

test('origins compare with the served hosts, never with the request', () => {
  const policy = { ports: [3000, 3001], configured: ['studio.example'] };
  assert.equal(originAllowedByHosts('http://127.0.0.1:3000', policy), true);
  assert.equal(originAllowedByHosts('http://localhost:3001', policy), true);
  assert.equal(originAllowedByHosts('http://127.0.0.1:8080', policy), false, 'another localhost port is another site');
  assert.equal(originAllowedByHosts('https://studio.example', policy), true);
  assert.equal(originAllowedByHosts('http://r.attacker.example:3000', policy), false);
  assert.equal(originAllowedByHosts('http://127.0.0.1:3000/path', policy), false);
  assert.equal(originAllowedByHosts('null', policy), false);
  assert.equal(originAllowedByHosts('file://', policy), false);
});

test('parseHost', () => {
  assert.deepEqual(parseHost('[::1]:3000'), { name: '[::1]', port: 3000 });
  assert.deepEqual(parseHost('Studio.Example'), { name: 'studio.example', port: undefined });
  assert.equal(parseHost('a b'), undefined);
  assert.equal(parseHost('x:0'), undefined);
});

test('the launch host is served with a served port only, and a refusal never names it', () => {
  const launch = { ports: [3000], configured: [], launchHost: 'abcdefghijklmnopqrstuvwxyz.localhost' };
  assert.equal(hostAllowed('abcdefghijklmnopqrstuvwxyz.localhost:3000', launch), true);
  assert.equal(hostAllowed('abcdefghijklmnopqrstuvwxyz.localhost:4000', launch), false, 'another port');
  assert.equal(hostAllowed('bbcdefghijklmnopqrstuvwxyz.localhost:3000', launch), false, 'another launch');
  assert.equal(hostAllowed('abcdefghijklmnopqrstuvwxyz.localhost:3000', dev), false, 'no launch host');
  const refusal = hostRefusal('Host', 'x.localhost:3000', launch) ?? '';
  assert.doesNotMatch(refusal, /abcdefghijklmnopqrstuvwxyz/);
});
