// Undo/redo for the designer: a past and a future of whole designs (they share unchanged
// subtrees, so a step costs little). Typing in one input makes one step, not one per key:
// edits with the same `group` within `coalesceMs` of each other replace the last step.
export interface History<T> {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
  /** What the last edit was and when (ms), for coalescing. */
  readonly lastGroup: string | null;
  readonly lastAt: number;
}

export const HISTORY_LIMIT = 200;

export function startHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], lastGroup: null, lastAt: 0 };
}

export function record<T>(h: History<T>, next: T, group: string | null, now: number, coalesceMs = 800): History<T> {
  if (Object.is(next, h.present)) return h;
  const coalesce = group !== null && group === h.lastGroup && now - h.lastAt < coalesceMs && h.past.length > 0;
  const past = coalesce ? h.past : [...h.past, h.present].slice(-HISTORY_LIMIT);
  return { past, present: next, future: [], lastGroup: group, lastAt: now };
}

export function undo<T>(h: History<T>): History<T> {
  const prev = h.past[h.past.length - 1];
  if (prev === undefined) return h;
  return { past: h.past.slice(0, -1), present: prev, future: [h.present, ...h.future], lastGroup: null, lastAt: 0 };
}

export function redo<T>(h: History<T>): History<T> {
  const next = h.future[0];
  if (next === undefined) return h;
  return { past: [...h.past, h.present], present: next, future: h.future.slice(1), lastGroup: null, lastAt: 0 };
}
