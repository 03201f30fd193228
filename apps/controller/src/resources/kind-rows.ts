// The table rows of one kind's CRs, kept up to date from its informer's events: a row is built
// when its object changes (not once per list call or per page opened), the sorted list is built
// once per change and reused by every reader until the next one. 10,000 CRs: each resources.list
// and each live snapshot used to turn 10,000 objects into rows and sort them with localeCompare.
// It also remembers the newest resourceVersion its events carried, so a list can wait until the
// cache has caught up with a write the studio just made (read your own writes).
import { compareByPlace } from '@opstudio/shared/resources/index';
import type { ResourceRow } from './types';

export class KindRows {
  private readonly byUid = new Map<string, ResourceRow>();
  private sorted: readonly ResourceRow[] | undefined;
  private newest = 0;
  private readonly waiters = new Set<() => void>();

  get size(): number {
    return this.byUid.size;
  }

  /** The newest resourceVersion an event carried ('' before any). */
  get resourceVersion(): string {
    return this.newest === 0 ? '' : String(this.newest);
  }

  has(uid: string): boolean {
    return this.byUid.has(uid);
  }

  /** Keeps the row; false when it is the row already kept (a relist repeats every object). */
  upsert(row: ResourceRow): boolean {
    const same = this.byUid.get(row.uid)?.resourceVersion === row.resourceVersion;
    if (!same) {
      this.byUid.set(row.uid, row);
      this.sorted = undefined;
    }
    this.saw(row.resourceVersion);
    return !same;
  }

  delete(row: ResourceRow): boolean {
    const had = this.byUid.delete(row.uid);
    if (had) this.sorted = undefined;
    this.saw(row.resourceVersion);
    return had;
  }

  /** Every row anew (the kind's printer columns changed). */
  reset(rows: readonly ResourceRow[]): void {
    this.byUid.clear();
    for (const row of rows) this.byUid.set(row.uid, row);
    this.sorted = undefined;
  }

  /** The rows by namespace, then name; the same array until something changes (do not modify it). */
  list(namespace?: string): readonly ResourceRow[] {
    this.sorted ??= [...this.byUid.values()].sort(compareByPlace);
    return namespace === undefined ? this.sorted : this.sorted.filter((r) => r.namespace === namespace);
  }

  /**
   * Resolves true once `ready()` holds, re-checked on every change and every event seen (false
   * after `timeoutMs`). For writes: `seen(rv)` and `!has(uid)` are what a reader waits for.
   */
  async until(ready: () => boolean, timeoutMs: number): Promise<boolean> {
    if (ready()) return true;
    return new Promise<boolean>((resolve) => {
      const check = () => {
        if (!ready()) return;
        done(true);
      };
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(ok);
      };
      const timer = setTimeout(() => done(false), timeoutMs);
      this.waiters.add(check);
    });
  }

  /** The cache has had an event at or after this resourceVersion (resourceVersions of one etcd are increasing integers). */
  seen(resourceVersion: string): boolean {
    const rv = Number(resourceVersion);
    return Number.isSafeInteger(rv) && rv <= this.newest;
  }

  private saw(resourceVersion: string): void {
    const rv = Number(resourceVersion);
    if (Number.isSafeInteger(rv) && rv > this.newest) this.newest = rv;
    for (const check of [...this.waiters]) check();
  }
}
