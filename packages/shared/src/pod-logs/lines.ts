// Pod log text as the log view keeps it: a stream's chunks cut into whole lines (a chunk may end
// mid-line), a bounded buffer of the last lines, and the download's file name. Pure, for the
// controller's stream and the web view alike.

/** Splits `carry + chunk` into complete lines; what follows the last newline is carried over. */
export function splitLines(carry: string, chunk: string): { lines: string[]; carry: string } {
  const text = carry + chunk;
  const end = text.lastIndexOf('\n');
  if (end < 0) return { lines: [], carry: text };
  return { lines: text.slice(0, end).split('\n'), carry: text.slice(end + 1) };
}

/** A log view's buffer: `kept` plus `more`, only the last `max` (so a long follow stays bounded). */
export function keepLast(kept: readonly string[], more: readonly string[], max: number): string[] {
  if (more.length >= max) return more.slice(more.length - max);
  const drop = Math.max(0, kept.length + more.length - max);
  return [...kept.slice(drop), ...more];
}

/** `<namespace>_<pod>_<container>[_previous]_<UTC time>.log`, with anything outside [A-Za-z0-9._-] replaced. */
export function logFileName(
  ref: { namespace: string; pod: string; container: string; previous?: boolean },
  at: Date,
): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100);
  const time = at.toISOString().replace(/[:.]/g, '-');
  const parts = [ref.namespace, ref.pod, ref.container, ...(ref.previous ? ['previous'] : []), time];
  return `${parts.map(safe).join('_')}.log`;
}

/**
 * A line asked with `timestamps=true`: the kubelet's RFC 3339 time (nanoseconds, trailing zeros
 * trimmed), a space, the text. A follow remembers the last time so a reconnect resumes after it.
 */
export function splitTimestamp(line: string): { at: string | undefined; text: string } {
  const space = line.indexOf(' ');
  const at = space > 0 ? line.slice(0, space) : '';
  return /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(at)
    ? { at, text: line.slice(space + 1) }
    : { at: undefined, text: line };
}

/** A fixed-width form of a UTC RFC 3339 time (9 fraction digits), so times compare as strings. */
export function comparableTime(at: string): string {
  const m = /^(.{19})(?:\.(\d+))?Z$/.exec(at);
  return m ? `${m[1]}.${(m[2] ?? '').padEnd(9, '0').slice(0, 9)}Z` : at;
}
