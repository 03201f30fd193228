// Each test states one of kubectl's rules for a KUBECONFIG list (client-go clientcmd, LoadingRules.Load).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { joinPosix, KubeconfigMergeError, mergeKubeconfigs, splitKubeconfigList } from './kubeconfig-merge';

const cluster = (name: string, server: string, extra: Record<string, unknown> = {}) => ({
  name,
  cluster: { server, ...extra },
});
const user = (name: string, body: Record<string, unknown> = { token: `t-${name}` }) => ({ name, user: body });
const context = (name: string, c: string, u: string) => ({ name, context: { cluster: c, user: u } });

const dev = {
  path: '/home/a/.kube/dev',
  dir: '/home/a/.kube',
  doc: {
    clusters: [cluster('dev', 'https://127.0.0.1:6443')],
    users: [user('admin')],
    contexts: [context('dev', 'dev', 'admin')],
    'current-context': 'dev',
  },
};
const test2 = {
  path: '/srv/test/kubeconfig',
  dir: '/srv/test',
  doc: {
    clusters: [cluster('test', 'https://127.0.0.1:16443'), cluster('dev', 'https://evil.example:6443')],
    users: [user('admin', { token: 'second-file' })],
    contexts: [context('test', 'test', 'admin'), context('dev', 'dev', 'admin')],
    'current-context': 'test',
  },
};

test('KUBECONFIG is split on the separator; empty entries and repeats are dropped, order kept', () => {
  assert.deepEqual(splitKubeconfigList('/a::/b:/a:', ':'), ['/a', '/b']);
  assert.deepEqual(splitKubeconfigList('C:\\a;C:\\b', ';'), ['C:\\a', 'C:\\b']);
  assert.deepEqual(splitKubeconfigList('', ':'), []);
});

test('the first file to define a cluster, user or context name wins, whole entry', () => {
  const m = mergeKubeconfigs([dev, test2]);
  assert.deepEqual(
    m.clusters.map((c) => [c.name, (c.cluster as { server: string }).server]),
    [
      ['dev', 'https://127.0.0.1:6443'],
      ['test', 'https://127.0.0.1:16443'],
    ],
  );
  assert.deepEqual(m.users, [user('admin')], 'the second file’s admin is ignored, not merged field by field');
  assert.deepEqual(
    m.contexts.map((c) => c.name),
    ['dev', 'test'],
  );
  assert.deepEqual(m.contextSource, { dev: dev.path, test: test2.path });
});

test('current-context comes from the first file that sets a non-empty one', () => {
  assert.equal(mergeKubeconfigs([dev, test2])['current-context'], 'dev');
  assert.equal(mergeKubeconfigs([test2, dev])['current-context'], 'test');
  const unset = { ...dev, doc: { ...dev.doc, 'current-context': '' } };
  assert.equal(mergeKubeconfigs([unset, test2])['current-context'], 'test');
  assert.equal('current-context' in mergeKubeconfigs([{ ...dev, doc: { clusters: [] } }]), false);
});

test('relative file references resolve against the directory of the file that holds them', () => {
  const m = mergeKubeconfigs([
    {
      path: '/etc/k/a.yaml',
      dir: '/etc/k',
      doc: {
        clusters: [cluster('c', 'https://x', { 'certificate-authority': 'pki/ca.crt' })],
        users: [
          user('u', {
            'client-certificate': './u.crt',
            'client-key': '/abs/u.key',
            tokenFile: '../tokens/u',
            exec: { command: 'bin/creds', args: ['x'] },
          }),
          user('path-lookup', { exec: { command: 'aws' } }),
        ],
      },
    },
  ]);
  assert.deepEqual(m.clusters[0]?.cluster, { server: 'https://x', 'certificate-authority': '/etc/k/pki/ca.crt' });
  assert.deepEqual(m.users[0]?.user, {
    'client-certificate': '/etc/k/u.crt',
    'client-key': '/abs/u.key',
    tokenFile: '/etc/tokens/u',
    exec: { command: '/etc/k/bin/creds', args: ['x'] },
  });
  assert.deepEqual(m.users[1]?.user, { exec: { command: 'aws' } }, 'a bare command is looked up on PATH');
});

test('a losing entry’s relative paths are never resolved against the wrong file (first file wins before resolving)', () => {
  const second = {
    path: '/b/k',
    dir: '/b',
    doc: { clusters: [cluster('dev', 'https://y', { 'certificate-authority': 'ca' })] },
  };
  const m = mergeKubeconfigs([
    { ...dev, doc: { clusters: [cluster('dev', 'https://x', { 'certificate-authority': 'ca' })] } },
    second,
  ]);
  assert.equal((m.clusters[0]?.cluster as Record<string, string>)['certificate-authority'], '/home/a/.kube/ca');
});

test('an empty file is an empty config; a name twice in one file or a malformed section is an error naming the file', () => {
  assert.deepEqual(mergeKubeconfigs([{ path: '/e', dir: '/', doc: null }, dev]).contexts.length, 1);
  const cases: [unknown, RegExp][] = [
    [{ clusters: [cluster('a', 'https://x'), cluster('a', 'https://y')] }, /\/bad: clusters names "a" twice/],
    [{ contexts: { name: 'a' } }, /\/bad: contexts is not a list/],
    [{ users: [{ user: {} }] }, /\/bad: users\[0\] has no name/],
    [{ contexts: [{ name: 'x' }] }, /\/bad: contexts entry "x" has no context mapping/],
    ['just a string', /\/bad: not a YAML mapping/],
  ];
  for (const [doc, pattern] of cases)
    assert.throws(
      () => mergeKubeconfigs([dev, { path: '/bad', dir: '/', doc }]),
      (e: Error) => e instanceof KubeconfigMergeError && pattern.test(e.message),
      String(pattern),
    );
});

test('joinPosix cleans as Go’s filepath.Join does', () => {
  assert.equal(joinPosix('/a/b', 'c'), '/a/b/c');
  assert.equal(joinPosix('/a/b/', './c/../d'), '/a/b/d');
  assert.equal(joinPosix('/a', '../../x'), '/x');
  assert.equal(joinPosix('/a', '/abs'), '/abs');
  assert.equal(joinPosix('rel', '../x'), 'x');
});
