import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HELM_VERSION, helmPath } from './helm';

test('helm is cached per pinned version under the binaries cache', () => {
  assert.equal(helmPath({ OPSTUDIO_CACHE_DIR: '/c' }), `/c/helm-v${HELM_VERSION}/helm`);
  assert.match(HELM_VERSION, /^3\.\d+\.\d+$/);
});
