// The sandbox against itself: the test profile (which the test runner may already have started;
// it is left up for the other integration tests) and a throw-away cluster for `down`.
// @lane: exclusive it starts a second, throw-away sandbox and checks that no process is left
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
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
import { httpCall } from './kube-http';
import { readEtcdClientCredentials } from './pki';
import { PODS_PER_NODE } from './kwok-config';
import { isPidAlive } from './process';
import { customProfile, layout, profile } from './profiles';
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
    assert.equal(n.status.allocatable.pods, String(PODS_PER_NODE));
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

/** A POST that trusts `ca` but shows no client certificate; resolves with the status, rejects on a TLS error. */
function postWithoutClientCert(url: string, ca: Buffer, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { method: 'POST', ca, timeout: 5000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

test("etcd refuses plain HTTP and a TLS client without its certificate; the API server's works", async () => {
  await up({ profile: 'test' });
  const p = profile('test');
  const range = { method: 'POST', body: { key: Buffer.from('/').toString('base64') }, timeoutMs: 5000 };
  // etcd closes a plain-HTTP connection on its TLS port without a word
  const plain = await httpCall(`http://127.0.0.1:${p.ports.etcdClient}/v3/kv/range`, range).catch((err: Error) => err);
  assert.ok(plain instanceof Error || plain.status !== 200, 'plain HTTP is not served');
  if (!(plain instanceof Error)) assert.doesNotMatch(plain.body, /kvs|header/);

  const creds = readEtcdClientCredentials(layout(p).pki);
  const url = `https://127.0.0.1:${p.ports.etcdClient}/v3/kv/range`;
  await assert.rejects(
    postWithoutClientCert(url, creds.ca, JSON.stringify(range.body)),
    // TLS 1.3: the server's "certificate required" alert arrives on the first read (or the reset)
    (err: NodeJS.ErrnoException) => /CERTIFICATE_REQUIRED|ECONNRESET|EPIPE/.test(err.code ?? ''),
    'no client certificate: the TLS handshake fails',
  );
  const ok = await httpCall(url, { ...range, creds });
  assert.equal(ok.status, 200, ok.body);
  assert.match(ok.body, /"header"/);
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

      // a data dir from before etcd had TLS (no pki/etcd): the certificates are added in place
      rmSync(join(layout(p).pki, 'etcd'), { recursive: true });
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
