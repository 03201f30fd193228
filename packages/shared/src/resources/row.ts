// A custom resource as one table row: identity, age, generations, the printer-column cells the
// CRD declares (computed like the API server's table convertor: the first value the JSONPath
// reaches, typed by the column's type) and its conditions. Pure: the controller builds rows for
// the `resources:` topics and the browser may build them from a full object the same way.
import type { CustomResourceColumnDefinition } from '../crd/types';
import { REVISION_ANNOTATION } from '../rollout/revision';
import { evaluateJsonPath, JsonPathError } from './jsonpath';

/** null: the path found nothing (kubectl prints `<none>`). */
export type PrinterCell = string | number | boolean | null;

export interface RowCondition {
  readonly type: string;
  readonly status: string;
  readonly reason: string | null;
  readonly message: string | null;
  readonly lastTransitionTime: string | null;
}

export interface ResourceRow {
  readonly uid: string;
  readonly name: string;
  /** null for cluster-scoped kinds. */
  readonly namespace: string | null;
  readonly creationTimestamp: string | null;
  /** Set while finalizers run. */
  readonly deletionTimestamp: string | null;
  readonly generation: number | null;
  readonly observedGeneration: number | null;
  readonly resourceVersion: string;
  /** One per printer column of the kind's shown version, same order. */
  readonly columns: readonly PrinterCell[];
  readonly conditions: readonly RowCondition[];
  /** The revision its `studio.opstudio.dev/revision` annotation pins, as written (docs/design/0055); absent when none. */
  readonly pinnedRevision?: string;
}

export type PrinterColumnSpec = Pick<CustomResourceColumnDefinition, 'jsonPath' | 'type'>;

/** The cell for one column, as `kubectl get` computes it (but typed instead of printed). */
export function printerCell(obj: unknown, column: PrinterColumnSpec): PrinterCell {
  let found: unknown[];
  try {
    found = evaluateJsonPath(obj, column.jsonPath);
  } catch (err) {
    if (err instanceof JsonPathError) return null; // the API server refuses such CRDs; a bad path shows nothing
    throw err;
  }
  if (found.length === 0 || found[0] === undefined || found[0] === null) return null;
  const v = found[0];
  switch (column.type) {
    case 'integer':
      return typeof v === 'number' ? Math.trunc(v) : typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : null;
    case 'number':
      return typeof v === 'number'
        ? v
        : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
          ? Number(v)
          : null;
    case 'boolean':
      return typeof v === 'boolean' ? v : v === 'true' ? true : v === 'false' ? false : null;
    case 'date':
      return typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : null;
    default:
      return typeof v === 'string' ? v : JSON.stringify(v);
  }
}

export function resourceRow(obj: unknown, columns: readonly PrinterColumnSpec[]): ResourceRow {
  const o = record(obj);
  const meta = record(o.metadata);
  const status = record(o.status);
  return {
    uid: str(meta.uid) ?? '',
    name: str(meta.name) ?? '',
    namespace: str(meta.namespace),
    creationTimestamp: str(meta.creationTimestamp),
    deletionTimestamp: str(meta.deletionTimestamp),
    generation: num(meta.generation),
    observedGeneration: num(status.observedGeneration),
    resourceVersion: str(meta.resourceVersion) ?? '',
    columns: columns.map((c) => printerCell(obj, c)),
    conditions: conditionsOf(status.conditions),
    ...pinned(record(meta.annotations)),
  };
}

const pinned = (annotations: Record<string, unknown>): { pinnedRevision?: string } => {
  const v = str(annotations[REVISION_ANNOTATION]);
  return v === null ? {} : { pinnedRevision: v };
};

/**
 * A table's order: namespace, then name. Both are DNS names (a-z, 0-9, '-', '.'), for which plain
 * code-unit order is the order localeCompare gives, at a fraction of its cost: sorting 10,000
 * rows with localeCompare took longer than a frame.
 */
export function compareByPlace(
  a: { readonly namespace: string | null; readonly name: string },
  b: { readonly namespace: string | null; readonly name: string },
): number {
  const an = a.namespace ?? '';
  const bn = b.namespace ?? '';
  if (an !== bn) return an < bn ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** status.conditions entries that have a type and a status; anything else is skipped. */
export function conditionsOf(raw: unknown): RowCondition[] {
  if (!Array.isArray(raw)) return [];
  const out: RowCondition[] = [];
  for (const item of raw) {
    const c = record(item);
    const type = str(c.type);
    const status = str(c.status);
    if (type === null || status === null) continue;
    out.push({
      type,
      status,
      reason: str(c.reason),
      message: str(c.message),
      lastTransitionTime: str(c.lastTransitionTime),
    });
  }
  return out;
}

function record(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
function str(v: unknown): string | null {
  if (v instanceof Date) return v.toISOString();
  return typeof v === 'string' && v !== '' ? v : null;
}
function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}
