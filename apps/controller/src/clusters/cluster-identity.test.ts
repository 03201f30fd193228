// The set's cluster id as its readers and writers see it: unknown until learnt, then fixed; a
// writer waiting for it is released when it is learnt, or by its signal; a request that cannot wait
// long gets an error that says why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TimedOutError } from '../errors';
import { ClusterIdentity, fallbackClusterId } from './cluster-identity';

test('unknown until set, then fixed: a second set does not change it', async () => {
  const identity = new ClusterIdentity();
  assert.equal(identity.current, undefined);
  const waiting = identity.wait();
  identity.set('uid-a');
  identity.set('uid-b');
  assert.equal(await waiting, 'uid-a');
  assert.equal(identity.current, 'uid-a');
  assert.equal(await identity.wait(), 'uid-a');
  assert.equal(ClusterIdentity.of('uid-c').current, 'uid-c');
});

test('a wait ends with its signal, and the id still reaches the other waiters', async () => {
  const identity = new ClusterIdentity();
  const stop = new AbortController();
  const aborted = identity.wait(stop.signal);
  const other = identity.wait();
  stop.abort(new Error('stopping'));
  await assert.rejects(aborted, /stopping/);
  await assert.rejects(identity.wait(AbortSignal.abort(new Error('already stopped'))), /already stopped/);
  identity.set('uid-a');
  assert.equal(await other, 'uid-a');
});

test('require: a cluster that has not answered is a timeout saying so', async () => {
  const identity = new ClusterIdentity();
  const t0 = Date.now();
  await assert.rejects(identity.require(50), (err: unknown) => {
    assert.ok(err instanceof TimedOutError);
    assert.match(err.message, /has not answered since the studio started/);
    return true;
  });
  assert.ok(Date.now() - t0 < 1000);
  identity.set('uid-a');
  assert.equal(await identity.require(50), 'uid-a');
});

test('the fallback id names the context', () => {
  assert.equal(fallbackClusterId('kind-dev'), 'context:kind-dev');
});
