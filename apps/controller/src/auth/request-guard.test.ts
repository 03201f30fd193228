import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkBodySize, checkCsrf, originAllowed } from './request-guard';

const open = { allowedOrigins: [] };
const json = { 'content-type': 'application/json', 'x-opstudio-csrf': '1' };

test('reads pass; nothing is checked on GET, HEAD or OPTIONS', () => {
  for (const method of ['GET', 'HEAD', 'OPTIONS']) assert.equal(checkCsrf({ method, headers: { origin: 'https://evil.example' } }, open), undefined);
});

test("the studio's own mutation passes: JSON, the custom header, same-origin", () => {
  assert.equal(checkCsrf({ method: 'POST', headers: { ...json, 'sec-fetch-site': 'same-origin', origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3001' } }, open), undefined);
  assert.equal(checkCsrf({ method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'x-opstudio-csrf': '1' } }, open), undefined, 'a CLI sends no Origin');
});

test('a form post from another site is refused whatever else it carries', () => {
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain', undefined]) {
    const refusal = checkCsrf({ method: 'POST', headers: { 'x-opstudio-csrf': '1', ...(type === undefined ? {} : { 'content-type': type }) } }, open);
    assert.equal(refusal?.status, 415, String(type));
    assert.match(refusal?.message ?? '', /must be JSON/);
  }
});

test('JSON without the custom header, or from another site or origin, is refused', () => {
  assert.match(checkCsrf({ method: 'POST', headers: { 'content-type': 'application/json' } }, open)?.message ?? '', /missing header x-opstudio-csrf/);
  assert.match(checkCsrf({ method: 'DELETE', headers: { ...json, 'sec-fetch-site': 'cross-site' } }, open)?.message ?? '', /cross-site request refused/);
  assert.match(checkCsrf({ method: 'POST', headers: { ...json, 'sec-fetch-site': 'same-site' } }, open)?.message ?? '', /same-site/);
  assert.equal(checkCsrf({ method: 'POST', headers: { ...json, origin: 'https://evil.example', host: 'studio.example.com' } }, open)?.status, 403);
  assert.equal(checkCsrf({ method: 'POST', headers: { ...json, origin: 'null' } }, open)?.status, 403, 'sandboxed frames send Origin: null');
});

test('origins: listed, the same host, or loopback only while no list is configured', () => {
  assert.equal(originAllowed('https://studio.example.com', 'internal:3001', { allowedOrigins: ['https://studio.example.com'] }), true);
  assert.equal(originAllowed('https://studio.example.com', 'studio.example.com', { allowedOrigins: [] }), true);
  assert.equal(originAllowed('http://localhost:3000', undefined, { allowedOrigins: [] }), true);
  assert.equal(originAllowed('http://localhost:3000', undefined, { allowedOrigins: ['https://studio.example.com'] }), false);
  assert.equal(originAllowed('http://localhost.evil.example', undefined, { allowedOrigins: [] }), false);
  assert.equal(originAllowed('http://127.0.0.1:3000/path', undefined, { allowedOrigins: [] }), false, 'an Origin never has a path');
  assert.equal(originAllowed('file://', undefined, { allowedOrigins: [] }), false);
});

test('a declared body above the cap is refused with 413 before it is read', () => {
  assert.equal(checkBodySize({ headers: { 'content-length': String(1024 * 1024) } }), undefined);
  const refusal = checkBodySize({ headers: { 'content-length': String(10 * 1024 * 1024) } });
  assert.equal(refusal?.status, 413);
  assert.match(refusal?.message ?? '', /too large \(10485760 bytes\): the limit is 1048576 bytes/);
  assert.equal(checkBodySize({ headers: { 'content-length': 'lots' } })?.status, 413);
  assert.equal(checkBodySize({ headers: {} }), undefined, 'chunked bodies are capped by the tRPC handler (maxBodySize)');
});
