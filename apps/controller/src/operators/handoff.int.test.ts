// The hand-off between the embedded controller and the exported operator (docs/design/0030),
// against the test sandbox with the exported manager from `go build`: while the studio reconciles
// Memcached, the exported manager refuses to start (exit 1, a message naming `opstudio pause`);
// after `opstudio pause` it starts and is the only side reconciling (its field manager owns the
// Deployment's replicas, the studio records no run, the hand-off view says who reconciles); once it stops and
// `opstudio resume` runs, the embedded controller reconciles again. A running exported manager whose
// Lease another holder takes (renewTime fresh) exits naming that holder and `opstudio pause`; losing
// it to an API server outage does not (apiserver-outage.int.test.ts).
// @lane: build the exported Go manager it hands the kind to
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { AppsV1Api, CoreV1Api } from '@kubernetes/client-node';
import { parseDesign } from '@opstudio/shared/design/io';
import { pauseCommand, STUDIO_HOLDER_PREFIX } from '@opstudio/shared/kube/handoff';
import { repoRoot } from '../config';
import { hasGo } from '../export/go-check';
import { KubeJson } from '../kube/json-client';
import { microTime } from '../runtime/micro-time';
import { loadKubeConfig } from '../kube/kubeconfig';
import { eventually, kubeconfigPath, skipWithoutCluster } from '../../testing';
import { exampleDesign } from '../../testing/design-fixture';
import { GoManager } from '../../testing/go-manager';
import { MemcachedFixture } from '../../testing/memcached-fixture';
import { FIELD_MANAGER } from '../kube/field-manager';
import { kindHandOffView } from './handoff-view';

const skip = skipWithoutCluster || (hasGo() ? false : 'go is needed to build the exported manager');
const run = promisify(execFile);
/** The exported Memcached controller's server-side apply field manager (scaffold/go-graph-controller.ts, `<kind>-controller`). */
const GO_FIELD_OWNER = 'memcached-controller';

/** `opstudio pause|resume <crd name>` on the fixture's database, as a user would run it (other memcached kinds may be installed). */
async function cli(f: MemcachedFixture, cmd: 'pause' | 'resume'): Promise<string> {
  const main = path.join(repoRoot, 'apps/controller/src/cli/main.ts');
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', main, cmd, f.crdName, '--kubeconfig', kubeconfigPath!],
    {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: f.databaseUrl },
    },
  );
  return stdout;
}

