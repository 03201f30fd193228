// metav1.MicroTime on the wire: RFC 3339 with exactly six fractional digits
// ("2026-01-01T00:00:00.123000Z"). client-node serialises a Date with toISOString() (three
// digits), which the API server rejects for MicroTime fields (Lease renewTime, Event eventTime),
// so we send strings. JS clocks have millisecond resolution: the last three digits are zeros.

export function microTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/** Parses a MicroTime or Time string (or a Date client-node built from one) to epoch ms; undefined if absent or invalid. */
export function parseTime(value: string | Date | undefined | null): number | undefined {
  if (value === undefined || value === null) return undefined;
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}
