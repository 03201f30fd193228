import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GOLANGCI_LINT_VERSION, golangciLintPath } from './golangci-lint';

test('golangci-lint is cached per pinned version under the binaries cache', () => {
  assert.equal(
    golangciLintPath({ OPSTUDIO_CACHE_DIR: '/c' }),
    `/c/golangci-lint-v${GOLANGCI_LINT_VERSION}/golangci-lint`,
  );
  assert.match(GOLANGCI_LINT_VERSION, /^2\.\d+\.\d+$/);
});
