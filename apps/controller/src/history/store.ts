// The reconcile history: one ReconcileRun row per reconcile, published on the live bus under
// `timeline:<uid>` once (run-feed.ts: by the replica that recorded it, and by the tail of the
// table on the replicas that do not lead), and pruned to the last `retention` runs per object in the
// background (a reconcile never waits for it). The timeline snapshot is read from the database,
// so any replica serves it, including runs stored before it started. Each cluster's services have
// their own store over the one database: a run is stored with its cluster's id, and the failed
// runs and the feed read that cluster's only (object uids keep timelines apart already).
import type { ConditionTransition } from '@opstudio/shared/operand/index';
import type { ClusterIdentity } from '../clusters/cluster-identity';
import { isPostgres } from '../db';
import type { StudioDb } from '../db';
import type { ReconcileRun } from '../generated/prisma/client';
import { isFamilyTopic, timelineTopic, topicKey } from '@opstudio/shared/live/topics';
import type { LiveBus } from '../live/bus';
import type { SnapshotRegistry } from '../live/snapshots';
import type { ReconcileAttempt } from '../runtime/controller';
import type { Trigger } from '../runtime/triggers';
import { RunFeed } from './run-feed';
import { runInsertSql, runInsertValues, type RunRow } from './run-insert';
import { WriteBatch } from './write-batch';
import type { ReconcilerReport, RunAction, RunOutcome, TimelineRun } from './types';

export interface HistoryStoreOptions {
  readonly db: StudioDb;
  /** The cluster whose runs these are (known once it first answered; runs are recorded only after). */
  readonly cluster: Pick<ClusterIdentity, 'current'>;
  readonly bus?: LiveBus;
  /** Runs kept per object (default 1000). */
  readonly retention?: number;
  /** Runs in a timeline snapshot (the newest ones, oldest first). */
  readonly snapshotLimit?: number;
  /**
   * How long a run waits for others to share its INSERT (default 25 ms; 0: only those of the same
   * turn of the event loop). An INSERT costs about the same for one row as for several, ~1 ms of
   * CPU on the controller's thread, and a spec edit brings 1.5–2 runs within a few ms of each other
   * (its own, and those its writes' watch events start): docs/design/0018, session 10.
   */
  readonly batchWindowMs?: number;
  readonly log?: (message: string, fields?: Record<string, unknown>) => void;
}

export interface TailOptions {
  /** Poll period (default 1 s). */
  readonly intervalMs?: number;
  /** Whether this replica leads now (the manager's `isLeader`); default: never, so the tail always runs. */
  readonly isLeader?: () => boolean;
}

export class HistoryStore {
  readonly retention: number;
  private readonly pendingPrunes = new Set<string>();
  private pruning: Promise<void> | undefined;
  private readonly feed: RunFeed<TimelineRun>;
  private readonly writes: WriteBatch<RunRow, TimelineRun>;
  /**
   * Runs recorded per object since its last prune (from this process's start). An object holds at
   * most `retention` runs plus twice `pruneEvery` (the runs before and after a restart).
   */
  private readonly sincePrune = new Map<string, number>();
  private readonly pruneEvery: number;

  constructor(private readonly opts: HistoryStoreOptions) {
    this.retention = Math.max(1, opts.retention ?? 1000);
    // pruning an object after every run cost two queries per run; every 10 % of the retention is enough
    this.pruneEvery = Math.max(1, Math.floor(this.retention / 10));
    const windowMs = opts.batchWindowMs ?? 25;
    this.writes = new WriteBatch({
      write: (rows) => this.insert(rows),
      // 100 rows of 17 parameters: far below SQLite's 32,766 and Postgres's 65,535 per statement
      maxItems: 100,
      schedule: windowMs > 0 ? (run) => void setTimeout(run, windowMs) : undefined,
    });
    this.feed = new RunFeed({
      read: async (afterId, limit) => {
        // no id yet: the cluster has not answered since start, so nobody can have recorded its runs
        const clusterId = opts.cluster.current;
        if (clusterId === undefined) return [];
        const rows = await opts.db.reconcileRun.findMany({
          where: { clusterId, id: { gt: afterId } },
          orderBy: { id: 'asc' },
          take: limit,
        });
        return rows.map(toTimelineRun);
      },
      publish: (run) => opts.bus?.publish({ topic: timelineTopic(run.objectUid), type: 'run', run }),
    });
  }

