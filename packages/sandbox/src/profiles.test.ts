import assert from 'node:assert/strict';
import { test } from 'node:test';
import { customProfile, dataRoot, parseProfileName, profile, repoRoot } from './profiles';

test('dev and test profiles use the fixed port contract and separate data dirs', () => {
  const env = { OPSTUDIO_DATA_DIR: '/srv/data' };
  const dev = profile('dev', env);
  const t = profile('test', env);
  assert.deepEqual(dev.ports, {
    apiserver: 6443,
    etcdClient: 2379,
    etcdPeer: 2380,
    controllerManager: 10257,
    scheduler: 10259,
    kwok: 10247,
  });
  assert.deepEqual(t.ports, {
    apiserver: 16443,
    etcdClient: 12379,
    etcdPeer: 12380,
    controllerManager: 20257,
    scheduler: 20259,
    kwok: 20247,
  });
  assert.equal(dev.dataDir, '/srv/data/sandbox-dev');
  assert.equal(t.dataDir, '/srv/data/sandbox-test');
  assert.equal(dev.context, 'opstudio-sandbox');
  assert.equal(t.context, 'opstudio-sandbox-test');
});

test('data lives under <repo>/data unless OPSTUDIO_DATA_DIR says otherwise', () => {
  assert.equal(dataRoot({}), `${repoRoot()}/data`);
  assert.equal(dataRoot({ OPSTUDIO_DATA_DIR: '  ' }), `${repoRoot()}/data`);
});

test('a custom profile takes six consecutive ports from its base', () => {
  const p = customProfile('down-check', '/tmp/x', 31000);
  assert.deepEqual(Object.values(p.ports).sort(), [31000, 31001, 31002, 31003, 31004, 31005]);
  assert.throws(() => customProfile('Bad Name', '/tmp/x', 31000), /invalid sandbox profile name/);
  assert.throws(() => customProfile('ok', '/tmp/x', 80), /invalid port base 80/);
});

test('an unknown profile name is a one-line error that lists the choices', () => {
  assert.equal(parseProfileName('test'), 'test');
  assert.throws(() => parseProfileName('prod'), {
    message: 'unknown sandbox profile "prod": use --profile dev, test or bench',
  });
});
