import assert from 'node:assert/strict';
import { test } from 'node:test';
import { acceptsGzip, celAsset, celBuild } from './cel-assets';

const build = celBuild('0123456789abcdef', '/cache/cel-0123456789abcdef');

test('a build is a 16-hex-digit hash and an absolute folder, or none', () => {
  assert.deepEqual(build, { hash: '0123456789abcdef', dir: '/cache/cel-0123456789abcdef' });
  assert.equal(celBuild(undefined, '/x'), undefined);
  assert.equal(celBuild('', '/x'), undefined);
  assert.equal(celBuild('../../etc/passwd', '/x'), undefined);
  assert.equal(celBuild('0123456789abcdef', 'relative/dir'), undefined);
});

test('only the exact hash and the two names map to a file', () => {
  assert.equal(celAsset(build, '0123456789abcdef', 'cel.wasm', null)?.file, '/cache/cel-0123456789abcdef/cel.wasm');
  assert.equal(
    celAsset(build, '0123456789abcdef', 'wasm_exec.js', 'gzip')?.file,
    '/cache/cel-0123456789abcdef/wasm_exec.js',
  );
  for (const [hash, name] of [
    ['0123456789abcdee', 'cel.wasm'],
    ['0123456789ABCDEF', 'cel.wasm'],
    ['0123456789abcdef0', 'cel.wasm'],
    ['0123456789abcdef', 'cel.wasm.gz'],
    ['0123456789abcdef', '../cel.wasm'],
    ['0123456789abcdef', '..%2Fcel.wasm'],
    ['0123456789abcdef', 'build.lock'],
    ['..', 'cel.wasm'],
  ] as const)
    assert.equal(celAsset(build, hash, name, 'gzip'), undefined, `${hash}/${name}`);
  assert.equal(celAsset(undefined, '0123456789abcdef', 'cel.wasm', null), undefined, 'a build without the module');
});

test('the wasm is immutable, typed for compileStreaming, and gzip-encoded when the client takes it', () => {
  const plain = celAsset(build, '0123456789abcdef', 'cel.wasm', 'br');
  assert.equal(plain?.headers['content-type'], 'application/wasm');
  assert.equal(plain?.headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.equal(plain?.headers.vary, 'Accept-Encoding');
  assert.equal(plain?.headers['content-encoding'], undefined);
  const gz = celAsset(build, '0123456789abcdef', 'cel.wasm', 'gzip, deflate, br, zstd');
  assert.equal(gz?.file, '/cache/cel-0123456789abcdef/cel.wasm.gz');
  assert.equal(gz?.headers['content-encoding'], 'gzip');
  assert.equal(gz?.headers['content-type'], 'application/wasm');
  const glue = celAsset(build, '0123456789abcdef', 'wasm_exec.js', 'gzip');
  assert.equal(glue?.headers['content-type'], 'text/javascript; charset=utf-8');
  assert.equal(glue?.headers['content-encoding'], undefined);
});

test('Accept-Encoding: gzip, *, and q=0 refusals', () => {
  assert.equal(acceptsGzip(null), false);
  assert.equal(acceptsGzip(''), false);
  assert.equal(acceptsGzip('gzip'), true);
  assert.equal(acceptsGzip('br;q=1.0, GZIP;q=0.5'), true);
  assert.equal(acceptsGzip('gzip;q=0'), false);
  assert.equal(acceptsGzip('*'), true);
  assert.equal(acceptsGzip('identity'), false);
});
