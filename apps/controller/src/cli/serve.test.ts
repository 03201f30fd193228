import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseServeFlags } from './serve';

test('serve flags override host, port, kubeconfig and context', () => {
  assert.deepEqual(parseServeFlags(['--host', '0.0.0.0', '--port=4000', '--kubeconfig', '/k', '--context', 'c']), {
    host: '0.0.0.0',
    port: 4000,
    kubeconfigPath: '/k',
    kubeContext: 'c',
  });
});

test('serve rejects unknown flags and bad ports with a message that names them', () => {
  assert.throws(() => parseServeFlags(['--hots', 'x']), /unknown option --hots/);
  assert.throws(() => parseServeFlags(['--port', 'eighty']), /--port must be a port number/);
  assert.throws(() => parseServeFlags(['--host']), /--host needs a value/);
});

test('--in-cluster switches to the pod ServiceAccount and takes no value', () => {
  assert.deepEqual(parseServeFlags(['--in-cluster', '--port', '0']), { inCluster: true, port: 0 });
  assert.throws(() => parseServeFlags(['--in-cluster=yes']), /--in-cluster takes no value/);
});
