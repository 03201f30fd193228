import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KRO_VERSION, kroPath } from './kro';

test("kro's controller is cached per pinned version under the binaries cache", () => {
  assert.equal(kroPath({ OPSTUDIO_CACHE_DIR: '/c' }), `/c/kro-v${KRO_VERSION}/kro`);
  assert.equal(KRO_VERSION, '0.9.4');
});
