// Group writes that arrive together into one: each `add` resolves with its own result, but the
// items added while a write is in flight (or in the same turn of the event loop) go to the
// database as one batch, in the order they were added. For the reconcile history: one INSERT (one
// SQLite transaction, one fsync) per batch instead of one per run, so a burst of reconciles does
// not spend its time waiting on the disk. Pure: the caller hands in `write`.

export interface WriteBatchOptions<I, O> {
  /** Writes the items in order; resolves with one result per item, in the same order. */
  readonly write: (items: readonly I[]) => Promise<readonly O[]>;
  /** Items per write at most (the rest waits for the next one). */
  readonly maxItems?: number;
  /** Schedules the next write (default setImmediate: what arrived in this turn goes together). */
  readonly schedule?: (run: () => void) => void;
}

interface Pending<I, O> {
  readonly item: I;
  readonly resolve: (result: O) => void;
  readonly reject: (err: unknown) => void;
}

export class WriteBatch<I, O> {
  private queue: Pending<I, O>[] = [];
  private flushing: Promise<void> | undefined;
  private readonly maxItems: number;
  private readonly schedule: (run: () => void) => void;

  constructor(private readonly opts: WriteBatchOptions<I, O>) {
    this.maxItems = Math.max(1, opts.maxItems ?? 500);
    this.schedule = opts.schedule ?? ((run) => void setImmediate(run));
  }

  /** Queues one item; resolves with its result once its batch is written (rejects if that write fails). */
  add(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.flushing ??= new Promise<void>((done) => this.schedule(done)).then(() => this.drain());
    });
  }

  /** Items waiting or being written. */
  get pending(): number {
    return this.queue.length;
  }

  /** Resolves once every item added so far is written (or failed). */
  async idle(): Promise<void> {
    while (this.flushing !== undefined) await this.flushing;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.slice(0, this.maxItems);
        this.queue = this.queue.slice(batch.length);
        try {
          const results = await this.opts.write(batch.map((p) => p.item));
          if (results.length !== batch.length)
            throw new Error(`a batch write returned ${results.length} results for ${batch.length} items`);
          batch.forEach((p, i) => p.resolve(results[i] as O));
        } catch (err) {
          for (const p of batch) p.reject(err);
        }
      }
    } finally {
      this.flushing = undefined;
    }
  }
}
