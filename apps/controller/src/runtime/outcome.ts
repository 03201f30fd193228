// The result of one reconcile, as a value. The worker loop turns it into queue actions in one
// switch (controller.ts), like controller-runtime's reconcileHandler:
//   done          → forget the key's failures
//   requeueAfter  → forget, then add again after `ms` (a poll, e.g. waiting for pods)
//   error         → add again with backoff (5 ms · 2^n, capped, plus the global bucket)
//   terminal      → forget, no retry (bad input that only a new spec can fix; the next watch event reconciles again)

export type Outcome =
  | { readonly kind: 'done' }
  | { readonly kind: 'requeueAfter'; readonly ms: number }
  | { readonly kind: 'error'; readonly error: Error }
  | { readonly kind: 'terminal'; readonly error: Error };

export type OutcomeKind = Outcome['kind'];

/** Thrown (instead of returned) to end a reconcile without retries, like controller-runtime's reconcile.TerminalError. */
export class TerminalError extends Error {
  override readonly name = 'TerminalError';
}

export function toError(err: unknown): Error {
  if (err instanceof Error) return err;
  return new Error(typeof err === 'string' ? err : JSON.stringify(err));
}

export const outcome = {
  done: (): Outcome => ({ kind: 'done' }),
  /** `ms` below 1 is raised to 1: a zero delay would spin, and controller-runtime ignores RequeueAfter ≤ 0. */
  requeueAfter: (ms: number): Outcome => ({ kind: 'requeueAfter', ms: Math.max(1, Math.round(ms)) }),
  error: (err: unknown): Outcome => ({ kind: 'error', error: toError(err) }),
  terminal: (err: unknown): Outcome => ({ kind: 'terminal', error: toError(err) }),
  /** What a thrown exception means: TerminalError → terminal, anything else → error (retried). */
  fromThrown: (err: unknown): Outcome =>
    err instanceof TerminalError ? { kind: 'terminal', error: err } : { kind: 'error', error: toError(err) },
} as const;
