// The previews' worker answers each design with its test cases run (issue 32): the one runner
// `opstudio test` calls, with the worker's CEL engine; a render case's output crosses to the page
// as plain data (postMessage is a structured clone), and until the module is ready no case is
// reported as passed.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadCel } from '@opstudio/cel/node';
import { parseDesign } from '@opstudio/shared/design/io';
import { answerPreviews } from './design-text';

await loadCel(); // installed for the pure code, as the worker's cel-loader does

const parsed = parseDesign(readFileSync(new URL('../../../../examples/webapp.design.yaml', import.meta.url), 'utf8'));
assert.ok(parsed.ok);
const design = parsed.design;

test('with the CEL module the answer carries every case run, and what each render case rendered', () => {
  const answer = structuredClone(answerPreviews({ seq: 1, design, text: null, locate: [] }, 'ready'));
  const { tests } = answer;
  assert.equal(tests.results.length, 6);
  assert.deepEqual([tests.passed, tests.failed, tests.notRun], [6, 0, 0]);
  const first = tests.results[0]!;
  assert.equal(first.path, 'tests.render[0]');
  assert.deepEqual(Object.keys(first.rendered!.children).sort(), ['config', 'deployment', 'service']);
  assert.equal(first.rendered!.status.url, 'http://webapp-sample-service.default.svc');
  assert.equal(tests.results[5]!.rendered, undefined, 'a validation case renders nothing');
});

test('while the module loads, every case is not run, none passed', () => {
  const { tests } = answerPreviews({ seq: 1, design, text: null, locate: [] }, 'loading');
  assert.deepEqual([tests.passed, tests.failed, tests.notRun], [0, 0, 6]);
});
