// The reconcile history: one ReconcileRun row per reconcile, published on the live bus under
// `timeline:<uid>` after it is stored, and pruned to the last `retention` runs per object in the
// background (a reconcile never waits for it). The timeline snapshot is read from the database,
// so every replica (not only the leader, whose bus carries the live runs) can serve it.
import type { ConditionTransition } from '@opstudio/shared/operand/index';
import type { StudioDb } from '../db';
import type { ReconcileRun } from '../generated/prisma/client';
import type { LiveBus } from '../live/bus';
import type { SnapshotRegistry } from '../live/snapshots';
import type { ReconcileRunRecord } from '../runtime/controller';
import type { Trigger } from '../runtime/triggers';
import type { RunAction, RunOutcome, RunReport, TimelineRun } from './types';

export interface HistoryStoreOptions {
  readonly db: StudioDb;
  readonly bus?: LiveBus;
  /** Runs kept per object (default 1000). */
  readonly retention?: number;
  /** Runs in a timeline snapshot (the newest ones, oldest first). */
  readonly snapshotLimit?: number;
  readonly log?: (message: string, fields?: Record<string, unknown>) => void;
}

export const timelineTopic = (uid: string): `timeline:${string}` => `timeline:${uid}`;

export class HistoryStore {
  readonly retention: number;
  private readonly pendingPrunes = new Set<string>();
  private pruning: Promise<void> | undefined;
  /** The highest run id published on this bus by the tail; runs recorded here are published by `record`. */
  private cursor = 0;
  private readonly publishedHere = new Set<number>();

  constructor(private readonly opts: HistoryStoreOptions) {
    this.retention = Math.max(1, opts.retention ?? 1000);
  }

  /** Stores one run and publishes it; the Controller's onRun hook (failures are logged there). */
  async record(record: ReconcileRunRecord, report: RunReport): Promise<TimelineRun> {
    const o = record.outcome;
    const outcome: RunOutcome = o.kind === 'done' ? 'success' : o.kind === 'requeueAfter' ? 'requeue' : 'error';
    const row = await this.opts.db.reconcileRun.create({
      data: {
        controller: record.controller,
        objectUid: report.uid,
        kind: report.kind,
        namespace: report.namespace,
        name: report.name,
        generation: report.generation ?? null,
        designId: report.designId ?? null,
        designVersion: report.designVersion ?? null,
        triggers: JSON.stringify(record.triggers),
        startedAt: record.startedAt,
        durationMs: Math.round(record.durationMs),
        outcome,
        requeueAfterMs: o.kind === 'requeueAfter' ? o.ms : null,
        errorMessage: record.error ?? null,
        actions: JSON.stringify(report.actions),
        conditions: JSON.stringify(report.conditions),
      },
    });
    const run = toTimelineRun(row);
    // Whichever of this and the tail sees the row first publishes it (both continuations are synchronous).
    if (row.id > this.cursor) {
      this.publishedHere.add(row.id);
      this.opts.bus?.publish({ topic: timelineTopic(run.objectUid), type: 'run', run });
    }
    this.schedulePrune(run.objectUid);
    return run;
  }

  /** The newest runs of one object, oldest first. */
  async timeline(uid: string, limit = this.opts.snapshotLimit ?? 200): Promise<TimelineRun[]> {
    const rows = await this.opts.db.reconcileRun.findMany({ where: { objectUid: uid }, orderBy: { id: 'desc' }, take: limit });
    return rows.reverse().map(toTimelineRun);
  }

  /**
   * Older runs of one object for paging back through the timeline: up to `limit` runs with an id
   * below `before` (the newest ones when `before` is absent), oldest first like the snapshot.
   * `nextBefore` is the id to pass for the page before this one, null when there is none.
   */
  async page(uid: string, limit: number, before?: number): Promise<{ runs: TimelineRun[]; nextBefore: number | null }> {
    const rows = await this.opts.db.reconcileRun.findMany({
      where: { objectUid: uid, ...(before !== undefined ? { id: { lt: before } } : {}) },
      orderBy: { id: 'desc' },
      take: limit + 1,
    });
    const more = rows.length > limit;
    const runs = rows.slice(0, limit).reverse().map(toTimelineRun);
    return { runs, nextBefore: more && runs[0] !== undefined ? runs[0].id : null };
  }

