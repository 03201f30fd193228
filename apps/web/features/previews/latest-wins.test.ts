import assert from 'node:assert/strict';
import { test } from 'node:test';
import { latestWins } from './latest-wins';

test('one request in flight, the latest one pending, stale answers dropped', () => {
  const sent: [number, string][] = [];
  const shown: string[] = [];
  const lw = latestWins<string, string>(
    (seq, req) => sent.push([seq, req]),
    (req, res) => shown.push(`${req}=${res}`),
  );
  lw.request('a');
  assert.deepEqual(sent, [[1, 'a']]);
  lw.receive(1, 'A');
  assert.deepEqual(shown, ['a=A']);
  // typing fast: b in flight, c then d asked meanwhile: only d is sent next, b's answer is dropped
  lw.request('b');
  lw.request('c');
  lw.request('d');
  assert.deepEqual(sent.slice(1), [[2, 'b']]);
  lw.receive(2, 'B');
  assert.deepEqual(shown, ['a=A'], 'b is stale: d was asked since');
  assert.deepEqual(sent.slice(2), [[3, 'd']]);
  lw.receive(2, 'B again');
  lw.receive(99, 'unknown');
  assert.deepEqual(shown, ['a=A'], 'answers to no request in flight are ignored');
  lw.receive(3, 'D');
  assert.deepEqual(shown, ['a=A', 'd=D']);
  assert.equal(lw.inFlight(), null);
});

test('the answer last shown may come again (the worker became able to say more): shown unless newer is asked', () => {
  const shown: string[] = [];
  const lw = latestWins<string, string>(
    () => {},
    (req, res) => shown.push(`${req}=${res}`),
  );
  lw.request('a');
  lw.receive(1, 'A');
  lw.receive(1, 'A with CEL');
  assert.deepEqual(shown, ['a=A', 'a=A with CEL']);
  lw.request('b');
  lw.receive(1, 'A late');
  assert.deepEqual(shown, ['a=A', 'a=A with CEL'], 'b is on its way: a is out of date');
  lw.receive(2, 'B');
  lw.receive(1, 'A later');
  assert.deepEqual(shown, ['a=A', 'a=A with CEL', 'b=B'], 'only the last shown may come again');
});

test("a request already on screen (the first paint) takes the worker's later answer", () => {
  const shown: string[] = [];
  const lw = latestWins<string, string>(
    () => {},
    (req, res) => shown.push(`${req}=${res}`),
  );
  const seq = lw.shown('a');
  assert.equal(lw.inFlight(), null);
  lw.receive(seq, 'A with CEL');
  assert.deepEqual(shown, ['a=A with CEL']);
  lw.request('b');
  assert.equal(lw.inFlight()?.seq, seq + 1);
});
