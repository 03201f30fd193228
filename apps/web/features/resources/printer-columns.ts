// How a kind's printer columns show in the table, the way `kubectl get` shows them. The server
// evaluates each column's JSONPath (rows carry the cells); this decides which columns show and
// how a cell reads.
import type { PrinterCell, PrinterColumn } from './api-types';

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
 * hides the rest without -o wide), and not the creation-time Age column (the table has its own).
 */
export function visibleColumns(columns: readonly PrinterColumn[]): (PrinterColumn & { readonly index: number })[] {
  return columns
    .map((c, index) => ({ ...c, index }))
    .filter((c) => (c.priority ?? 0) === 0 && !(c.type === 'date' && c.jsonPath === '.metadata.creationTimestamp'));
}
