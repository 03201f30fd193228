// Parsing a CEL rule the way the API server would before it accepts a CRD: syntax only.
// Type checking against the schema is left to the API server's dry-run.
import { celEnvironment } from './env';

export type CelParseResult = { ok: true } | { ok: false; message: string; offset?: number };

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

export function parseCel(rule: string): CelParseResult {
  if (rule.trim() === '')
    return { ok: false, message: 'the rule is empty: write a CEL expression such as self.size > 0' };
  try {
    celEnvironment().parse(rule);
    return { ok: true };
  } catch (err) {
    return { ok: false, ...describeCelError(err) };
  }
}
