import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_HSTS, hstsSetting, servedUrl, servingSettings } from './serving-settings';

test('no certificate: plain HTTP on loopback, and no HSTS (browsers ignore it there anyway)', () => {
  const s = servingSettings([], {});
  assert.deepEqual(s, { host: '127.0.0.1', port: 3000, tls: undefined, hsts: undefined });
  assert.equal(servedUrl(s), 'http://127.0.0.1:3000');
  // an HSTS setting alone does not turn HTTPS on
  assert.equal(servingSettings([], { OPSTUDIO_HSTS: 'max-age=60' }).hsts, undefined);
});

test('certificate and key from the environment or flags (flags win): HTTPS with a year of HSTS', () => {
  const env = { OPSTUDIO_TLS_CERT: '/env/c.pem', OPSTUDIO_TLS_KEY: '/env/k.pem', OPSTUDIO_WEB_PORT: '3443' };
  assert.deepEqual(servingSettings([], env), {
    host: '127.0.0.1',
    port: 3443,
    tls: { certFile: '/env/c.pem', keyFile: '/env/k.pem' },
    hsts: DEFAULT_HSTS,
  });
  const flagged = servingSettings(['--tls-cert', '/f/c.pem', '--tls-key=/f/k.pem', '--hostname', '::1'], env);
  assert.deepEqual(flagged.tls, { certFile: '/f/c.pem', keyFile: '/f/k.pem' });
  assert.equal(servedUrl(flagged), 'https://[::1]:3443');
});

test('only one of certificate and key is refused, naming both settings', () => {
  assert.throws(
    () => servingSettings([], { OPSTUDIO_TLS_CERT: '/c.pem' }),
    /both .*OPSTUDIO_TLS_CERT and OPSTUDIO_TLS_KEY/,
  );
  assert.throws(() => servingSettings(['--tls-key', '/k.pem'], {}), /both a certificate and its key/);
});

test('HOSTNAME is not the listen address (container runtimes set it to the container name)', () => {
  assert.equal(servingSettings([], { HOSTNAME: 'abc123' }).host, '127.0.0.1');
  assert.equal(servingSettings([], { OPSTUDIO_WEB_HOST: '0.0.0.0' }).host, '0.0.0.0');
});

test('bad ports and unknown flags are refused in one line', () => {
  assert.throws(() => servingSettings(['--port', '70000'], {}), /port must be a number from 1 to 65535/);
  assert.throws(() => servingSettings([], { PORT: '3e3' }), /port must be/);
  assert.throws(() => servingSettings(['--tls'], {}), /unknown option --tls/);
  assert.throws(() => servingSettings(['--tls-cert'], {}), /--tls-cert needs a value/);
});

test('OPSTUDIO_HSTS: default one year, off, or a well-formed value', () => {
  assert.equal(hstsSetting(undefined), 'max-age=31536000');
  assert.equal(hstsSetting(' OFF '), undefined);
  assert.equal(hstsSetting('max-age=600; includeSubDomains'), 'max-age=600; includeSubDomains');
  assert.throws(() => hstsSetting('max-age=1\r\nSet-Cookie: x=1'), /OPSTUDIO_HSTS must be off or/);
  assert.throws(() => hstsSetting('forever'), /OPSTUDIO_HSTS/);
});
