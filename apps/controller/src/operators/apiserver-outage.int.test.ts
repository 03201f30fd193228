// Fault injection: the sandbox's kube-apiserver is stopped for 60 s while Memcacheds are being
// edited, with the controller-manager running in this process. Afterwards every CR converges to
// its last edit without restarting anything, and nothing crashed on the way (no unhandled
// rejection, the manager's run never ended).
// It stops the API server of the sandbox named by OPSTUDIO_SANDBOX_PROFILE (the test runner sets
// `test` while it runs integration files one at a time); every other client of that cluster loses
// it for a minute too, so it is skipped when that variable is unset. Develop against `dev`:
//   OPSTUDIO_SANDBOX_PROFILE=dev OPSTUDIO_KUBECONFIG=data/sandbox-dev/kubeconfig node --import tsx --test <this file>
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  kubeconfigPath as sandboxKubeconfig,
  parseProfileName,
  startComponent,
  stopComponent,
} from '@opstudio/sandbox';
import { loadKubeConfig } from '../kube/kubeconfig';
import { eventually, kubeconfigPath } from '../../testing';
import { MemcachedFixture } from '../../testing/memcached-fixture';

const OUTAGE_MS = 60_000;
const profileName = process.env.OPSTUDIO_SANDBOX_PROFILE;
const skip =
  kubeconfigPath === undefined || kubeconfigPath === '' || profileName === undefined || profileName === ''
    ? 'needs OPSTUDIO_KUBECONFIG and OPSTUDIO_SANDBOX_PROFILE (the sandbox whose API server this test may stop for a minute)'
    : false;

test(
  'the API server stops for 60 s while CRs are edited: the controller survives and every CR converges after',
  { skip, timeout: 480_000 },
  async (t) => {
    const profile = parseProfileName(profileName ?? '');
    // A mismatch would stop one cluster while the test talks to another: say so instead.
    assert.equal(
      path.resolve(kubeconfigPath ?? ''),
      path.resolve(sandboxKubeconfig(profile)),
      `OPSTUDIO_KUBECONFIG must be the kubeconfig of sandbox "${profile}"`,
    );
    const crashes: unknown[] = [];
    const onCrash = (err: unknown) => crashes.push(err);
    process.on('unhandledRejection', onCrash);
    process.on('uncaughtException', onCrash);

    const { kc } = loadKubeConfig(kubeconfigPath ?? '');
    const f = await MemcachedFixture.install(kc, 'outage-it');
    const stop = new AbortController();
    const manager = f.manager('outage-it');
    let managerEnded = false;
    const managerDone = manager.start(stop.signal).finally(() => (managerEnded = true));
    let apiserverStopped = false;
    t.after(async () => {
      if (apiserverStopped) await startComponent('kube-apiserver', { profile }); // a failed run must not leave the cluster down
      await f.deleteAll();
      stop.abort();
      await managerDone;
      await f.remove();
      process.off('unhandledRejection', onCrash);
      process.off('uncaughtException', onCrash);
    });

    const names = ['m-0', 'm-1', 'm-2'];
    for (const [i, name] of names.entries()) await f.create(name, i + 1);
    for (const [i, name] of names.entries())
      await eventually(`${name} to converge at size ${i + 1}`, 90_000, async () =>
        (await f.converged(name, i + 1)) ? true : undefined,
      );

    // Edits the controller is still working on when the API server goes away …
    const racing = [2, 3, 1];
    for (const [i, name] of names.entries()) await f.patchSize(name, racing[i]!);
    await stopComponent('kube-apiserver', { profile });
    apiserverStopped = true;
    const stoppedAt = Date.now();
    // … and edits a user keeps trying during the outage (they fail: nothing answers).
    let refused = 0;
    while (Date.now() - stoppedAt < OUTAGE_MS) {
      await f.patchSize('m-0', 5).then(
        () => assert.fail('an edit succeeded while the API server was stopped'),
        () => refused++,
      );
      await new Promise((r) => setTimeout(r, Math.max(0, Math.min(5_000, stoppedAt + OUTAGE_MS - Date.now()))));
    }
    assert.ok(refused >= 5, `edits during the outage were refused (${refused})`);
    assert.equal(managerEnded, false, 'the controller-manager is still running during the outage');

    await startComponent('kube-apiserver', { profile });
    apiserverStopped = false;
    const backAt = Date.now();
    t.diagnostic(`API server down for ${Math.round((backAt - stoppedAt) / 1000)} s`);
    // The last edits, made as soon as the API server answers again.
    const final = [4, 1, 2];
    for (const [i, name] of names.entries()) await f.patchSize(name, final[i]!);
    // The controller's part (the Deployments follow the last edits), then the whole cluster's (pods Ready, status).
    for (const [i, name] of names.entries())
      await eventually(`the Deployment of ${name} to want ${final[i]} replicas`, 120_000, async () =>
        (await f.deploymentReplicas(name)) === final[i] ? true : undefined,
      );
    t.diagnostic(
      `every Deployment followed the last edit ${((Date.now() - backAt) / 1000).toFixed(1)} s after the API server was back`,
    );
    // Pods follow more slowly: kube-controller-manager's and kwok's client-go reflectors back off up to
    // 30 s (jittered up to 60 s) during the outage, so the cluster's own recovery takes about a minute.
    for (const [i, name] of names.entries())
      await eventually(`${name} to converge at size ${final[i]} after the outage`, 180_000, async () =>
        (await f.converged(name, final[i]!)) ? true : undefined,
      );
    t.diagnostic(`every CR converged ${((Date.now() - backAt) / 1000).toFixed(1)} s after the API server was back`);

    assert.equal(managerEnded, false, 'the controller-manager never stopped (no restart was needed)');
    assert.equal(manager.isLeader, true, 'it leads again');
    assert.deepEqual(manager.active, [f.crdName]);
    assert.deepEqual(crashes, [], 'no unhandled rejection or exception');
  },
);
