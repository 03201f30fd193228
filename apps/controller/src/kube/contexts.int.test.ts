// Several clusters in one KUBECONFIG-style list, against real API servers: the test sandbox, a
// second sandbox started here (a custom profile, stopped and removed afterwards; the shared test
// profile is never stopped), a port nothing listens on and a listener that never answers.
// The studio is started with the list; cluster.contexts must list all four, the two sandboxes
// reachable, the other two unreachable within the probe timeout, without the silent one holding
// the others up. Each context's own config reaches its own cluster with its own credentials.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { CoreV1Api } from '@kubernetes/client-node';
import { createCaller } from '../api/root';
import { LOCAL_ADMIN } from '../auth';
import type { RunningServer } from '../server';
import { kubeConfigForContext, loadKubeConfig } from './kubeconfig';
import { kubeconfigPath, skipWithoutCluster } from '../../testing';
import { closedPort, startSecondSandbox, startStudioOn, type SecondSandbox } from '../../testing/second-cluster';

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

describe('several contexts in one kubeconfig list', { skip: skipWithoutCluster, timeout: 300_000 }, () => {
  let server: RunningServer;
  let silent: Server;
  const held: Socket[] = [];
  let second: SecondSandbox;
  let secondContext = '';
  let list = '';
  const leaseNs = `contexts-it-${suffix}`;
  const testCore = () => loadKubeConfig(kubeconfigPath).kc.makeApiClient(CoreV1Api);

  before(async () => {
    // ports 31740..31745
    second = await startSecondSandbox('contexts-it', 31740);
    secondContext = second.context;
    // a listener that accepts and never answers: the probe must give up on it after its timeout
    silent = createServer((socket) => held.push(socket));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const silentPort = (silent.address() as { port: number }).port;
    const extra = second.writeKubeconfig('extra.yaml', 'closed-port', `https://127.0.0.1:${await closedPort()}`);
    const silentFile = second.writeKubeconfig('silent.yaml', 'silent', `https://127.0.0.1:${silentPort}`);
    // the test sandbox first: its current-context is the studio's default, as kubectl would pick it
    list = [kubeconfigPath ?? '', second.kubeconfigPath, extra, path.join(second.dir, 'absent.yaml'), silentFile].join(
      path.delimiter,
    );
    await testCore().createNamespace({ body: { metadata: { name: leaseNs } } });
    server = await startStudioOn(list, { namespace: leaseNs, name: 'opstudio-it' });
  });

  after(async () => {
    await server?.close();
    for (const s of held) s.destroy();
    silent?.close();
    await testCore()
      .deleteNamespace({ name: leaseNs })
      .catch(() => undefined);
    await second?.stop();
  });

  test('cluster.contexts lists every context; the sandboxes answer, the dead ones do not, in about one timeout', async () => {
    const caller = createCaller({ ...server.services, user: LOCAL_ADMIN });
    const t0 = Date.now();
    const contexts = await caller.cluster.contexts();
    const took = Date.now() - t0;
    console.log(`cluster.contexts answered in ${took} ms`);
    const testContext = loadKubeConfig(kubeconfigPath).contextName;
    assert.deepEqual(
      contexts.map((c) => [c.name, c.default, c.reachable]),
      [
        [testContext, true, true],
        [secondContext, false, true],
        ['closed-port', false, false],
        ['silent', false, false],
      ],
    );
    assert.equal(contexts[1]?.server, '127.0.0.1:31740');
    assert.match(contexts[0]?.version ?? '', /^v1\.\d+\.\d+/);
    assert.match(
      contexts[2]?.message ?? '',
      /cannot reach the Kubernetes API server at https:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/,
    );
    assert.match(contexts[3]?.message ?? '', /no answer within 2000 ms/);
    // concurrent probes: the whole answer costs one timeout (2 s), not one per dead cluster
    assert.ok(took < 3500, `cluster.contexts took ${took} ms`);
    // nothing that authenticates leaves the server
    const text = JSON.stringify(contexts);
    for (const secret of ['token', 'not-a-real-token', 'certificate', 'BEGIN', second.dir])
      assert.ok(!text.includes(secret), `the answer mentions ${secret}`);
  });

  test('each context reaches its own cluster with its own credentials', async () => {
    const merged = loadKubeConfig(list).kc;
    const marker = `only-here-${suffix}`;
    const secondCore = kubeConfigForContext(merged, secondContext).makeApiClient(CoreV1Api);
    await secondCore.createNamespace({ body: { metadata: { name: marker } } });
    const names = async (core: CoreV1Api) => (await core.listNamespace()).items.map((n) => n.metadata?.name);
    assert.ok((await names(secondCore)).includes(marker));
    const firstCore = kubeConfigForContext(merged, loadKubeConfig(kubeconfigPath).contextName).makeApiClient(CoreV1Api);
    assert.ok(!(await names(firstCore)).includes(marker), 'the test sandbox does not see the second one’s namespace');
  });
});
