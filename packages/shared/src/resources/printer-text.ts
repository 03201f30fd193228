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
 * hides the rest without -o wide; `wide` keeps them), and not the creation-time Age column (the
 * table has its own).
 */
export function visibleColumns<C extends ShownColumn>(
  columns: readonly C[],
  wide = false,
): (C & { readonly index: number })[] {
  return columns
    .map((c, index) => ({ ...c, index }))
    .filter(
      (c) => (wide || (c.priority ?? 0) === 0) && !(c.type === 'date' && c.jsonPath === '.metadata.creationTimestamp'),
    );
}
