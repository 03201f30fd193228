// `kubectl logs` on the sandbox: kwok's kubelet server answers from the pod log files, and a
// follow sees the lines the writer appends. On the test profile, or OPSTUDIO_KUBECONFIG's cluster.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { up } from './index';
import { binaryPath } from './versions';

const run = promisify(execFile);

test("kubectl logs shows a Running pod's memcached lines, and -f follows new ones", { timeout: 120_000 }, async () => {
  const kubeconfig = process.env.OPSTUDIO_KUBECONFIG ?? (await up({ profile: 'test' })).kubeconfigPath;
  const kubectl = async (...args: string[]) =>
    (await run(binaryPath('kubectl'), [`--kubeconfig=${kubeconfig}`, ...args])).stdout;
  const ns = `pod-logs-int-${process.pid}`;
  await kubectl('create', 'namespace', ns);
  try {
    await kubectl(
      'run',
      'mc',
      '-n',
      ns,
      '--image=memcached:1.6',
      '--restart=Never',
      '--overrides',
      JSON.stringify({ spec: { containers: [{ name: 'memcached', image: 'memcached:1.6' }] } }),
    );
    await kubectl('wait', '-n', ns, 'pod/mc', '--for=jsonpath={.status.phase}=Running', '--timeout=30s');

    const lines = (await kubectl('logs', '-n', ns, 'mc', '-c', 'memcached', '--tail=20')).trim().split('\n');
    assert.ok(lines.length >= 5, `some lines: ${lines.join(' | ')}`);
    assert.ok(
      lines.some((l) => /client connection|server listening/.test(l)),
      'they look like memcached -vv',
    );
    assert.match(await kubectl('logs', '-n', ns, 'mc', '--previous'), /previous run/);

    // -f with --tail=1: one line at once, then the writer's next tick (every 2 s) arrives
    const follow = spawn(binaryPath('kubectl'), [
      `--kubeconfig=${kubeconfig}`,
      'logs',
      '-f',
      '--tail=1',
      '-n',
      ns,
      'mc',
    ]);
    let out = '';
    follow.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const t0 = Date.now();
    while (out.split('\n').filter(Boolean).length < 3 && Date.now() - t0 < 15_000)
      await new Promise((r) => setTimeout(r, 100));
    follow.kill();
    assert.ok(out.split('\n').filter(Boolean).length >= 3, `followed lines: ${out}`);
    console.log(`kubectl logs -f: ${out.split('\n').filter(Boolean).length} lines in ${Date.now() - t0} ms`);
  } finally {
    await kubectl('delete', 'namespace', ns, '--wait=false');
  }
});
