// Two controller-manager processes (testing/manager-process.ts) against one cluster and one Lease: the
// second reconciles nothing while the first holds the Lease, and takes over within 30 s once the
// first is killed with SIGKILL (no release: it has to wait the Lease out). Real processes, a
// unique Lease in a unique namespace, end state read from the cluster.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { CoordinationV1Api } from '@kubernetes/client-node';
import { loadKubeConfig } from '../kube/kubeconfig';
import { eventually, kubeconfigPath, skipWithoutCluster } from '../../testing';
import { MemcachedFixture } from '../../testing/memcached-fixture';

interface Line {
  readonly at: number;
  readonly event: string;
  readonly identity?: string;
  readonly key?: string;
  readonly message?: string;
}

/** One manager process and the JSON lines it printed so far. */
class Replica {
  readonly lines: Line[] = [];
  readonly child: ChildProcess;
  exited = false;

  constructor(
    readonly label: string,
    env: NodeJS.ProcessEnv,
  ) {
    const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../testing/manager-process.ts');
    this.child = spawn(process.execPath, ['--import', 'tsx', entry], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.on('exit', () => (this.exited = true));
    createInterface({ input: this.child.stdout! }).on('line', (l) => {
      try {
        this.lines.push(JSON.parse(l) as Line);
      } catch {
        // not ours (a library printing): ignore
      }
    });
    createInterface({ input: this.child.stderr! }).on('line', (l) =>
      this.lines.push({ at: Date.now(), event: 'stderr', message: l }),
    );
  }

  get identity(): string | undefined {
    return this.lines.find((l) => l.event === 'started')?.identity;
  }

  leadingSince(): number | undefined {
    return this.lines.find((l) => l.event === 'log' && l.message === 'successfully acquired lease')?.at;
  }

  reconciles(key: string): Line[] {
    return this.lines.filter((l) => l.event === 'reconciled' && l.key === key);
  }

  async kill(signal: NodeJS.Signals): Promise<void> {
    if (this.exited) return;
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill(signal);
    await gone;
  }
}

test(
  'a second manager process stays idle while the first holds the Lease, and takes over within 30 s of a SIGKILL',
  { skip: skipWithoutCluster, timeout: 300_000 },
  async (t) => {
    const { kc } = loadKubeConfig(kubeconfigPath ?? '');
    const f = await MemcachedFixture.install(kc, 'lease-it');
    const leaseName = 'lease-it';
    const env = {
      OPSTUDIO_KUBECONFIG: kubeconfigPath,
      DATABASE_URL: f.databaseUrl,
      OPSTUDIO_LEASE: `${f.ns}/${leaseName}`,
    };
    const leases = kc.makeApiClient(CoordinationV1Api);
    const holder = async () =>
      (await leases.readNamespacedLease({ name: leaseName, namespace: f.ns }).catch(() => undefined))?.spec
        ?.holderIdentity;
    const replicas: Replica[] = [];
    t.after(async () => {
      await f.deleteAll(); // while a manager still runs its finalizer
      for (const r of replicas) await r.kill('SIGTERM');
      await f.remove();
      for (const r of replicas)
        for (const l of r.lines.filter((x) => x.event === 'stderr').slice(-5))
          t.diagnostic(`${r.label} stderr: ${l.message}`);
    });

    const a = new Replica('a', env);
    replicas.push(a);
    await eventually('the first process to lead', 60_000, () => a.leadingSince());
    const b = new Replica('b', env);
    replicas.push(b);
    await eventually('the second process to start', 60_000, () => b.identity);
    const key = `${f.ns}/m`;

    // The first leads; the second campaigns (every 2 s) but never gets the Lease, so it reconciles nothing.
    await f.create('m', 2);
    await eventually('m to converge at size 2', 90_000, async () => ((await f.converged('m', 2)) ? true : undefined));
    await f.patchSize('m', 3);
    await eventually('m to converge at size 3', 90_000, async () => ((await f.converged('m', 3)) ? true : undefined));
    assert.equal(await holder(), a.identity, 'the first process holds the Lease');
    assert.ok(a.reconciles(key).length >= 2, `the leader reconciled m (${a.reconciles(key).length} runs)`);
    assert.equal(b.reconciles(key).length, 0, 'the standby reconciled nothing');
    assert.equal(b.leadingSince(), undefined, 'the standby never led');

    // A crash: no chance to release the Lease.
    await a.kill('SIGKILL');
    const killedAt = Date.now();
    const tookOver = await eventually('the second process to take over', 45_000, () => b.leadingSince());
    const takeoverMs = tookOver - killedAt;
    t.diagnostic(
      `takeover ${(takeoverMs / 1000).toFixed(1)} s after SIGKILL (Lease 15 s, renew deadline 10 s, retry 2 s)`,
    );
    assert.ok(takeoverMs <= 30_000, `took over within 30 s (took ${takeoverMs} ms)`);
    assert.equal(await holder(), b.identity, 'the Lease names the second process');

    // The new leader reconciles: an edit made after the takeover converges.
    await f.patchSize('m', 1);
    await eventually('m to converge at size 1 under the new leader', 90_000, async () =>
      (await f.converged('m', 1)) ? true : undefined,
    );
    assert.ok(b.reconciles(key).length >= 1, 'the new leader reconciled m');
  },
);
