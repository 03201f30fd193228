// The palette's list from its items and the query: pure, so ranking is tested without a browser.
// Empty query: recent items first (most recent first), then every group in its fixed order.
// A query: the matching items of each group by score, groups in their fixed order (a user
// scanning a grouped list expects the groups to stay put, as in VS Code and GitHub), capped per group.
import { bestScore } from './match';

export const PALETTE_GROUPS = ['Recent', 'Pages', 'Kinds', 'Resources', 'Designs', 'Commands'] as const;
export type PaletteGroup = (typeof PALETTE_GROUPS)[number];

export interface PaletteItem {
  /** Unique across the palette, stable across visits (recent items are remembered by it). */
  readonly id: string;
  readonly group: Exclude<PaletteGroup, 'Recent'>;
  readonly label: string;
  /** A second, dimmer line: the group of a kind, the namespace of a resource. */
  readonly detail?: string;
  /** Other words it is found by (not shown). */
  readonly keywords?: readonly string[];
}

export interface RankedGroup<T extends PaletteItem> {
  readonly group: PaletteGroup;
  readonly items: readonly T[];
}

export interface RankOptions {
  /** Ids of recently chosen items, most recent first. */
  readonly recent?: readonly string[];
  /** At most this many items per group (default 8). */
  readonly perGroup?: number;
}

export function rankPalette<T extends PaletteItem>(
  items: readonly T[],
  query: string,
  opts: RankOptions = {},
): RankedGroup<T>[] {
  const perGroup = opts.perGroup ?? 8;
  const out: RankedGroup<T>[] = [];
  if (query.trim() === '') {
    const byId = new Map(items.map((i) => [i.id, i]));
    const recent = (opts.recent ?? []).flatMap((id) => byId.get(id) ?? []).slice(0, perGroup);
    if (recent.length > 0) out.push({ group: 'Recent', items: recent });
    const shown = new Set(recent.map((i) => i.id));
    for (const group of PALETTE_GROUPS) {
      const inGroup = items.filter((i) => i.group === group && !shown.has(i.id)).slice(0, perGroup);
      if (inGroup.length > 0) out.push({ group, items: inGroup });
    }
    return out;
  }
  const scored = items.flatMap((item) => {
    const score = bestScore(query, item.label, [...(item.keywords ?? []), ...(item.detail ? [item.detail] : [])]);
    return score === null ? [] : [{ item, score }];
  });
  for (const group of PALETTE_GROUPS) {
    const inGroup = scored
      .filter((s) => s.item.group === group)
      .sort((a, b) => b.score - a.score || a.item.label.localeCompare(b.item.label))
      .slice(0, perGroup)
      .map((s) => s.item);
    if (inGroup.length > 0) out.push({ group, items: inGroup });
  }
  return out;
}

/** The recent list after choosing `id`: it moves to the front, duplicates go, at most `max` kept. */
export function pushRecent(recent: readonly string[], id: string, max = 5): string[] {
  return [id, ...recent.filter((r) => r !== id)].slice(0, max);
}

/** Parses what storage held; anything but an array of strings is an empty list. */
export function parseRecent(stored: string | null): string[] {
  try {
    const value: unknown = JSON.parse(stored ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}
