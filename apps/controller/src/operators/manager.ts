// The embedded controller-manager: watches the CRDs the studio installed (label
// `studio.opstudio.dev/design`) and, for each Established one, runs a KindOperator (For(kind).Owns(Deployment))
// or, for a design with operand.resources, a GraphOperator (For(kind).Owns(each child kind))
// with the design version pinned in its annotation. A new pin restarts the operator; a deleted
// CRD (or a removed label) stops it. CRDs without the label are never reconciled.
// `run(signal)` is the leader's work; `start(signal)` adds leader election around it.
import { ApiextensionsV1Api } from '@kubernetes/client-node';
import type { KubeConfig, V1CustomResourceDefinition } from '@kubernetes/client-node';
import type { CustomResourceDefinition } from '@opstudio/shared/crd/types';
import { designGraph } from '@opstudio/shared/design/operand-form';
import type { StudioDb } from '../db';
import type { HistoryStore } from '../history/store';
import type { InformerCache } from '../kube/informer-cache';
import { DESIGN_LABEL, installedFrom } from '../install/labels';
import { ResilientInformer } from '../kube/informer';
import { LeaderElector } from '../runtime/leader-election';
import type { EventRecorder } from '../runtime/recorder';
import { GraphOperator } from './graph-operator';
import { KindOperator } from './operator';
import { loadPinnedDesign } from './pinned-design';

export interface ManagerOptions {
  readonly kc: KubeConfig;
  readonly db: StudioDb;
  readonly recorder: Pick<EventRecorder, 'record'>;
  /** Where every reconcile goes (the HistoryStore, or a wrapper around it). */
  readonly history?: Pick<HistoryStore, 'record'>;
  readonly resyncMs?: number;
  readonly maxConcurrentReconciles?: number;
  /** Restart a watch that has sent nothing for this long (default 150 s; fault-injection tests use seconds). */
  readonly watchSilenceMs?: number;
  /** The shared informer cache the operators read from; without it each operator has one of its own. */
  readonly cache?: InformerCache;
  /** The Lease (default kube-system/operator-studio-controller-manager). */
  readonly lease?: { readonly namespace: string; readonly name: string };
  /** This replica's name on the Lease (default `<hostname>_<uuid>`). */
  readonly identity?: string;
  readonly log?: (message: string, fields?: Record<string, unknown>) => void;
}

interface Running {
  readonly pin: string;
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

  constructor(private readonly opts: ManagerOptions) {
    this.log = opts.log ?? (() => undefined);
  }

  /** Runs with leader election until `signal` aborts: reconcilers run only while this replica leads. */
  async start(signal: AbortSignal): Promise<void> {
    const lease = this.opts.lease ?? { namespace: 'kube-system', name: 'operator-studio-controller-manager' };
    this.leader = new LeaderElector({
      kc: this.opts.kc,
      ...lease,
      ...(this.opts.identity !== undefined ? { identity: this.opts.identity } : {}),
      onStartedLeading: (s) => this.run(s),
      log: this.log,
    });
    await this.leader.run(signal);
  }

  get isLeader(): boolean {
    return this.leader?.isLeader ?? false;
  }

  /** The API server is reachable again: campaign and re-watch CRDs now, not after their backoff. */
  kick(): void {
    this.leader?.kick();
    this.crdInformer?.kick();
  }

  /** The kinds being reconciled now (CRD names). */
  get active(): string[] {
    return [...this.running.keys()].sort();
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
    const sync = (crd: V1CustomResourceDefinition, deleted: boolean) =>
      this.chain(crd.metadata?.name ?? '', () => this.sync(crd, deleted, signal));
    crds.on('add', (crd) => sync(crd, false));
    crds.on('update', (crd) => sync(crd, false));
    crds.on('delete', (crd) => sync(crd, true));
    this.crdInformer = crds;
    await crds.start(signal);
    if (!signal.aborted)
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    if (this.crdInformer === crds) this.crdInformer = undefined;
    await Promise.all([...this.chains.values()]);
    await Promise.all([...this.running.keys()].map((name) => this.stopOperator(name)));
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
      crd.metadata?.deletionTimestamp === undefined;
    const pin = from === null ? '' : `${from.designId}@${from.designVersion}@${crd.metadata?.uid ?? ''}`;
    const current = this.running.get(name);
    if (wanted && current?.pin === pin) return;
    if (current !== undefined) await this.stopOperator(name);
    if (!wanted || from === null || from.designVersion === null) return;
    const design = await loadPinnedDesign(this.opts.db, from.designId, from.designVersion);
    const stop = new AbortController();
    const onAbort = () => stop.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    const { history } = this.opts;
    // a design with operand.resources reconciles its graph; the image form (and no operand) keeps KindOperator
    const Operator = designGraph(design) !== undefined ? GraphOperator : KindOperator;
    const operator = new Operator({
      kc: this.opts.kc,
      design,
      designId: from.designId,
      designVersion: from.designVersion,
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
    this.log('Starting controller', { crd: name, design: from.designId, version: from.designVersion });
    const done = operator.start(stop.signal).finally(() => signal.removeEventListener('abort', onAbort));
    this.running.set(name, { pin, stop, done });
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
