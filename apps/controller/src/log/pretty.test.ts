import assert from 'node:assert/strict';
import { test } from 'node:test';
import { prettyLine } from './pretty';

test('a JSON line reads as time, level, component, message, then the other fields', () => {
  const line = JSON.stringify({
    level: 'warn',
    time: '2026-11-25T04:33:04.401Z',
    component: 'informers',
    msg: 'watch failed',
    path: '/api/v1/pods',
    attempt: 3,
    note: 'two words',
  });
  assert.equal(
    prettyLine(line),
    '04:33:04.401 WARN  informers: watch failed path=/api/v1/pods attempt=3 note="two words"',
  );
});

test('an error shows its message inline and its stack indented below', () => {
  const line = JSON.stringify({
    level: 'error',
    time: 0,
    msg: 'API call failed',
    err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at f (x.ts:1:1)' },
  });
  assert.equal(
    prettyLine(line),
    '00:00:00.000 ERROR API call failed err=boom\n    Error: boom\n        at f (x.ts:1:1)',
  );
});

test('a multi-line message (the setup banner) keeps its lines, indented', () => {
  const line = JSON.stringify({ level: 'info', time: 0, component: 'auth', msg: 'No accounts\n  token: abc' });
  assert.equal(prettyLine(line), '00:00:00.000 INFO  auth: No accounts\n      token: abc');
});

test('anything that is not a JSON object passes through unchanged', () => {
  for (const text of ['plain text', '[1,2]', 'null', '{"broken']) assert.equal(prettyLine(text), text);
});
