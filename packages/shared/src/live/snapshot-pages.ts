// A long list's snapshot in pages: the first page holds only the rows a screen shows, so the
// first row is on screen before the rest of a 10,000-row list has crossed the connection (one
// 2.6 MB message took 0.2–1.4 s to arrive in the browser, growing with the machine's load, while
// the server had written it in tens of milliseconds: docs/design/0021). The pages follow in order;
// every page but the last says `more`, with how many rows there are in all (absent where a
// reader sees only some of them: the total would tell how many it may not see).

export type SnapshotPage<T> =
  | { readonly type: 'snapshot'; readonly items: readonly T[]; readonly more?: More }
  | { readonly type: 'page'; readonly items: readonly T[]; readonly more?: More };

export interface More {
  readonly total?: number;
}

export interface PageSizes {
  /** Rows in the first page: what a tall screen shows, and some to scroll into. */
  readonly first: number;
  /** Rows in each later page: small enough to parse within a frame. */
  readonly rest: number;
}

export const SNAPSHOT_PAGES: PageSizes = { first: 200, rest: 1000 };

/** `items` as a snapshot followed by pages; a list that fits the first page is one plain snapshot. */
export function snapshotPages<T>(items: readonly T[], sizes: PageSizes = SNAPSHOT_PAGES): SnapshotPage<T>[] {
  if (sizes.first < 1 || sizes.rest < 1) throw new RangeError('page sizes must be at least 1');
  if (items.length <= sizes.first) return [{ type: 'snapshot', items }];
  const more = { total: items.length };
  const pages: SnapshotPage<T>[] = [{ type: 'snapshot', items: items.slice(0, sizes.first), more }];
  for (let at = sizes.first; at < items.length; at += sizes.rest) {
    const end = at + sizes.rest;
    pages.push(
      end < items.length
        ? { type: 'page', items: items.slice(at, end), more }
        : { type: 'page', items: items.slice(at) },
    );
  }
  return pages;
}
