// How the designer's History list describes a saved version. Pure: tested without a browser.

export interface HistoryEntry {
  readonly version: number;
  readonly savedAt: string;
  readonly savedBy: string | null;
  readonly summary: string;
}

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** "12 s ago", "5 min ago", "3 h ago", else the date; `now` in ms. */
export function savedAgo(savedAt: string, now: number): string {
  const at = Date.parse(savedAt);
  if (Number.isNaN(at)) return savedAt;
  const s = Math.max(0, Math.round((now - at) / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  return timeFormat.format(new Date(at));
}

/** One line under the version number: when, by whom (if known), what changed. */
export function versionLine(entry: HistoryEntry, now: number): string {
  return [savedAgo(entry.savedAt, now), entry.savedBy === null ? null : `by ${entry.savedBy}`, entry.summary]
    .filter((p) => p !== null)
    .join(' · ');
}

/** The label of a version's row: "Version 3 (current)" for the one the designer holds. */
export function versionTitle(version: number, current: number): string {
  return version === current ? `Version ${version} (current)` : `Version ${version}`;
}
