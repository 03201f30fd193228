// How a kind's printer columns read, the way `kubectl get` shows them: which columns a table
// shows and a cell's text. Shared by the web table and `opstudio get`, so both print the same.
import type { PrinterCell } from './row';

/** What a table needs of a printer column (the controller's PrinterColumn, the CRD's definition). */
export interface ShownColumn {
  readonly name: string;
  readonly type: string;
  readonly priority?: number;
  readonly jsonPath: string;
}

/** A cell's text: dates as ages, missing as empty (kubectl prints <none>). */
export function cellText(value: PrinterCell | undefined, type: string, now: number): string {
  if (value === undefined || value === null) return '';
  if (type === 'date' && typeof value === 'string') return ageText(value, now);
  return String(value);
}

/** kubectl's short age: 42s, 5m, 3h, 12d, 2y. */
export function ageText(iso: string | null | undefined, now: number): string {
  if (!iso) return '';
  const s = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  if (Number.isNaN(s)) return '';
  if (s < 120) return `${s}s`;
  if (s < 2 * 3600) return `${Math.floor(s / 60)}m`;
  if (s < 48 * 3600) return `${Math.floor(s / 3600)}h`;
  if (s < 365 * 86400) return `${Math.floor(s / 86400)}d`;
  return `${Math.floor(s / (365 * 86400))}y`;
}

/**
 * The columns a table shows, each with its index into a row's cells: priority 0 only (kubectl
 * hides the rest without -o wide; `wide` keeps them), and none that repeats a column the table
 * has of its own: Name, Age (creation time) and, when `namespaceShown`, Namespace. A printer
 * column that only shares such a header (a `Namespace` reading `.spec.targetNamespace`) stays,
 * headed with its path so the two can be told apart.
 */
export function visibleColumns<C extends ShownColumn>(
  columns: readonly C[],
  wide = false,
  namespaceShown = false,
): (C & { readonly index: number })[] {
  const own = new Map<string, string>([
    ['name', '.metadata.name'],
    ['age', '.metadata.creationTimestamp'],
    ...(namespaceShown ? [['namespace', '.metadata.namespace'] as const] : []),
  ]);
  const repeats = (c: ShownColumn) => [...own.values()].includes(c.jsonPath);
  return columns
    .map((c, index) => ({ ...c, index }))
    .filter((c) => (wide || (c.priority ?? 0) === 0) && !repeats(c))
    .map((c) => (own.has(c.name.toLowerCase()) ? { ...c, name: `${c.name} (${c.jsonPath})` } : c));
}
