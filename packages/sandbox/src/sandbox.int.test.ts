// The sandbox against itself: the test profile (which the test runner may already have started;
// it is left up for the other integration tests) and a throw-away cluster for `down`.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import {
  COMPONENT_NAMES,
  down,
  ensureBinaries,
  reset,
  SandboxError,
  startComponent,
  status,
  stopComponent,
  up,
} from './index';
import { isPidAlive } from './process';
import { customProfile } from './profiles';
import { binaryPath } from './versions';

const run = promisify(execFile);

async function kubectl(kubeconfig: string, ...args: string[]): Promise<string> {
  return (await run(binaryPath('kubectl'), [`--kubeconfig=${kubeconfig}`, ...args])).stdout;
}

interface PodList {
  items: { status: { phase?: string; podIP?: string; hostIP?: string } }[];
}
interface NodeList {
  items: {
    metadata: { name: string };
    status: { allocatable: { pods: string }; conditions: { type: string; status: string }[] };
  }[];
}

test('binaries are built (or already cached)', { timeout: 60 * 60_000 }, async () => {
  await ensureBinaries({ onProgress: (l) => console.log(l) });
});

test('up twice on the test profile is idempotent and leaves 3/3 nodes Ready', { timeout: 180_000 }, async () => {
  const first = await up({ profile: 'test' });
  const pidsBefore = (await status({ profile: 'test' })).components.map((c) => c.pid);
  const t0 = Date.now();
  const second = await up({ profile: 'test' });
  assert.equal(second.alreadyRunning, true);
  assert.ok(Date.now() - t0 < 10_000, 'the second up only checks');
  assert.deepEqual(
    (await status({ profile: 'test' })).components.map((c) => c.pid),
    pidsBefore,
    'no process was restarted',
  );
  assert.equal(second.kubeconfigPath, first.kubeconfigPath);
  assert.equal(second.context, 'opstudio-sandbox-test');

  const nodes = JSON.parse(await kubectl(first.kubeconfigPath, 'get', 'nodes', '-o', 'json')) as NodeList;
  assert.deepEqual(nodes.items.map((n) => n.metadata.name).sort(), ['kwok-node-0', 'kwok-node-1', 'kwok-node-2']);
  for (const n of nodes.items) {
    assert.equal(n.status.conditions.find((c) => c.type === 'Ready')?.status, 'True', `${n.metadata.name} Ready`);
    assert.equal(n.status.allocatable.pods, '500');
  }
});

test('a deployment of 2 replicas gets 2 Running pods with IPs within 20 s', { timeout: 120_000 }, async () => {
  const { kubeconfigPath } = await up({ profile: 'test' });
  const name = `sbx-int-${process.pid}`;
  await kubectl(kubeconfigPath, 'create', 'deployment', name, '--image=nginx', '--replicas=2', '-n', 'default');
  try {
    const t0 = Date.now();
    let running: PodList['items'] = [];
    while (Date.now() - t0 < 20_000) {
      const pods = JSON.parse(
        await kubectl(kubeconfigPath, 'get', 'pods', '-n', 'default', '-l', `app=${name}`, '-o', 'json'),
      ) as PodList;
      running = pods.items.filter((p) => p.status.phase === 'Running' && p.status.podIP);
      if (running.length === 2) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    assert.equal(running.length, 2, 'two Running pods with IPs');
    assert.notEqual(running[0]?.status.podIP, running[1]?.status.podIP);
    for (const p of running) assert.match(p.status.podIP ?? '', /^10\.244\./);
    console.log(`2 pods Running with IPs after ${Date.now() - t0} ms`);
  } finally {
    await kubectl(kubeconfigPath, 'delete', 'deployment', name, '-n', 'default', '--wait=false');
  }
});

test(
  'a throw-away sandbox: busy port refused, data kept across down/up, down leaves no process',
  { timeout: 300_000 },
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sbx-int-'));
    const p = customProfile('int-down', join(dir, 'sandbox'), 31500);
    try {
      // A busy port: one-line error naming it, nothing started.
      const blocker = createServer();
      await new Promise<void>((r) => blocker.listen(p.ports.etcdClient, '127.0.0.1', r));
      try {
        await assert.rejects(up({ profile: p }), (err: Error) => {
          assert.ok(err instanceof SandboxError);
          assert.match(err.message, /^port 31501 \(etcd \(client\)\) already in use on 127\.0\.0\.1/);
          return true;
        });
        assert.equal(
          (await status({ profile: p })).components.some((c) => c.running),
          false,
        );
      } finally {
        blocker.close();
      }

      const t0 = Date.now();
      const info = await up({ profile: p });
      console.log(`throw-away sandbox up in ${Date.now() - t0} ms`);
      await kubectl(info.kubeconfigPath, 'create', 'namespace', 'survives-down');
      const pids = (await status({ profile: p })).components.map((c) => c.pid!);
      assert.equal(pids.length, COMPONENT_NAMES.length);

      const t1 = Date.now();
      await down({ profile: p });
      console.log(`down in ${Date.now() - t1} ms`);
      for (const pid of pids) assert.equal(isPidAlive(pid), false, `pid ${pid} is gone`);
      const { stdout } = await run('ps', ['-eo', 'args']);
      assert.doesNotMatch(
        stdout,
        new RegExp(p.dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
        'no process refers to the data dir',
      );
      assert.equal((await status({ profile: p })).running, false);

      const again = await up({ profile: p });
      assert.equal(again.alreadyRunning, false);
      assert.match(
        await kubectl(info.kubeconfigPath, 'get', 'namespace', 'survives-down', '-o', 'name'),
        /namespace\/survives-down/,
      );

      // a sandbox started with other flags (an older checkout) is restarted, not reused
      assert.equal((await up({ profile: p })).alreadyRunning, true, 'a second up right after the first reuses it');
      writeFileSync(join(p.dataDir, 'run', 'config.sha256'), 'from-an-older-checkout\n');
      const restarted = await up({ profile: p });
      assert.equal(restarted.alreadyRunning, false);
      assert.equal((await up({ profile: p })).alreadyRunning, true);

      // kwok heartbeats through node Leases (without them the nodes flapped NotReady, docs/design/0011)
      const leases = async () =>
        (
          JSON.parse(await kubectl(info.kubeconfigPath, 'get', 'leases', '-n', 'kube-node-lease', '-o', 'json')) as {
            items: { metadata: { name: string } }[];
          }
        ).items
          .map((l) => l.metadata.name)
          .sort();
      const t2 = Date.now();
      while ((await leases()).length < 3 && Date.now() - t2 < 20_000) await new Promise((r) => setTimeout(r, 250));
      assert.deepEqual(await leases(), ['kwok-node-0', 'kwok-node-1', 'kwok-node-2']);

      // fault injection: the API server alone goes away and comes back with the same data
      assert.equal(await stopComponent('kube-apiserver', { profile: p }), true);
      const stopped = await status({ profile: p });
      assert.equal(stopped.components.find((c) => c.name === 'kube-apiserver')?.running, false);
      assert.equal(stopped.components.find((c) => c.name === 'etcd')?.running, true, 'only the API server stopped');
      await startComponent('kube-apiserver', { profile: p });
      assert.equal((await status({ profile: p })).components.find((c) => c.name === 'kube-apiserver')?.healthy, true);
      assert.match(
        await kubectl(info.kubeconfigPath, 'get', 'namespace', 'survives-down', '-o', 'name'),
        /namespace\/survives-down/,
      );
    } finally {
      await reset({ profile: p });
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