  /**
   * Stores one run and publishes it; the WorkQueueController's onRun hook (failures are logged there).
   * Runs finishing together are written as one batch (write-batch.ts), off the workers' path: the
   * hook is not awaited, and one INSERT per batch replaces one synchronous SQLite transaction per run.
   */
  record(attempt: ReconcileAttempt, report: ReconcilerReport): Promise<TimelineRun> {
    const clusterId = this.opts.cluster.current;
    // the manager runs operators only once the id is known (manager.ts run()): this is a wiring bug
    if (clusterId === undefined) return Promise.reject(new Error('a run recorded before its cluster id was known'));
    return this.writes.add(runRow(clusterId, attempt, report));
  }

  /** Writes one batch and publishes its runs in id order (the order RunFeed needs). */
  private async insert(rows: readonly RunRow[]): Promise<TimelineRun[]> {
    const { db } = this.opts;
    const postgres = isPostgres(db);
    // raw SQL, not createManyAndReturn: ~1.1 ms of CPU per INSERT instead of ~1.9 (run-insert.ts)
    const create = db.$queryRawUnsafe<ReconcileRun[]>(
      runInsertSql(rows.length, postgres ? 'postgres' : 'sqlite'),
      ...runInsertValues(rows),
    );
    // RunFeed's tail needs ids in commit order. SQLite gives it (one writer at a time); a Postgres
    // sequence hands ids out at insert time, so two replicas writing at once (a deposed leader's
    // last runs, the new leader's first) could commit a lower id after a higher one, and a tail
    // past the higher id would never read the lower. The lock, held to commit, serializes the
    // inserts of every replica: ids are taken in commit order again (docs/design/0024-replicas.md).
    const stored = postgres
      ? (await db.$transaction([db.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${RUN_INSERT_LOCK})`), create]))[1]
      : await create;
    // one INSERT of several rows: ids follow the rows' order; sort, as RETURNING promises no order
    const runs = stored.sort((a, b) => a.id - b.id).map(toTimelineRun);
    for (const run of runs) {
      this.feed.recorded(run);
      this.schedulePrune(run.objectUid);
    }
    return runs;
  }

  /** The newest runs of one object, oldest first. */
  async timeline(uid: string, limit = this.opts.snapshotLimit ?? 200): Promise<TimelineRun[]> {
    const rows = await this.opts.db.reconcileRun.findMany({
      where: { objectUid: uid },
      orderBy: { id: 'desc' },
      take: limit,
    });
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

  /**
   * This cluster's newest runs that ended in an error, newest first (the home page's "Recent failed
   * reconciles"); none while the cluster has not answered since start (its id is not known yet).
   */
  async recentFailures(limit: number): Promise<TimelineRun[]> {
    const clusterId = this.opts.cluster.current;
    if (clusterId === undefined) return [];
    const rows = await this.opts.db.reconcileRun.findMany({
      where: { clusterId, outcome: 'error' },
      orderBy: { id: 'desc' },
      take: limit,
    });
    return rows.map(toTimelineRun);
  }

  /** Serves `timeline:<uid>` snapshots from the database. */
  registerSnapshots(snapshots: SnapshotRegistry): void {
    snapshots.register(
      (t) => isFamilyTopic('timeline', t),
      async (topic) => {
        const uid = topicKey('timeline', topic) ?? '';
        return [{ topic: timelineTopic(uid), type: 'snapshot', runs: await this.timeline(uid) }];
      },
    );
  }

  /**
   * While this replica does not lead, publishes the runs the leader stores by polling the table,
   * so the timeline is live on every replica; while it leads, `record` publishes (run-feed.ts has
   * the hand-over). Runs until `signal` aborts. Without a tail, `record` publishes every run.
   */
  async tail(signal: AbortSignal, opts: TailOptions = {}): Promise<void> {
    const { intervalMs = 1000, isLeader = () => false } = opts;
    const newest = await this.opts.db.reconcileRun.findFirst({ orderBy: { id: 'desc' }, select: { id: true } });
    this.feed.follow(newest?.id ?? 0);
    while (!signal.aborted) {
      await new Promise<void>((resolve) => {
        // one listener per wait, removed when the timer fires (they would pile up on the signal)
        const onAbort = () => (clearTimeout(timer), resolve());
        const timer = setTimeout(() => (signal.removeEventListener('abort', onAbort), resolve()), intervalMs);
        signal.addEventListener('abort', onAbort, { once: true });
      });
      if (signal.aborted) return;
      await this.feed
        .tick(isLeader())
        .catch((err: unknown) => this.opts.log?.('History tail failed', { error: String(err) }));
    }
  }

  /** Resolves once the runs recorded so far are stored and the prunes they scheduled have run (tests, shutdown). */
  async idle(): Promise<void> {
    await this.writes.idle();
    while (this.pruning !== undefined) await this.pruning;
  }

  private schedulePrune(uid: string): void {
    const since = (this.sincePrune.get(uid) ?? 0) + 1;
    if (since < this.pruneEvery) {
      this.sincePrune.set(uid, since);
      return;
    }
    this.sincePrune.set(uid, 0);
    this.pendingPrunes.add(uid);
    this.pruning ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drainPrunes());
  }

  private async drainPrunes(): Promise<void> {
    try {
      for (const uid of this.pendingPrunes) {
        this.pendingPrunes.delete(uid);
        await this.prune(uid).catch((err: unknown) =>
          this.opts.log?.('History prune failed', { uid, error: String(err) }),
        );
      }
    } finally {
      this.pruning = undefined;
      if (this.pendingPrunes.size > 0) this.pruning = this.drainPrunes();
    }
  }

  /** Deletes all but the newest `retention` runs of one object. */
  async prune(uid: string): Promise<number> {
    const boundary = await this.opts.db.reconcileRun.findFirst({
      where: { objectUid: uid },
      orderBy: { id: 'desc' },
      skip: this.retention - 1,
      select: { id: true },
    });
    if (boundary === null) return 0;
    const { count } = await this.opts.db.reconcileRun.deleteMany({
      where: { objectUid: uid, id: { lt: boundary.id } },
    });
    return count;
  }
}

/** The Postgres advisory lock key that serializes ReconcileRun inserts across replicas ("runs" in ASCII). */
const RUN_INSERT_LOCK = 0x72756e73;

/** The ReconcileRun row of one attempt and its report. */
function runRow(clusterId: string, attempt: ReconcileAttempt, report: ReconcilerReport): RunRow {
  const o = attempt.outcome;
  const outcome: RunOutcome = o.kind === 'done' ? 'success' : o.kind === 'requeueAfter' ? 'requeue' : 'error';
  return {
    clusterId,
    controller: attempt.controller,
    objectUid: report.uid,
    kind: report.kind,
    namespace: report.namespace,
    name: report.name,
    generation: report.generation ?? null,
    designId: report.designId ?? null,
    designVersion: report.designVersion ?? null,
    triggers: JSON.stringify(attempt.triggers),
    startedAt: attempt.startedAt,
    durationMs: Math.round(attempt.durationMs),
    outcome,
    requeueAfterMs: o.kind === 'requeueAfter' ? o.ms : null,
    errorMessage: attempt.error ?? null,
    actions: JSON.stringify(report.actions),
    conditions: JSON.stringify(report.conditions),
  };
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
