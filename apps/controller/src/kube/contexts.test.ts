// kubeContexts without a cluster: real loopback listeners that refuse or never answer, so the
// probe's timeout, the concurrency and the reuse of answers are measured, not assumed.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { kubeContexts } from './contexts';
import { loadInClusterConfig, loadKubeConfig, SERVICEACCOUNT_DIR, type LoadedKubeConfig } from './kubeconfig';

const silent = createServer((s) => held.push(s));
const held: Socket[] = [];
let conn: LoadedKubeConfig;

before(async () => {
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  const port = (silent.address() as { port: number }).port;
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'opstudio-ctx-')), 'kubeconfig');
  // three contexts that never answer, one without a server, one whose name cannot go in a URL
  writeFileSync(
    file,
    `clusters:
- {name: quiet, cluster: {server: "https://127.0.0.1:${port}"}}
- {name: noserver, cluster: {}}
users:
- {name: u, user: {token: a-secret-token}}
contexts:
- {name: first, context: {cluster: quiet, user: u}}
- {name: second, context: {cluster: quiet, user: u}}
- {name: "third@x", context: {cluster: quiet, user: u}}
- {name: empty, context: {cluster: noserver, user: u}}
- {name: "bad\\nname", context: {cluster: quiet, user: u}}
current-context: second
`,
  );
  conn = loadKubeConfig(file);
});

after(() => {
  for (const s of held) s.destroy();
  silent.close();
});

test('every context at once: three silent clusters cost one timeout, not three; problems need no probe', async () => {
  const t0 = Date.now();
  const statuses = await kubeContexts(conn, { timeoutMs: 2000, reuseMs: 0 });
  const took = Date.now() - t0;
  // one after the other: 6000 ms; a probe that outlives its timeout (the socket timeout restarting
  // under TLS): 4000 ms. Timeouts this long leave a loaded machine's delays (up to 750 ms seen at a
  // load of 34 with 500 ms timeouts) well inside the margin.
  assert.ok(took >= 1990 && took < 3000, `took ${took} ms for three 2000 ms timeouts`);
  assert.deepEqual(
    statuses.map((s) => [s.name, s.default, s.reachable]),
    [
      ['first', false, false],
      ['second', true, false],
      ['third@x', false, false],
      ['empty', false, false],
      ['bad\nname', false, false],
    ],
  );
  assert.match(statuses[0]?.message ?? '', /no answer within 2000 ms/);
  assert.equal(statuses[0]?.server, `127.0.0.1:${(silent.address() as { port: number }).port}`);
  assert.equal(statuses[3]?.message, 'context "empty" names no cluster with a server URL');
  assert.equal(statuses[3]?.server, '');
  assert.match(statuses[4]?.message ?? '', /control character or line break/);
  assert.ok(!JSON.stringify(statuses).includes('a-secret-token'));
});

test('answers are reused for a while and shared by callers asking at the same time', async () => {
  const first = kubeContexts(conn, { timeoutMs: 300, reuseMs: 5000 });
  const second = kubeContexts(conn, { timeoutMs: 300, reuseMs: 5000 });
  assert.equal(first, second, 'one round of probes for both callers');
  await first;
  const t0 = Date.now();
  await kubeContexts(conn, { timeoutMs: 300, reuseMs: 5000 });
  assert.ok(Date.now() - t0 < 50, 'a reused answer does not probe again');
  const fresh = kubeContexts(conn, { timeoutMs: 300, reuseMs: 0 });
  assert.notEqual(fresh, first, 'past the reuse window the clusters are asked again');
  await fresh;
});

test('in-cluster mode lists its one context under the name the studio serves it by', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'opstudio-pod-'));
  const sa = path.join(root, SERVICEACCOUNT_DIR);
  mkdirSync(sa, { recursive: true });
  writeFileSync(path.join(sa, 'token'), 'a-token');
  writeFileSync(path.join(sa, 'ca.crt'), 'not read until a request');
  const port = String((silent.address() as { port: number }).port);
  const pod = loadInClusterConfig(root, { KUBERNETES_SERVICE_HOST: '127.0.0.1', KUBERNETES_SERVICE_PORT: port });
  const statuses = await kubeContexts(pod, { timeoutMs: 200, reuseMs: 0 });
  // client-node calls it inClusterContext; the URLs, cluster.info and the registry say in-cluster
  assert.deepEqual(
    statuses.map((s) => [s.name, s.default]),
    [['in-cluster', true]],
  );
});
