// The embedded controller-manager: watches the CRDs the studio installed (label
// `studio.opstudio.dev/design`) and, for each Established one, runs a GraphOperator (For(kind).Owns(each
// child kind); the image form is a one-Deployment graph, docs/design/0046)
// with the design version pinned in its annotation. A new pin restarts the operator; a deleted
// CRD (or a removed label) stops it. CRDs without the label are never reconciled.
// `run(signal)` is the leader's work; `start(signal)` adds leader election around it.
// Each kind's controller also runs behind the kind's hand-off Lease (handoff-lease.ts), so it
// stays stopped while the exported operator holds it; a kind paused in this manager's cluster
// (kind-pauses.ts, polled) is not run and its Lease is released (docs/design/0030-hand-off.md).
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiextensionsV1Api } from '@kubernetes/client-node';
import type { KubeConfig, V1CustomResourceDefinition } from '@kubernetes/client-node';
import type { CustomResourceDefinition } from '@opstudio/shared/crd/types';
import type { HandOffHolder } from '@opstudio/shared/kube/handoff';
import type { ClusterIdentity } from '../clusters/cluster-identity';
import type { StudioDb } from '../db';
import type { HistoryStore } from '../history/store';
import type { InformerCache } from '../kube/informer-cache';
import { DESIGN_LABEL, installedFrom } from '../install/labels';
import { ResilientInformer } from '../kube/informer';
import { leaseRefusalText } from '../kube/lease-access';
import { LeaderElector } from '../runtime/leader-election';
import type { EventRecorder } from '../runtime/recorder';
import { GraphOperator, type GraphOperatorOptions } from './graph-operator';
import { workerPlanner, type Planner } from './planner';
import { kindHandOff, readHandOffHolder, removeHandOffLease } from './handoff-lease';
import { pausedKinds } from './kind-pauses';
import { loadPinnedDesign } from './pinned-design';
import { KindRevisions } from './revisions';
import { assignmentOf, rolloutOf, RolloutRunner, type RunningKind } from './rollout-runner';
import { kindRollout } from './rollout-store';
import { designIdentity } from '@opstudio/shared/manifests/identity';
import { actingAs } from '../auth/impersonation';

/** The manager's Lease when none is configured; its namespace also holds the designs' identities. */
export const DEFAULT_LEASE = { namespace: 'kube-system', name: 'operator-studio-controller-manager' } as const;

export interface ManagerOptions {
  readonly kc: KubeConfig;
  readonly db: StudioDb;
  /** The cluster `kc` talks to: the pauses read are this cluster's (learnt when it first answers). */
  readonly cluster: Pick<ClusterIdentity, 'wait'>;
  readonly recorder: Pick<EventRecorder, 'record'>;
  /** Where every reconcile goes (the HistoryStore, or a wrapper around it). */
  readonly history?: Pick<HistoryStore, 'record'>;
  readonly resyncMs?: number;
  readonly maxConcurrentReconciles?: number;
  /** Restart a watch that has sent nothing for this long (default 150 s; fault-injection tests use seconds). */
  readonly watchSilenceMs?: number;
  /** The shared informer cache the operators read from; without it each operator has one of its own. */
  readonly cache?: InformerCache;
  /**
   * The Lease (default kube-system/operator-studio-controller-manager). Its namespace holds each
   * design's ServiceAccount, which that design's controller writes as (install/identity.ts).
   */
  readonly lease?: { readonly namespace: string; readonly name: string };
  /** The kubeconfig context this manager runs in: the `cluster` label of its metrics (docs/design/0035). */
  readonly contextName?: string;
  /** This replica's name on the Lease (default `<hostname>_<uuid>`). */
  readonly identity?: string;
  readonly log?: (message: string, fields?: Record<string, unknown>) => void;
  /** How often the leader reads the paused kinds (default 2 s: a pause from the CLI or another replica). */
  readonly pausePollMs?: number;
  /** More of the leader's work, started once the cluster answered: resuming storage migrations (migration/resume.ts). */
  readonly leaderWork?: (signal: AbortSignal) => Promise<void>;
}

