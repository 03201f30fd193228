// Which path puts a stored run on this replica's live bus, so that each run is published there
// once: the replica that records a run publishes it, and a replica that does not lead tails the
// table for the runs the leader records. No I/O here: the store hands in `read` and `publish`.
//
// Why once. The tail covers one range of ids, (tailFrom, tailTo]: open (tailTo = Infinity) while
// following, closed at the cursor when this replica takes the lead. A run recorded here is
// published directly unless its id is in that range; then the tail publishes it, or already has.
// Ids are allocated in commit order (SQLite serializes writers; on Postgres the store takes an
// advisory lock around each insert, held to commit, since a sequence alone hands ids out at insert
// time), so a tail reading `id > cursor` in id order sees every row of its range, and never both
// paths take one run.
//
// Follower -> leader (the tick that first sees `isLeader`): drain the table beyond the cursor
// before closing the range, so runs the previous leader stored just before the hand-over, which
// only the tail can bring here, are published, each once. Runs this replica recorded before that
// tick fell in the open range and were left to the tail; if one committed while the last read was
// in flight, `deferredMax` asks for one more read. Runs recorded after the tick have ids above
// `tailTo` and are published directly.
// Leader -> follower: the range reopens after the cursor, the newest id this bus carries. The new
// leader's runs are all newer: it records only after taking the Lease, which is free no sooner than
// leaseDuration (15 s) after our last renewal, while we see ourselves lose it within renewDeadline
// + retryPeriod (12 s) plus one tick. Our own runs still finishing after the switch land in the
// reopened range, so the tail publishes them, once.
// The limit: a run recorded by a former leader after the new leader drained (a reconcile that
// outlived its Lease by seconds) reaches the new leader's subscribers through the snapshot only.

export interface RunFeedOptions<R extends { readonly id: number }> {
  /** Stored runs with an id above `afterId`, in id order, at most `limit`. */
  readonly read: (afterId: number, limit: number) => Promise<readonly R[]>;
  readonly publish: (run: R) => void;
  /** Rows per read (default 500). */
  readonly pageSize?: number;
}

export type FeedMode = 'direct' | 'following' | 'leading';

export class RunFeed<R extends { readonly id: number }> {
  /** The newest id published on this bus, by either path. */
  private cursor = 0;
  /** Until the tail starts, the range is empty: every run recorded here is published directly. */
  private tailFrom = 0;
  private tailTo = 0;
  private state: FeedMode = 'direct';
  /** The newest run recorded here and left to the tail. */
  private deferredMax = 0;
  private readonly pageSize: number;

  constructor(private readonly opts: RunFeedOptions<R>) {
    this.pageSize = opts.pageSize ?? 500;
  }

  get mode(): FeedMode {
    return this.state;
  }

  /** A run this replica just stored. */
  recorded(run: R): void {
    if (run.id > this.tailFrom && run.id <= this.tailTo) {
      this.deferredMax = Math.max(this.deferredMax, run.id);
      return;
    }
    this.cursor = Math.max(this.cursor, run.id);
    this.opts.publish(run);
  }

  /** Starts following after `newestId` (older runs are in the snapshot, not on the bus). */
  follow(newestId: number): void {
    this.cursor = Math.max(this.cursor, newestId);
    this.tailFrom = this.cursor;
    this.tailTo = Infinity;
    this.state = 'following';
  }

  /** One step of the tail: follow, hand over to leading, or back. Call `follow` first. */
  async tick(isLeader: boolean): Promise<void> {
    if (this.mode === 'direct') return;
    if (this.mode === 'leading') {
      if (!isLeader) this.follow(this.cursor);
      return;
    }
    if (!isLeader) {
      await this.readPage();
      return;
    }
    // Drain the table beyond the cursor. If a run left to the tail landed during the last read, it
    // is committed, so one more read sees it (a second miss means it was deleted meanwhile).
    let reread = false;
    for (;;) {
      if ((await this.readPage()) > 0) continue;
      if (this.deferredMax <= this.cursor || reread) break;
      reread = true;
    }
    this.tailTo = this.cursor;
    this.state = 'leading';
  }

  private async readPage(): Promise<number> {
    const rows = await this.opts.read(this.cursor, this.pageSize);
    for (const row of rows) {
      this.cursor = row.id;
      this.opts.publish(row);
    }
    return rows.length;
  }
}