test(
  'hand-off: exactly one of the embedded controller and the exported manager reconciles a kind',
  { skip, timeout: 600_000 },
  async () => {
    const { kc } = loadKubeConfig(kubeconfigPath);
    const f = await MemcachedFixture.install(kc, 'handoff');
    const apps = kc.makeApiClient(AppsV1Api);
    const stop = new AbortController();
    const manager = f.manager('handoff-it');
    const managing = manager.start(stop.signal);
    const stored = await f.db.designVersion.findFirstOrThrow({ orderBy: { version: 'desc' } });
    const parsed = parseDesign(stored.yaml);
    if (!parsed.ok) throw new Error('the stored design does not parse');
    const go = new GoManager(kc, parsed.design, { sharedKind: true, studioLeaseNamespace: f.ns });
    const runsOf = async (uid: string) => f.db.reconcileRun.count({ where: { objectUid: uid } });
    const replicasOwner = async (name: string) => {
      const dep = await apps.readNamespacedDeployment({ name, namespace: f.ns });
      return (dep.metadata?.managedFields ?? [])
        .filter(
          (m) =>
            JSON.stringify(m.fieldsV1 ?? {}).includes('"f:replicas"') &&
            JSON.stringify(m.fieldsV1).includes('"f:spec"'),
        )
        .map((m) => m.manager);
    };
    try {
      // 1. the studio reconciles the kind and holds its hand-off Lease
      await f.create('one', 1);
      await eventually('the embedded controller to converge at 1', 90_000, async () =>
        (await f.converged('one', 1)) ? true : undefined,
      );
      assert.equal((await manager.whoReconciles(f.crdName)).side, 'studio');
      await go.build();

      // 2. the exported manager refuses to start, naming the command that pauses the studio
      const refused = await go.runUntilExit();
      assert.equal(refused.code, 1, refused.stderr);
      assert.match(refused.stderr, /Refusing to start/);
      assert.ok(refused.stderr.includes(pauseCommand(f.crdName)), refused.stderr);

      // 3. pause the kind in the studio: its controller stops and lets the Lease go
      assert.match(await cli(f, 'pause'), /Paused the embedded controller/);
      // the Lease let go, which the elector does only after it stopped leading and its work wound down
      await eventually('the embedded controller to stop and release the Lease', 20_000, async () =>
        (await manager.whoReconciles(f.crdName)).side !== 'studio' ? true : undefined,
      );
      assert.deepEqual(manager.active, []);
      await go.run();
      await eventually('the exported manager to hold the hand-off Lease', 20_000, async () =>
        (await manager.whoReconciles(f.crdName)).side === 'exported' ? true : undefined,
      );

      // 4. exactly one side reconciles: the Go manager scales, the studio records nothing
      const uid = (await f.get('one'))!.metadata.uid;
      const runsBefore = await runsOf(uid);
      await f.patchSize('one', 2);
      await eventually('the exported manager to converge at 2', 90_000, async () =>
        (await f.converged('one', 2)) ? true : undefined,
      );
      const owners = await replicasOwner('one');
      assert.ok(
        owners.includes(GO_FIELD_OWNER) && !owners.includes(FIELD_MANAGER),
        `replicas owned by ${owners.join(', ')}`,
      );
      assert.equal(await runsOf(uid), runsBefore, 'no embedded run while paused');
      // the CLI kept the pause under the cluster's id (its kube-system uid), which the manager reads
      const kubeSystem = await kc.makeApiClient(CoreV1Api).readNamespace({ name: 'kube-system' });
      const view = await kindHandOffView(f.db, kubeSystem.metadata!.uid!, manager, f.crdName);
      assert.equal(view.pause?.pausedBy.startsWith('cli:'), true);
      assert.equal(view.holder.side, 'exported');
      assert.equal(view.here.state, 'paused');

      // 5. stop the Go manager, resume: the embedded controller reconciles again
      await go.stopProcess();
      assert.match(await cli(f, 'resume'), /Resumed the embedded controller/);
      await eventually('the embedded controller to run again', 30_000, () =>
        manager.active.includes(f.crdName) ? true : undefined,
      );
      await f.patchSize('one', 3);
      await eventually('the embedded controller to converge at 3', 90_000, async () =>
        (await f.converged('one', 3)) ? true : undefined,
      );
      assert.ok((await runsOf(uid)) > runsBefore, 'the embedded controller records runs again');
      assert.ok((await replicasOwner('one')).includes(FIELD_MANAGER));
      await f.deleteAll();
    } finally {
      await go.stop();
      stop.abort();
      await managing;
      await f.remove();
    }
  },
);

test(
  'hand-off: a running exported manager whose Lease another holder takes stops, naming it and `opstudio pause`',
  { skip, timeout: 300_000 },
  async () => {
    const { kc } = loadKubeConfig(kubeconfigPath);
    // a kind of its own (a unique API group): its hand-off Lease is named after its CRD, in "default"
    const go = new GoManager(kc, exampleDesign('memcached.design.yaml', `take${Date.now().toString(36)}`));
    const lease = `/apis/coordination.k8s.io/v1/namespaces/default/leases/${go.kind.crdName}`;
    const kube = new KubeJson(kc);
    try {
      await go.start(); // ready once it holds the Lease
      const intruder = `${STUDIO_HOLDER_PREFIX}intruder`;
      await kube.request({
        method: 'PATCH',
        path: lease,
        body: { spec: { holderIdentity: intruder, renewTime: microTime(Date.now()), leaseDurationSeconds: 15 } },
        contentType: 'application/merge-patch+json',
      });
      // its next renewal (every 2 s) finds the Lease taken
      assert.equal(await go.waitForExit(20_000), 'code 1', `the manager exits:\n${go.log()}`);
      assert.match(go.log(), /Stopping: the embedded controller of Operator Studio took over the hand-off Lease/);
      assert.ok(go.log().includes(intruder), go.log());
      assert.ok(go.log().includes(pauseCommand(go.kind.crdName)), go.log());
    } finally {
      await go.stop();
    }
  },
);
