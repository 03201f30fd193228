// Leader election on a coordination.k8s.io/v1 Lease, with client-go's leaderelection rules:
//   - a candidate tries every retryPeriod (jittered ×[1, 2.2]) until it holds the Lease, and at the
//     moment a held Lease expires when that comes sooner (candidateWait);
//   - a Lease held by someone else is free once this process has seen it unchanged for
//     leaseDurationSeconds (observed locally: no reliance on clocks agreeing across machines);
//   - the leader renews every retryPeriod; if no renewal succeeds for renewDeadline it stops leading
//     (and stops at once if it sees another holder);
//   - writes are optimistic (resourceVersion): a 409 just means "try again next period";
//   - on abort the leader stops its work, then releases the Lease (empty holder) so a standby
//     takes over within one retry period instead of a lease duration.
// Unlike client-go, `run` goes back to being a candidate after losing the lease instead of
// returning, so a replica that lost it during an API outage leads again later without a restart;
// `kick()` (the health probe saw the API server come back) ends a candidate's wait between
// attempts, so it leads again within a round trip instead of up to 2.2 retry periods later.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { CoordinationV1Api } from '@kubernetes/client-node';
import type { KubeConfig, V1Lease, V1LeaseSpec } from '@kubernetes/client-node';
import { isNotFound, kubeStatusCode } from '../kube/errors';
import { leaderElectionStatus, NO_CLUSTER } from './metrics';
import { microTime } from './micro-time';
import { freshConnectionsKubeConfig } from '../kube/keepalive-agent';

export interface LeaderElectorOptions {
  readonly kc: KubeConfig;
  readonly namespace: string;
  readonly name: string;
  /** The kubeconfig context it campaigns in: the leader gauge's `cluster` label (default NO_CLUSTER). */
  readonly cluster?: string;
  /** Defaults to `<hostname>_<uuid>`, as controller-runtime builds it. */
  readonly identity?: string;
  readonly leaseDurationMs?: number;
  readonly renewDeadlineMs?: number;
  readonly retryPeriodMs?: number;
  /** Runs when this process becomes leader; `signal` aborts when it stops leading. */
  readonly onStartedLeading: (signal: AbortSignal) => void | Promise<void>;
  readonly onStoppedLeading?: () => void;
  /** Called when the observed holder changes (including to this process). */
  readonly onNewLeader?: (identity: string) => void;
  /**
   * A live holder this candidate may take the Lease from at once (default none). The hand-off
   * Leases use it for the studio's own replicas: the main Lease already decided who leads.
   */
  readonly mayTakeOver?: (holder: string) => boolean;
  /** Give the Lease up on abort (default true); false leaves it to expire, as a crashed process would. */
  readonly releaseOnCancel?: boolean;
  readonly log?: (message: string, fields?: Record<string, unknown>) => void;
}

type LeaseStep = 'read' | 'create' | 'update' | 'release';
/** The API verb of each step, as RBAC names it. */
const LEASE_VERB = { read: 'get', create: 'create', update: 'update', release: 'update' } as const;

/** What the API server refused on the Lease: the verb and the HTTP status (401 or 403). */
export interface LeaseRefusal {
  readonly verb: (typeof LEASE_VERB)[LeaseStep];
  readonly code: number;
}

/** Time-wrapped Lease values: `as unknown as Date` because client-node types MicroTime as Date but the server needs six digits. */
const wire = (ms: number) => microTime(ms) as unknown as Date;

export class LeaderElector {
  readonly identity: string;
  private readonly api: CoordinationV1Api;
  private readonly leaseMs: number;
  private readonly renewDeadlineMs: number;
  private readonly retryMs: number;
  private readonly log: (message: string, fields?: Record<string, unknown>) => void;
  private observed: { rv: string; at: number; spec: V1LeaseSpec } | undefined;
  private leading = false;
  private lastLeader = '';
  /** Ends the current wait between two acquire attempts (set while a candidate waits). */
  private wake: (() => void) | undefined;
  /** A kick came during an attempt: the next attempt does not wait. */
  private kicked = false;
  private readonly gaugeLabels: { readonly name: string; readonly cluster: string };
  private refused: LeaseRefusal | undefined;

  constructor(private readonly opts: LeaderElectorOptions) {
    this.identity = opts.identity ?? `${os.hostname()}_${randomUUID()}`;
    this.api = freshConnectionsKubeConfig(opts.kc).makeApiClient(CoordinationV1Api);
    this.leaseMs = opts.leaseDurationMs ?? 15_000;
    this.renewDeadlineMs = opts.renewDeadlineMs ?? 10_000;
    this.retryMs = opts.retryPeriodMs ?? 2_000;
    if (!(this.leaseMs > this.renewDeadlineMs && this.renewDeadlineMs > this.retryMs * 1.2)) {
      throw new Error(
        `leader election needs leaseDuration > renewDeadline > 1.2 × retryPeriod (got ${this.leaseMs} / ${this.renewDeadlineMs} / ${this.retryMs} ms)`,
      );
    }
    this.log = opts.log ?? (() => undefined);
    this.gaugeLabels = { name: opts.name, cluster: opts.cluster ?? NO_CLUSTER };
  }

