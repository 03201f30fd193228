// cel-js's error text, for the graph's expressions until they move to the CEL module (then this
// file goes; validation rules no longer use cel-js: see validate/cel-engine-issues.ts).

interface CelErrorShape {
  summary?: string;
  message?: string;
  range?: { start?: number } | undefined;
  node?: { pos?: number; start?: number } | undefined;
}

/** The error's first line and, when the library knows it, the 0-based offset into the rule. */
export function describeCelError(err: unknown): { message: string; offset?: number } {
  const e = (err ?? {}) as CelErrorShape;
  const message = (e.summary ?? e.message ?? String(err)).split('\n')[0] ?? 'invalid CEL';
  const offset = e.range?.start ?? e.node?.start ?? e.node?.pos;
  return typeof offset === 'number' ? { message, offset } : { message };
}
