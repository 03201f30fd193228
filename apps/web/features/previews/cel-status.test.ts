import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CEL_PENDING } from '@opstudio/shared/cel/engine';
import { error, warning } from '@opstudio/shared/validate/issue';
import { celStart } from './cel-loader';
import { celFailed, celIssues, celState } from './cel-status';

const pending = error('resources[0].template.data.PEERS', `\${lists.range(3)}: ${CEL_PENDING}`);
const real = error('crd.names.kind', 'kind must start with a capital letter');

test('while CEL loads, its pending answers are not problems; once ready, everything is', () => {
  assert.deepEqual(celIssues([pending, real], 'loading'), [real]);
  assert.deepEqual(celIssues([pending, real], 'ready'), [pending, real]);
});

test('a module that cannot load is one problem, not silently skipped checks', () => {
  const issues = celIssues([pending, real], celFailed('/_cel/x/cel.wasm answered 503'));
  assert.equal(issues.length, 2);
  assert.deepEqual(issues[0], real);
  assert.equal(issues[1]?.severity, warning('', '').severity);
  assert.match(issues[1]?.message ?? '', /^CEL could not load: \/_cel\/x\/cel\.wasm answered 503\./);
  assert.equal(celState(celFailed('x')), 'failed');
  assert.equal(celState('loading'), 'loading');
});

test('the page tells its worker where the module is, from the hash the build carries', () => {
  assert.deepEqual(celStart('0123456789abcdef'), {
    kind: 'cel',
    urls: { wasm: '/_cel/0123456789abcdef/cel.wasm', glue: '/_cel/0123456789abcdef/wasm_exec.js' },
  });
  for (const hash of [undefined, '', '../x', '0123456789ABCDEF'])
    assert.match((celStart(hash) as { none?: string }).none ?? '', /no CEL module/);
});
