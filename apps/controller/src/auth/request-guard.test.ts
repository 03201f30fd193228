import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkBodySize, checkCsrf, originAllowed } from './request-guard';

const open = { allowedOrigins: [], hosts: { ports: [3000, 3001], configured: [] } };
const json = { 'content-type': 'application/json', 'x-opstudio-csrf': '1' };

test('reads pass; nothing is checked on GET, HEAD or OPTIONS', () => {
  for (const method of ['GET', 'HEAD', 'OPTIONS'])
    assert.equal(checkCsrf({ method, headers: { origin: 'https://evil.example' } }, open), undefined);
});

test("the studio's own mutation passes: JSON, the custom header, same-origin", () => {
  assert.equal(
    checkCsrf(
      {
        method: 'POST',
        headers: { ...json, 'sec-fetch-site': 'same-origin', origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3001' },
      },
      open,
    ),
    undefined,
  );
  assert.equal(
    checkCsrf(
      { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'x-opstudio-csrf': '1' } },
      open,
    ),
    undefined,
    'a CLI sends no Origin',
  );
});

test('a form post from another site is refused whatever else it carries', () => {
  for (const type of [
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'text/plain',
    undefined,
  ]) {
    const refusal = checkCsrf(
      { method: 'POST', headers: { 'x-opstudio-csrf': '1', ...(type === undefined ? {} : { 'content-type': type }) } },
      open,
    );
    assert.equal(refusal?.status, 415, String(type));
    assert.match(refusal?.message ?? '', /must be JSON/);
  }
});

test('JSON without the custom header, or from another site or origin, is refused', () => {
  assert.match(
    checkCsrf({ method: 'POST', headers: { 'content-type': 'application/json' } }, open)?.message ?? '',
    /missing header x-opstudio-csrf/,
  );
  assert.match(
    checkCsrf({ method: 'DELETE', headers: { ...json, 'sec-fetch-site': 'cross-site' } }, open)?.message ?? '',
    /cross-site request refused/,
  );
  assert.match(
    checkCsrf({ method: 'POST', headers: { ...json, 'sec-fetch-site': 'same-site' } }, open)?.message ?? '',
    /same-site/,
  );
  assert.equal(
    checkCsrf({ method: 'POST', headers: { ...json, origin: 'https://evil.example', host: 'evil.example' } }, open)
      ?.status,
    403,
  );
  assert.equal(
    checkCsrf({ method: 'POST', headers: { ...json, origin: 'null' } }, open)?.status,
    403,
    'sandboxed frames send Origin: null',
  );
});

test("origins: listed, or one of the served hosts; never the request's own Host", () => {
  const team = {
    allowedOrigins: ['https://studio.example.com'],
    hosts: { ports: [3000], configured: ['team.example'] },
  };
  assert.equal(originAllowed('https://studio.example.com', team), true);
  assert.equal(originAllowed('https://team.example', team), true);
  assert.equal(originAllowed('http://localhost:3000', team), true, 'the loopback names on a served port stay allowed');
  assert.equal(originAllowed('http://localhost:3000', open), true);
  assert.equal(originAllowed('http://127.0.0.1:8080', open), false, 'a page on another localhost port is another site');
  assert.equal(originAllowed('http://localhost.evil.example', open), false);
  assert.equal(originAllowed('http://127.0.0.1:3000/path', open), false, 'an Origin never has a path');
  assert.equal(originAllowed('file://', open), false);
  // the rebinding case: Origin and Host agree, and both are the attacker's name
  const rebinding = checkCsrf(
    {
      method: 'POST',
      headers: {
        ...json,
        'sec-fetch-site': 'same-origin',
        origin: 'http://r.attacker.example:3000',
        host: 'r.attacker.example:3000',
      },
    },
    open,
  );
  assert.equal(rebinding?.status, 403);
  assert.match(rebinding?.message ?? '', /OPSTUDIO_ALLOWED_HOSTS/);
});

test('a declared body above the cap is refused with 413 before it is read', () => {
  assert.equal(checkBodySize({ headers: { 'content-length': String(8 * 1024 * 1024) } }), undefined);
  const refusal = checkBodySize({ headers: { 'content-length': String(10 * 1024 * 1024) } });
  assert.equal(refusal?.status, 413);
  assert.match(refusal?.message ?? '', /too large \(10 MiB\): the limit is 8 MiB \(OPSTUDIO_MAX_BODY_BYTES\)/);
  assert.equal(checkBodySize({ headers: { 'content-length': 'lots' } })?.status, 413);
  assert.equal(
    checkBodySize({ headers: {} }),
    undefined,
    'chunked bodies are capped by the tRPC handler (maxBodySize)',
  );
});
