import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatStatus, parseSandboxArgs } from './sandbox';

test('sandbox arguments: command, profile (dev by default) and --print', () => {
  assert.deepEqual(parseSandboxArgs(['up']), { command: 'up', profile: 'dev', print: false });
  assert.deepEqual(parseSandboxArgs(['status', '--profile', 'test']), {
    command: 'status',
    profile: 'test',
    print: false,
  });
  assert.deepEqual(parseSandboxArgs(['kubeconfig', '--profile=test', '--print']), {
    command: 'kubeconfig',
    profile: 'test',
    print: true,
  });
  assert.deepEqual(parseSandboxArgs(['status', '-ojson']), {
    command: 'status',
    profile: 'dev',
    print: false,
    output: 'json',
  });
});

test('bad sandbox arguments are one-line errors that say what to do', () => {
  assert.throws(() => parseSandboxArgs(['start']), {
    message: 'unknown sandbox command "start": use one of up, down, status, reset, kubeconfig',
  });
  assert.throws(() => parseSandboxArgs(['up', '--profile', 'prod']), {
    message: 'unknown profile "prod": use one of dev, test, bench',
  });
  assert.throws(
    () => parseSandboxArgs(['up', '--force']),
    /unknown option --force \(known: --profile, --print, --output\): see `opstudio sandbox --help`/,
  );
  assert.throws(() => parseSandboxArgs(['up', '--print']), /--print only applies/);
  assert.throws(() => parseSandboxArgs(['up', '-o', 'json']), /-o only applies to `opstudio sandbox status`/);
  assert.throws(() => parseSandboxArgs(['status', '-o', 'xml']), {
    message: 'unknown output "xml": use one of json, yaml',
  });
  assert.throws(() => parseSandboxArgs([]), /missing <command>/);
});

test('status lists every component and the ready nodes', () => {
  const text = formatStatus({
    profile: 'dev',
    server: 'https://127.0.0.1:6443',
    kubeconfigPath: '/d/kubeconfig',
    readyNodes: 3,
    running: true,
    components: [
      { name: 'etcd', pid: 10, running: true, healthy: true },
      { name: 'kube-apiserver', pid: 11, running: true, healthy: true },
      { name: 'kube-controller-manager', pid: 12, running: true, healthy: true },
      { name: 'kube-scheduler', pid: 13, running: true, healthy: true },
      { name: 'kwok', pid: 14, running: true, healthy: true },
    ],
  });
  assert.match(text, /^sandbox dev \(https:\/\/127\.0\.0\.1:6443\): running · 3\/3 nodes Ready$/m);
  assert.match(text, /^ {2}kube-scheduler +healthy +pid 13$/m);
  const stopped = formatStatus({
    profile: 'test',
    server: 's',
    kubeconfigPath: 'k',
    readyNodes: 0,
    running: false,
    components: [{ name: 'etcd', running: false, healthy: false }],
  });
  assert.match(stopped, /: stopped$/m);
  assert.match(stopped, /etcd +stopped$/m);
});
