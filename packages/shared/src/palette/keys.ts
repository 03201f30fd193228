// Keyboard shortcuts as data: one table (in the web app) lists them for the help overlay and
// registers their handlers through matchShortcut below, so the two cannot drift apart.
// A binding is one chord ("mod+k": Ctrl, or ⌘ on a Mac) or a sequence of plain keys ("g d", as
// GitHub and Gmail do), the second key within SEQUENCE_MS of the first.

export const SEQUENCE_MS = 1500;

export interface Shortcut<A extends string = string> {
  readonly action: A;
  /** Space-separated steps; a step is a key with optional "mod+", "shift+", "alt+" in front. */
  readonly keys: string;
  readonly description: string;
  /** "anywhere": also while typing in a text field; "outside-text": not then (so "?" and "g" still type). */
  readonly when: 'anywhere' | 'outside-text';
}

export interface KeyPress {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
}

/** A pressed key as a step: modifiers in a fixed order, the key in lower case; "mod" is ⌘ on a Mac, Ctrl elsewhere. */
export function keyStep(press: KeyPress, mac: boolean): string {
  const mods: string[] = [];
  if (mac ? press.metaKey : press.ctrlKey) mods.push('mod');
  if (press.altKey) mods.push('alt');
  // "?" is shift+/ on most layouts: a printable key already says whether shift was down
  if (press.shiftKey && press.key.length > 1) mods.push('shift');
  return [...mods, press.key.length === 1 ? press.key.toLowerCase() : press.key].join('+');
}

export interface Pending {
  readonly steps: readonly string[];
  readonly at: number;
}

export interface MatchResult<A extends string> {
  readonly shortcut: Shortcut<A> | null;
  /** Steps typed so far of a sequence that may still complete; null when none. */
  readonly pending: Pending | null;
}

/**
 * The shortcut a key press completes, given the steps pressed before it (`pending`) and whether
 * focus is in a text field. A press that starts a sequence is remembered; anything else resets.
 */
export function matchShortcut<A extends string>(
  table: readonly Shortcut<A>[],
  pending: Pending | null,
  step: string,
  inText: boolean,
  now: number,
): MatchResult<A> {
  const usable = table.filter((s) => s.when === 'anywhere' || !inText);
  const before = pending !== null && now - pending.at <= SEQUENCE_MS ? pending.steps : [];
  for (const steps of before.length > 0 ? [[...before, step], [step]] : [[step]]) {
    const typed = steps.join(' ');
    const done = usable.find((s) => s.keys === typed);
    if (done !== undefined) return { shortcut: done, pending: null };
    if (usable.some((s) => s.keys.startsWith(`${typed} `))) return { shortcut: null, pending: { steps, at: now } };
  }
  return { shortcut: null, pending: null };
}

/** The keys as a reader sees them: ["Ctrl", "K"], ["⌘", "K"], ["G", "then", "D"], ["?"]. */
export function shortcutLabel(keys: string, mac: boolean): string[] {
  const out: string[] = [];
  keys.split(' ').forEach((step, i) => {
    if (i > 0) out.push('then');
    for (const part of step.split('+'))
      out.push(
        part === 'mod'
          ? mac
            ? '⌘'
            : 'Ctrl'
          : part.length === 1
            ? part.toUpperCase()
            : (SHORT[part] ?? capitalise(part)),
      );
  });
  return out;
}

/** Names printed on keyboards rather than the KeyboardEvent.key names. */
const SHORT: Record<string, string> = { ArrowDown: '↓', ArrowUp: '↑', ArrowLeft: '←', ArrowRight: '→', Escape: 'Esc' };
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