  get isLeader(): boolean {
    return this.leading;
  }

  /** The holder this process last saw on the Lease ('' when none). */
  get leader(): string {
    return this.lastLeader;
  }

  /**
   * The API server's refusal (401/403) of the last attempt on the Lease, until one succeeds: a
   * candidate that may not write its Lease never leads, and this says why (the kind page shows it).
   */
  get refusal(): LeaseRefusal | undefined {
    return this.refused;
  }

  /** A candidate tries again now instead of at the end of its retry wait (no effect while leading). */
  kick(): void {
    this.kicked = true;
    this.wake?.();
  }

  /** Campaigns, leads, and campaigns again after losing the Lease, until `signal` aborts. */
  async run(signal: AbortSignal): Promise<void> {
    leaderElectionStatus.set(this.gaugeLabels, 0);
    while (!signal.aborted) {
      if (!(await this.acquire(signal))) return;
      const leadership = new AbortController();
      const stop = () => leadership.abort();
      signal.addEventListener('abort', stop, { once: true });
      this.leading = true;
      leaderElectionStatus.set(this.gaugeLabels, 1);
      this.log('successfully acquired lease', {
        lease: `${this.opts.namespace}/${this.opts.name}`,
        identity: this.identity,
      });
      const work = Promise.resolve()
        .then(() => this.opts.onStartedLeading(leadership.signal))
        .catch((err: unknown) => this.log('onStartedLeading failed', { error: String(err) }));
      await this.renewUntilLost(leadership.signal);
      leadership.abort();
      signal.removeEventListener('abort', stop);
      this.leading = false;
      leaderElectionStatus.set(this.gaugeLabels, 0);
      // Let the leader's work wind down before releasing the Lease to a successor, but not for ever.
      await withTimeout(work, this.renewDeadlineMs);
      if (signal.aborted && this.opts.releaseOnCancel !== false) await this.release();
      else
        this.log('leader election lost', {
          lease: `${this.opts.namespace}/${this.opts.name}`,
          identity: this.identity,
        });
      this.opts.onStoppedLeading?.();
    }
  }

  private async acquire(signal: AbortSignal): Promise<boolean> {
    while (!signal.aborted) {
      this.kicked = false;
      // bounded like a renewal, and given up at once on stop: an API server that accepts and never
      // answers would otherwise hold the campaign, and the studio's stop, forever
      if (await untilAborted(withTimeout(this.tryAcquireOrRenew(), this.renewDeadlineMs), signal))
        return !signal.aborted;
      if (this.kicked) continue; // the API server came back while that attempt failed
      const woken = new AbortController();
      this.wake = () => woken.abort();
      try {
        await pause(
          candidateWait(this.retryMs, this.msUntilExpiry(), Math.random()),
          AbortSignal.any([signal, woken.signal]),
        );
      } finally {
        this.wake = undefined;
      }
    }
    return false;
  }

  private async renewUntilLost(signal: AbortSignal): Promise<void> {
    let renewedAt = Date.now();
    while (await pause(this.retryMs, signal)) {
      const left = renewedAt + this.renewDeadlineMs - Date.now();
      const ok = await withTimeout(this.tryAcquireOrRenew(), Math.max(left, 1));
      if (ok) renewedAt = Date.now();
      else if (this.heldByOther() || Date.now() - renewedAt >= this.renewDeadlineMs) return;
    }
  }

  /** How long until the Lease another process holds expires, by our own observation (undefined: not held by another). */
  private msUntilExpiry(): number | undefined {
    if (this.observed === undefined || !this.heldByOther()) return undefined;
    return this.observed.at + (this.observed.spec.leaseDurationSeconds ?? 0) * 1000 - Date.now();
  }

  private heldByOther(): boolean {
    const holder = this.observed?.spec.holderIdentity ?? '';
    return holder !== '' && holder !== this.identity;
  }

