// Two electors on one Lease in the real API server: exactly one leads; when it goes away
// (released on abort, or silently, like a killed process) the other takes over.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { getJson } from '../kube/probe';
import { loadKubeConfig } from '../kube/kubeconfig';
import { eventually, kubeconfigPath, skipWithoutCluster } from '../../testing';
import { CoordinationV1Api } from '@kubernetes/client-node';
import { LeaderElector } from './leader-election';

// Shortened from 15 s / 10 s / 2 s so the test runs in seconds; the rules are the same.
const timing = { leaseDurationMs: 3000, renewDeadlineMs: 2000, retryPeriodMs: 500 };

interface Candidate {
  readonly elector: LeaderElector;
  readonly abort: AbortController;
  readonly done: Promise<void>;
  leading: boolean;
  stops: number;
}

function candidate(lease: string, id: string, releaseOnCancel = true): Candidate {
  const { kc } = loadKubeConfig(kubeconfigPath);
  const abort = new AbortController();
  const c: Partial<Candidate> & { leading: boolean; stops: number } = { leading: false, stops: 0 };
  const elector = new LeaderElector({
    kc,
    namespace: 'default',
    name: lease,
    identity: id,
    ...timing,
    releaseOnCancel,
    onStartedLeading: async (signal) => {
      c.leading = true;
      await new Promise((r) => signal.addEventListener('abort', r, { once: true }));
      c.leading = false;
    },
    onStoppedLeading: () => void c.stops++,
  });
  return Object.assign(c, { elector, abort, done: elector.run(abort.signal) });
}

async function holdExclusively(a: Candidate, b: Candidate, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    assert.ok(!(a.leading && b.leading), 'both lead at once');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function deleteLease(lease: string): Promise<void> {
  const { kc } = loadKubeConfig(kubeconfigPath);
  await kc.makeApiClient(CoordinationV1Api).deleteNamespacedLease({ name: lease, namespace: 'default' });
}

async function leaseSpec(lease: string): Promise<Record<string, unknown>> {
  const { kc } = loadKubeConfig(kubeconfigPath);
  const raw = await getJson<{ spec: Record<string, unknown> }>(
    kc,
    `/apis/coordination.k8s.io/v1/namespaces/default/leases/${lease}`,
  );
  return raw.spec;
}

test(
  'exactly one of two electors leads; the other takes over when the leader stops and releases',
  { skip: skipWithoutCluster, timeout: 60_000 },
  async () => {
    const lease = `le-${randomUUID().slice(0, 8)}`;
    const a = candidate(lease, 'a');
    const b = candidate(lease, 'b');
    const first = await eventually('a leader', 10_000, () => (a.leading ? a : b.leading ? b : undefined));
    await holdExclusively(a, b, 2 * timing.leaseDurationMs);
    const second = first === a ? b : a;
    assert.equal(first.leading, true, 'the leader kept renewing');
    assert.equal(second.leading, false);

    const spec = await leaseSpec(lease);
    assert.equal(spec.holderIdentity, first.elector.identity);
    assert.equal(spec.leaseDurationSeconds, 3);
    assert.match(String(spec.renewTime), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    assert.equal(second.elector.leader, first.elector.identity, 'the standby sees who leads');

    const stoppedAt = Date.now();
    first.abort.abort();
    await first.done;
    assert.equal(first.leading, false);
    assert.equal(first.stops, 1);
    await eventually('takeover', 10_000, () => (second.leading ? true : undefined));
    const tookMs = Date.now() - stoppedAt;
    assert.ok(
      tookMs < timing.leaseDurationMs,
      `a released lease is taken within a few retry periods (took ${tookMs} ms)`,
    );
    assert.equal((await leaseSpec(lease)).holderIdentity, second.elector.identity);
    second.abort.abort();
    await second.done;
    await deleteLease(lease);
  },
);

test(
  'a leader that vanishes without releasing is replaced after the lease duration',
  { skip: skipWithoutCluster, timeout: 60_000 },
  async () => {
    const lease = `le-${randomUUID().slice(0, 8)}`;
    const a = candidate(lease, 'crashy', false);
    await eventually('a leads', 10_000, () => (a.leading ? true : undefined));
    const b = candidate(lease, 'standby');
    await holdExclusively(a, b, timing.leaseDurationMs);
    assert.equal(b.leading, false);
    const goneAt = Date.now();
    a.abort.abort(); // stops renewing, leaves the Lease held
    await a.done;
    assert.equal((await leaseSpec(lease)).holderIdentity, 'crashy');
    await eventually('takeover', 15_000, () => (b.leading ? true : undefined));
    const tookMs = Date.now() - goneAt;
    // Expiry is judged from b's own last observation of a change, so at least ~1 lease duration minus a retry period.
    assert.ok(
      tookMs >= timing.leaseDurationMs - timing.retryPeriodMs * 2,
      `not before the lease expired (took ${tookMs} ms)`,
    );
    assert.ok(
      tookMs < timing.leaseDurationMs + timing.retryPeriodMs * 2.2 + 3000,
      `soon after it expired (took ${tookMs} ms)`,
    );
    const spec = await leaseSpec(lease);
    assert.equal(spec.holderIdentity, 'standby');
    assert.equal(spec.leaseTransitions, 1);
    b.abort.abort();
    await b.done;
    await deleteLease(lease);
  },
);