/** What the embedded controller does with one installed kind. */
export type KindHandOffState =
  | { readonly state: 'reconciling' }
  | { readonly state: 'paused' }
  /** Started, but another holds the kind's hand-off Lease (the exported operator): `holder`. */
  | { readonly state: 'waiting'; readonly holder: string }
  | { readonly state: 'stopped' };

interface Running {
  readonly pin: string;
  /** its revisions and operator, for the rollout runner (docs/design/0055) */
  readonly kind: RunningKind;
  readonly elector: LeaderElector;
  readonly stop: AbortController;
  readonly done: Promise<void>;
}

export class ControllerManager {
  private readonly running = new Map<string, Running>();
  /** Per-CRD chain, so add/update/delete of one CRD are handled in order. */
  private readonly chains = new Map<string, Promise<void>>();
  private readonly log: (message: string, fields?: Record<string, unknown>) => void;
  private leader: LeaderElector | undefined;
  /** The leader's watch on labelled CRDs, while run() runs. */
  private crdInformer: ResilientInformer<V1CustomResourceDefinition> | undefined;
  /** The labelled CRDs last seen by run(), to sync a kind again when its pause changes. */
  private readonly crds = new Map<string, V1CustomResourceDefinition>();
  private paused = new Set<string>();
  private readonly identity: string;
  /** the cluster's id once run() learnt it (rollouts are kept under it) */
  private clusterId: string | undefined;
  /** where graph reconciles plan, off this event loop (planner.ts): one thread while leading */
  private planner: Planner | undefined;

  constructor(private readonly opts: ManagerOptions) {
    this.log = opts.log ?? (() => undefined);
    this.identity = opts.identity ?? `${os.hostname()}_${randomUUID()}`;
  }

  private get lease(): { readonly namespace: string; readonly name: string } {
    return this.opts.lease ?? DEFAULT_LEASE;
  }

  /** Runs with leader election until `signal` aborts: reconcilers run only while this replica leads. */
  async start(signal: AbortSignal): Promise<void> {
    this.leader = new LeaderElector({
      kc: this.opts.kc,
      ...this.lease,
      ...this.clusterLabel,
      identity: this.identity,
      onStartedLeading: (s) => this.run(s),
      log: this.log,
    });
    await this.leader.run(signal);
  }

  /** The `cluster` metrics label for what it runs (its electors and controllers), when it knows its context. */
  private get clusterLabel(): { cluster?: string } {
    return this.opts.contextName !== undefined ? { cluster: this.opts.contextName } : {};
  }

  get isLeader(): boolean {
    return this.leader?.isLeader ?? false;
  }

  /** The API server is reachable again: campaign and re-watch CRDs now, not after their backoff. */
  kick(): void {
    this.leader?.kick();
    this.crdInformer?.kick();
  }

  /** The kinds being reconciled now (CRD names): started, and holding their hand-off Lease. */
  get active(): string[] {
    return [...this.running.entries()]
      .filter(([, r]) => r.elector.isLeader)
      .map(([name]) => name)
      .sort();
  }

  /** This replica's view of one kind (only the leader runs controllers: the others say 'stopped'). */
  handOff(crdName: string): KindHandOffState {
    if (this.paused.has(crdName)) return { state: 'paused' };
    const r = this.running.get(crdName);
    if (r === undefined) return { state: 'stopped' };
    if (r.elector.isLeader) return { state: 'reconciling' };
    return { state: 'waiting', holder: r.elector.leader };
  }

  /**
   * Why this replica cannot reconcile the kind when the API server refuses it a Lease: its main
   * Lease (then no kind runs), else the kind's hand-off Lease. Null while nothing is refused.
   */
  leaseRefusal(crdName: string): string | null {
    const refusal = this.leader?.refusal ?? this.running.get(crdName)?.elector.refusal;
    if (refusal === undefined) return null;
    return `HTTP ${refusal.code}: ${leaseRefusalText([refusal.verb], this.lease.namespace)}`;
  }

  /** Who holds the kind's hand-off Lease, read from the cluster (any replica). */
  whoReconciles(crdName: string): Promise<HandOffHolder> {
    return readHandOffHolder(this.opts.kc, this.lease.namespace, crdName);
  }

