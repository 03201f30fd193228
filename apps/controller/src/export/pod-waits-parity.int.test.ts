// Issue 30, last point, against the sandbox (docs/design/0047): the exported Go manager says why
// a workload child's pod waits in the custom resource's Progressing message, word for word as the
// embedded controller does. The replicated store on both sides, each in its own namespace with a
// claim left from an earlier store of the same name, of a StorageClass the sandbox does not have:
// the StatefulSet adopts it, it never binds, and its pod stays Pending, unschedulable. Then the
// scheduler's words change (the test writes the pod's PodScheduled condition as a scheduler retry
// would): nothing but the pod changes, so only the Pod watch (embedded: the Pods cache; Go:
// Watches(&corev1.Pod{}) mapped up through the StatefulSet to the CR) brings the new words in.
// @lane: build exported Go managers for every example
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadKubeConfig } from '../kube/kubeconfig';
import { eventually, kubeconfigPath, skipWithoutCluster } from '../../testing';
import { createUnbindableClaim, DesignFixture, exampleDesign, type InstalledKind } from '../../testing/design-fixture';
import { GoManager } from '../../testing/go-manager';
import { hasGo } from './go-check';

const skip = skipWithoutCluster || (hasGo() ? false : 'go is needed to run the exported manager');

interface Cr {
  status?: { conditions?: { type: string; status: string; reason: string; message: string }[] };
}

test(
  "the exported manager's Progressing message names a Pending pod and the scheduler's words, as the embedded one does",
  { skip, timeout: 15 * 60_000 },
  async (t) => {
    const { kc } = loadKubeConfig(kubeconfigPath ?? '');
    const embF = new DesignFixture(kc, 'pw-emb');
    const goF = new DesignFixture(kc, 'pw-go');
    const go = new GoManager(kc, exampleDesign('replicated-store.design.yaml', `go-${embF.suffix}`));
    const stop = new AbortController();
    let embeddedDone: Promise<void> = Promise.resolve();
    t.after(async () => {
      const steps: [string, () => Promise<unknown>][] = [
        ['embedded CRs', () => embF.deleteAll()],
        ['embedded manager', () => (stop.abort(), embeddedDone)],
        ['Go manager', () => go.stop()],
        ['embedded fixture', () => embF.remove()],
        ['Go fixture', () => goF.remove()],
      ];
      for (const [what, step] of steps)
        await step().catch((e: unknown) => t.diagnostic(`cleanup ${what}: ${String(e)}`));
    });

    await Promise.all([embF.createNamespace(), goF.createNamespace()]);
    const emb = await embF.install(exampleDesign('replicated-store.design.yaml', `emb-${embF.suffix}`));
    await go.start();
    t.diagnostic(`go build ${go.buildSeconds.toFixed(1)} s`);
    embeddedDone = embF.manager(`pw-lease-${embF.suffix}`).start(stop.signal);
    const sides: [string, DesignFixture, InstalledKind][] = [
      ['embedded', embF, emb],
      ['Go', goF, go.kind],
    ];

    /** Both sides' Progressing once its message contains `words` (the Go manager's log on a timeout). */
    const progressing = (words: string) =>
      Promise.all(
        sides.map(async ([label, f, kind]) => {
          let last: Cr | undefined;
          return eventually(`${label}: the CR's Progressing says ${words}`, 120_000, async () => {
            last = await f.get<Cr>(kind, 'stuck');
            const c = last?.status?.conditions?.find((x) => x.type === 'Progressing');
            return c?.message.includes(words) === true ? c : undefined;
          }).catch((err: unknown) => {
            const log = label === 'Go' ? `\nlog:\n${go.log()}` : '';
            throw new Error(`${String(err)}\nlast seen: ${JSON.stringify(last?.status)}${log}`);
          });
        }),
      );

    await Promise.all(
      sides.map(async ([, f, kind]) => {
        await createUnbindableClaim(f, 'stuck');
        await f.create(kind, 'stuck', { replicas: 1, storage: '1Gi' });
      }),
    );
    const [onEmbedded, onGo] = await progressing('pod stuck-0: Unschedulable');
    assert.match(
      onGo!.message,
      /^3 of 4 resources ready: waiting for statefulset \(pod stuck-0: Unschedulable: .*unbound immediate PersistentVolumeClaims.*\)$/,
    );
    assert.deepEqual(
      { status: onGo!.status, reason: onGo!.reason, message: onGo!.message },
      { status: onEmbedded!.status, reason: onEmbedded!.reason, message: onEmbedded!.message },
      "the Go side's Progressing is the embedded side's, word for word",
    );
    assert.deepEqual([onGo!.status, onGo!.reason], ['True', 'WaitingForResources']);

    // the scheduler's words change, and only the pod: both messages follow
    const words = '0/3 nodes are available: 3 node(s) are resting for this test.';
    await Promise.all(
      sides.map(([, f]) =>
        f.kube.request({
          method: 'PATCH',
          path: `/api/v1/namespaces/${f.ns}/pods/stuck-0/status`,
          contentType: 'application/strategic-merge-patch+json',
          body: {
            status: {
              conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: words }],
            },
          },
        }),
      ),
    );
    const [again, againGo] = await progressing(words);
    assert.equal(
      again!.message,
      `3 of 4 resources ready: waiting for statefulset (pod stuck-0: Unschedulable: ${words})`,
    );
    assert.equal(againGo!.message, again!.message);
  },
);
