// Comma-separated list inputs and the design's habit of leaving out empty keys.

/** `a, b, c` ↔ ['a', 'b', 'c']; empty → undefined. */
export const listText = (v: readonly string[] | undefined): string => (v ?? []).join(', ');
export function parseList(text: string): string[] | undefined {
  const items = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return items.length === 0 ? undefined : items;
}
export const normalizeList = (text: string): string => listText(parseList(text));

/** Drops keys whose value is undefined, so the design YAML does not grow empty keys. */
export function compact<T extends object>(o: T): T {
  const out = { ...o } as Record<string, unknown>;
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out as T;
}