  /** The leader's work: watch labelled CRDs and run their operators until `signal` aborts. */
  async run(signal: AbortSignal): Promise<void> {
    const api = this.opts.kc.makeApiClient(ApiextensionsV1Api);
    const crds = new ResilientInformer<V1CustomResourceDefinition>({
      kc: this.opts.kc,
      path: '/apis/apiextensions.k8s.io/v1/customresourcedefinitions',
      labelSelector: DESIGN_LABEL,
      list: () => api.listCustomResourceDefinition({ labelSelector: DESIGN_LABEL }),
      ...(this.opts.watchSilenceMs !== undefined ? { silenceMs: this.opts.watchSilenceMs } : {}),
      log: (m) => this.log(m),
    });
    // leading means the API server answered, so the id is learnt within a second or so
    const clusterId = await this.opts.cluster.wait(signal).catch(() => undefined);
    if (clusterId === undefined) return;
    this.clusterId = clusterId;
    const planner = workerPlanner();
    this.planner = planner;
    const sync = (crd: V1CustomResourceDefinition, deleted: boolean) => {
      const name = crd.metadata?.name ?? '';
      if (deleted) this.crds.delete(name);
      else this.crds.set(name, crd);
      this.chain(name, () => this.sync(crd, deleted, signal));
    };
    const work = this.opts
      .leaderWork?.(signal)
      .catch((err: unknown) => this.log("The leader's work failed", { error: String(err) }));
    await this.readPauses(clusterId, signal);
    const polling = this.pollPauses(clusterId, signal);
    const rollouts = new RolloutRunner({
      db: this.opts.db,
      clusterId,
      kinds: () => new Map([...this.running].map(([name, r]) => [name, r.kind])),
      log: this.log,
    }).run(signal);
    crds.on('add', (crd) => sync(crd, false));
    crds.on('update', (crd) => sync(crd, false));
    crds.on('delete', (crd) => sync(crd, true));
    this.crdInformer = crds;
    await crds.start(signal);
    if (!signal.aborted)
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    if (this.crdInformer === crds) this.crdInformer = undefined;
    await Promise.all([polling, rollouts, work]);
    this.crds.clear();
    await Promise.all([...this.chains.values()]);
    await Promise.all([...this.running.keys()].map((name) => this.stopOperator(name)));
    if (this.planner === planner) this.planner = undefined;
    await planner.close();
  }

  /** Reads the paused kinds; a kind whose pause changed is synced again (stopped, or started). */
  private async readPauses(clusterId: string, signal: AbortSignal): Promise<void> {
    let now: Set<string>;
    try {
      now = new Set((await pausedKinds(this.opts.db, clusterId)).map((p) => p.crdName));
    } catch (err) {
      this.log('Reading paused kinds failed', { error: String(err) });
      return;
    }
    const changed = [...now, ...this.paused].filter((n) => now.has(n) !== this.paused.has(n));
    this.paused = now;
    for (const name of changed) {
      this.log(now.has(name) ? 'Kind paused' : 'Kind resumed', { crd: name });
      const crd = this.crds.get(name);
      if (crd !== undefined) this.chain(name, () => this.sync(crd, false, signal));
    }
  }

  private async pollPauses(clusterId: string, signal: AbortSignal): Promise<void> {
    const every = this.opts.pausePollMs ?? 2_000;
    while (!signal.aborted) {
      // timers/promises removes its abort listener when the wait ends: one added per poll and never
      // removed grew the signal's listener list by 1,800 an hour (MaxListenersExceededWarning)
      await sleep(every, undefined, { signal }).catch(() => undefined);
      if (!signal.aborted) await this.readPauses(clusterId, signal);
    }
  }

  private chain(name: string, step: () => Promise<void>): void {
    const next = (this.chains.get(name) ?? Promise.resolve())
      .then(step)
      .catch((err: unknown) => this.log('Controller for CRD failed to start', { crd: name, error: String(err) }));
    this.chains.set(name, next);
  }