  /** One attempt: create the Lease, take it over if expired, or renew it if ours. */
  private async tryAcquireOrRenew(): Promise<boolean> {
    const now = Date.now();
    const { namespace, name } = this.opts;
    let lease: V1Lease;
    try {
      lease = await this.api.readNamespacedLease({ name, namespace });
    } catch (err) {
      if (!isNotFound(err)) return this.failed('read', err);
      const spec = {
        holderIdentity: this.identity,
        leaseDurationSeconds: Math.ceil(this.leaseMs / 1000),
        acquireTime: wire(now),
        renewTime: wire(now),
        leaseTransitions: 0,
      };
      try {
        const created = await this.api.createNamespacedLease({
          namespace,
          body: { metadata: { name, namespace }, spec },
        });
        this.observe(created, Date.now());
        return this.succeeded();
      } catch (createErr) {
        return this.failed('create', createErr);
      }
    }
    const spec = lease.spec ?? {};
    if (lease.metadata?.resourceVersion !== this.observed?.rv) this.observe(lease, now);
    const holder = spec.holderIdentity ?? '';
    const expiresAt = (this.observed?.at ?? now) + (spec.leaseDurationSeconds ?? 0) * 1000;
    if (holder !== '' && holder !== this.identity && expiresAt > now && this.opts.mayTakeOver?.(holder) !== true)
      return false;

    const mine = holder === this.identity;
    const next: V1LeaseSpec = {
      ...spec,
      holderIdentity: this.identity,
      leaseDurationSeconds: Math.ceil(this.leaseMs / 1000),
      renewTime: wire(now),
      acquireTime: mine && spec.acquireTime !== undefined ? wire(new Date(spec.acquireTime).getTime()) : wire(now),
      leaseTransitions: mine ? (spec.leaseTransitions ?? 0) : (spec.leaseTransitions ?? 0) + 1,
    };
    try {
      const updated = await this.api.replaceNamespacedLease({
        name,
        namespace,
        body: { metadata: { name, namespace, resourceVersion: lease.metadata?.resourceVersion }, spec: next },
      });
      this.observe(updated, Date.now());
      return this.succeeded();
    } catch (err) {
      return this.failed('update', err);
    }
  }

  /** Gives the Lease up (empty holder, 1 s duration, like client-go's ReleaseOnCancel). */
  private async release(): Promise<void> {
    const { namespace, name } = this.opts;
    const rv = this.observed?.rv;
    if (rv === undefined || this.observed?.spec.holderIdentity !== this.identity) return;
    const now = Date.now();
    const spec: V1LeaseSpec = {
      holderIdentity: '',
      leaseDurationSeconds: 1,
      acquireTime: wire(now),
      renewTime: wire(now),
      leaseTransitions: this.observed.spec.leaseTransitions ?? 0,
    };
    try {
      await withTimeout(
        this.api.replaceNamespacedLease({
          name,
          namespace,
          body: { metadata: { name, namespace, resourceVersion: rv }, spec },
        }),
        this.retryMs,
      );
      this.log('released lease', { lease: `${namespace}/${name}`, identity: this.identity });
    } catch (err) {
      this.failed('release', err);
    }
  }

  private observe(lease: V1Lease, at: number): void {
    const spec = lease.spec ?? {};
    this.observed = { rv: lease.metadata?.resourceVersion ?? '', at, spec };
    const holder = spec.holderIdentity ?? '';
    if (holder !== this.lastLeader) {
      this.lastLeader = holder;
      if (holder !== '') this.opts.onNewLeader?.(holder);
    }
  }

  private succeeded(): true {
    this.refused = undefined;
    return true;
  }

  private failed(what: LeaseStep, err: unknown): false {
    // 409: someone else wrote first; the next period reads the new version.
    const code = kubeStatusCode(err);
    const refusal = code === 401 || code === 403 ? { verb: LEASE_VERB[what], code } : undefined;
    // a refusal is said once, not at every retry (it stays until an attempt succeeds)
    const repeated = refusal !== undefined && this.refused?.verb === refusal.verb && this.refused.code === code;
    if (refusal !== undefined) this.refused = refusal;
    if (code !== 409 && !repeated)
      this.log(`error during lease ${what}`, {
        lease: `${this.opts.namespace}/${this.opts.name}`,
        error: code !== undefined ? `HTTP ${code}` : String(err),
      });
    return false;
  }
}

/**
 * A candidate's wait before its next attempt: a retry period jittered ×[1, 2.2] (client-go's
 * JitterFactor 1.2), but no later than the moment the holder's Lease expires by our observation.
 * Waiting the full jitter past that moment made a crashed leader's hand-over take up to
 * leaseDuration + 2 × 2.2 retry periods (23.8 s with 15 s / 2 s); attempting at expiry bounds it
 * by leaseDuration + one jittered period (19.4 s). An expiry already past (the last attempt
 * failed) gets the plain jittered wait, so a failing API server is not hammered.
 */
export function candidateWait(retryMs: number, msUntilExpiry: number | undefined, random: number): number {
  const jittered = retryMs * (1 + 1.2 * random);
  return msUntilExpiry !== undefined && msUntilExpiry > 0 ? Math.min(jittered, msUntilExpiry + 5) : jittered;
}

/** Waits `ms`; false if `signal` aborted first. */
async function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return false;
  try {
    await sleep(ms, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}

/** `p`, or false as soon as `signal` aborts (the listener is removed either way: the signal outlives many attempts). */
async function untilAborted<T>(p: Promise<T>, signal: AbortSignal): Promise<T | false> {
  if (signal.aborted) return false;
  let onAbort: () => void = () => undefined;
  const stopped = new Promise<false>((resolve) => {
    onAbort = () => resolve(false);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([p, stopped]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** The generated client has no request timeout: a hung renewal must not outlive the renew deadline. */
async function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | false> {
  const timer = new AbortController();
  try {
    return await Promise.race([
      p.catch(() => false as const),
      sleep(ms, false as const, { signal: timer.signal }).catch(() => false as const),
    ]);
  } finally {
    timer.abort();
  }
}
