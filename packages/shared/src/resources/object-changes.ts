// What differs between two versions of an object, field by field, as a reader would list it:
// `spec.size: 3 → 5`. The apply dialog's summary (for screen readers and the tests, beside the
// Monaco diff) and the conflict message are built from it. Maps are walked by key; arrays item
// by item when both sides are arrays (a list of ports edited in one place names that place).
import { childPath } from '../crd/diff-path';
import { jsonEqual } from '../crd/diff-json';
import { isPlainObject } from './merge-patch';

export interface ObjectChange {
  /** `spec.size`, `metadata.labels["app.kubernetes.io/name"]`, `spec.ports[1].port` */
  readonly path: string;
  /** undefined: the field was added */
  readonly before: unknown;
  /** undefined: the field was removed */
  readonly after: unknown;
}

/** Every changed leaf (or whole added/removed subtree) from `before` to `after`, in document order. */
export function objectChanges(before: unknown, after: unknown): ObjectChange[] {
  const out: ObjectChange[] = [];
  walk(before, after, '.', out);
  return out;
}

function walk(before: unknown, after: unknown, path: string, out: ObjectChange[]): void {
  // maps and lists are walked (an equal subtree adds nothing), so each leaf is compared once
  // rather than every subtree serialized again at each level above it
  if (before === after) return;
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...Object.keys(before), ...Object.keys(after).filter((k) => !(k in before))];
    for (const key of keys) walk(before[key], after[key], childPath(path, key), out);
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let i = 0; i < Math.max(before.length, after.length); i++)
      walk(before[i], after[i], `${path === '.' ? '' : path}[${i}]`, out);
    return;
  }
  if (jsonEqual(before, after)) return;
  out.push({ path: path.startsWith('.') ? path.slice(1) : path, before, after });
}

/** A value in one line: strings quoted only when they would read as something else, long ones cut. */
export function shortValue(value: unknown): string {
  const text =
    typeof value === 'string' && /^[\w./:@-]+$/.test(value) && !/^(true|false|null|[\d.+-]+)$/.test(value)
      ? value
      : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** `spec.size: 3 → 5`, `spec.tier: added silver`, `metadata.labels.team: removed (was cache)` */
export function changeText(change: ObjectChange): string {
  if (change.before === undefined) return `${change.path}: added ${shortValue(change.after)}`;
  if (change.after === undefined) return `${change.path}: removed (was ${shortValue(change.before)})`;
  return `${change.path}: ${shortValue(change.before)} → ${shortValue(change.after)}`;
}