  /** Serves `timeline:<uid>` snapshots from the database. */
  registerSnapshots(snapshots: SnapshotRegistry): void {
    snapshots.register(
      (t) => t.startsWith('timeline:'),
      async (topic) => {
        const uid = topic.slice('timeline:'.length);
        return [{ topic: timelineTopic(uid), type: 'snapshot', runs: await this.timeline(uid) }];
      },
    );
  }

  /**
   * Publishes runs other replicas (the leader) stored, polling the table every `intervalMs`, so
   * the timeline is live on every replica. Runs until `signal` aborts.
   */
  async tail(signal: AbortSignal, intervalMs = 1000): Promise<void> {
    const newest = await this.opts.db.reconcileRun.findFirst({ orderBy: { id: 'desc' }, select: { id: true } });
    this.cursor = Math.max(this.cursor, newest?.id ?? 0);
    while (!signal.aborted) {
      await new Promise<void>((resolve) => {
        // one listener per wait, removed when the timer fires (they would pile up on the signal)
        const onAbort = () => (clearTimeout(timer), resolve());
        const timer = setTimeout(() => (signal.removeEventListener('abort', onAbort), resolve()), intervalMs);
        signal.addEventListener('abort', onAbort, { once: true });
      });
      if (signal.aborted) return;
      await this.pollOnce().catch((err: unknown) => this.opts.log?.('History tail failed', { error: String(err) }));
    }
  }

  private async pollOnce(): Promise<void> {
    const rows = await this.opts.db.reconcileRun.findMany({ where: { id: { gt: this.cursor } }, orderBy: { id: 'asc' }, take: 500 });
    for (const row of rows) {
      this.cursor = row.id;
      if (this.publishedHere.delete(row.id)) continue;
      const run = toTimelineRun(row);
      this.opts.bus?.publish({ topic: timelineTopic(run.objectUid), type: 'run', run });
    }
    for (const id of this.publishedHere) if (id <= this.cursor) this.publishedHere.delete(id);
  }

  /** Resolves once the prunes scheduled so far have run (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pruning !== undefined) await this.pruning;
  }

  private schedulePrune(uid: string): void {
    this.pendingPrunes.add(uid);
    this.pruning ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drainPrunes());
  }

  private async drainPrunes(): Promise<void> {
    try {
      for (const uid of this.pendingPrunes) {
        this.pendingPrunes.delete(uid);
        await this.prune(uid).catch((err: unknown) => this.opts.log?.('History prune failed', { uid, error: String(err) }));
      }
    } finally {
      this.pruning = undefined;
      if (this.pendingPrunes.size > 0) this.pruning = this.drainPrunes();
    }
  }

  /** Deletes all but the newest `retention` runs of one object. */
  async prune(uid: string): Promise<number> {
    const boundary = await this.opts.db.reconcileRun.findFirst({ where: { objectUid: uid }, orderBy: { id: 'desc' }, skip: this.retention - 1, select: { id: true } });
    if (boundary === null) return 0;
    const { count } = await this.opts.db.reconcileRun.deleteMany({ where: { objectUid: uid, id: { lt: boundary.id } } });
    return count;
  }
}

export function toTimelineRun(row: ReconcileRun): TimelineRun {
  return {
    id: row.id,
    controller: row.controller,
    objectUid: row.objectUid,
    kind: row.kind,
    namespace: row.namespace,
    name: row.name,
    generation: row.generation,
    designId: row.designId,
    designVersion: row.designVersion,
    triggers: JSON.parse(row.triggers) as Trigger[],
    startedAt: row.startedAt.toISOString(),
    durationMs: row.durationMs,
    outcome: row.outcome as RunOutcome,
    requeueAfterMs: row.requeueAfterMs,
    errorMessage: row.errorMessage,
    actions: JSON.parse(row.actions) as RunAction[],
    conditions: JSON.parse(row.conditions) as ConditionTransition[],
  };
}