  private async sync(crd: V1CustomResourceDefinition, deleted: boolean, signal: AbortSignal): Promise<void> {
    const name = crd.metadata?.name ?? '';
    const from = installedFrom(crd as unknown as CustomResourceDefinition);
    const established = crd.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True') ?? false;
    const wanted =
      !deleted &&
      !signal.aborted &&
      from !== null &&
      from.designVersion !== null &&
      established &&
      !this.paused.has(name) &&
      crd.metadata?.deletionTimestamp === undefined;
    const pin = from === null ? '' : `${from.designId}@${from.designVersion}@${crd.metadata?.uid ?? ''}`;
    const current = this.running.get(name);
    if (wanted && current?.pin === pin) return;
    if (current !== undefined) await this.stopOperator(name);
    if (deleted && current !== undefined)
      await removeHandOffLease(this.opts.kc, this.lease.namespace, name).catch((err: unknown) =>
        this.log('Removing the hand-off Lease failed', { crd: name, error: String(err) }),
      );
    if (!wanted || from === null || from.designVersion === null) return;
    const { designId, designVersion } = from;
    const design = await loadPinnedDesign(this.opts.db, designId, designVersion);
    const stop = new AbortController();
    const onAbort = () => stop.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    const { history } = this.opts;
    const planner = this.planner;
    // a new operator each time this replica (re)gains the kind's hand-off Lease
    // the design's children, finalizers and status are written as the design's own identity
    const writer = actingAs(this.opts.kc, { user: designIdentity(name, this.lease.namespace).user, groups: [] });
    const options = (): GraphOperatorOptions => ({
      kc: this.opts.kc,
      writer,
      design,
      designId,
      designVersion,
      ...this.clusterLabel,
      recordEvent: (e) => void this.opts.recorder.record(e),
      onRun: async (attempt, report) => {
        if (history !== undefined && report !== undefined) await history.record(attempt, report);
      },
      ...(this.opts.resyncMs !== undefined ? { resyncMs: this.opts.resyncMs } : {}),
      ...(this.opts.maxConcurrentReconciles !== undefined
        ? { maxConcurrentReconciles: this.opts.maxConcurrentReconciles }
        : {}),
      ...(this.opts.watchSilenceMs !== undefined ? { watchSilenceMs: this.opts.watchSilenceMs } : {}),
      ...(this.opts.cache !== undefined ? { cache: this.opts.cache } : {}),
      log: this.log,
    });
    // each resource runs its revision: pinned, its rollout's, else this one (docs/design/0055)
    const revisions = new KindRevisions(designId, { version: designVersion, design }, (v) =>
      loadPinnedDesign(this.opts.db, designId, v),
    );
    // a rollout under way is assigned before the first reconcile: a restart resumes it without
    // moving its resources back to the current revision meanwhile
    const clusterId = this.clusterId;
    if (clusterId !== undefined)
      revisions.setRollout(
        assignmentOf(rolloutOf(await kindRollout(this.opts.db, clusterId, name).catch(() => null), revisions)),
      );
    let operator: GraphOperator | undefined;
    const makeOperator = () =>
      (operator = new GraphOperator({ ...options(), revisions, ...(planner !== undefined ? { planner } : {}) }));
    const elector = kindHandOff({
      kc: this.opts.kc,
      namespace: this.lease.namespace,
      crdName: name,
      ...this.clusterLabel,
      identity: this.identity,
      run: async (leading) => {
        this.log('Starting controller', { crd: name, design: designId, version: designVersion });
        try {
          await makeOperator().start(leading);
        } finally {
          operator = undefined;
        }
      },
      log: this.log,
    });
    const done = elector.run(stop.signal).finally(() => signal.removeEventListener('abort', onAbort));
    const kind: RunningKind = { revisions, operator: () => (elector.isLeader ? operator : undefined) };
    this.running.set(name, { pin, kind, elector, stop, done });
  }

  private async stopOperator(name: string): Promise<void> {
    const current = this.running.get(name);
    if (current === undefined) return;
    this.running.delete(name);
    current.stop.abort();
    await current.done.catch(() => undefined);
    this.log('Stopped controller', { crd: name });
  }
}
