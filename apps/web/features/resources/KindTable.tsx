'use client';
// A kind's CRs as a live table, virtualized: only the rows in view (plus a few) are in the DOM,
// so 5,000 rows scroll like 50. It stays a real <table> (spacer rows above and below the window,
// aria-rowcount/aria-rowindex for the rows not rendered), so screen readers and tests see a
// table with one row per CR, each named by the CR's name.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRouter } from 'next/navigation';
import { memo, useCallback, useMemo, useRef } from 'react';
import type { MouseEvent } from 'react';
import type { ResourceKind, ResourceRow } from './api-types';
import { useCluster } from '../cluster/ClusterScope';
import { ConditionBadges } from './ConditionBadges';
import { objectPath } from './paths';
import { ageText, cellText, visibleColumns } from './printer-columns';
import styles from './resources.module.css';

const ROW_HEIGHT = 37; // 36px cell + 1px border: must match resources.module.css

interface Props {
  readonly kind: ResourceKind;
  readonly rows: readonly ResourceRow[];
  readonly showNamespace: boolean;
  readonly now: number;
  /** Absent for kinds the studio does not manage (read-only). */
  readonly onDelete?: ((row: ResourceRow) => void) | undefined;
  /** The revision each resource runs (docs/design/0055); absent for kinds the studio does not manage. */
  readonly revisionOf?: ((row: ResourceRow) => string) | undefined;
}

export function KindTable({ kind, rows, showNamespace, now, onDelete, revisionOf }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const router = useRouter();
  // a plain link with client-side navigation: a next/link per row costs hooks and an observer
  // for every row that scrolls into view, and thousands of rows scroll by
  const onOpen = useCallback(
    (e: MouseEvent<HTMLAnchorElement>, href: string) => {
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return; // new tab/window: the browser's job
      e.preventDefault();
      router.push(href);
    },
    [router],
  );
  // no getItemKey: rows are keyed by uid below, and a getItemKey that changes with every live
  // update makes the virtualizer rebuild its measurements of all rows (10,000) each time
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const columns = useMemo(
    () => visibleColumns(kind.printerColumns, false, showNamespace),
    [kind.printerColumns, showNamespace],
  );
  const colCount = 3 + (showNamespace ? 1 : 0) + columns.length + (onDelete ? 1 : 0) + (revisionOf ? 1 : 0);

  return (
    <div ref={scroller} className={styles.scroller} data-testid="kind-table-scroller">
      <table className={styles.table} aria-label={`${kind.kind} resources`} aria-rowcount={rows.length + 1}>
        <colgroup>
          <col style={{ width: '28%' }} />
          {showNamespace && <col style={{ width: '14%' }} />}
          {columns.map((c) => (
            <col key={c.name} />
          ))}
          {revisionOf && <col style={{ width: '8rem' }} />}
          <col style={{ width: '22%' }} />
          <col style={{ width: '4.5rem' }} />
          {onDelete && <col style={{ width: '6rem' }} />}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">Name</th>
            {showNamespace && <th scope="col">Namespace</th>}
            {columns.map((c) => (
              <th scope="col" key={c.name} title={c.description}>
                {c.name}
              </th>
            ))}
            {revisionOf && <th scope="col">Revision</th>}
            <th scope="col">Conditions</th>
            <th scope="col">Age</th>
            {onDelete && <th scope="col" aria-label="Actions" />}
          </tr>
        </thead>
        <tbody>
          {top > 0 && (
            <tr aria-hidden="true" className={styles.spacerRow}>
              <td colSpan={colCount} style={{ height: top }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            if (row === undefined) return null;
            return (
              <Row
                key={row.uid}
                row={row}
                index={item.index}
                kind={kind}
                columns={columns}
                showNamespace={showNamespace}
                now={now}
                onDelete={onDelete}
                onOpen={onOpen}
                revision={revisionOf?.(row)}
              />
            );
          })}
          {bottom > 0 && (
            <tr aria-hidden="true" className={styles.spacerRow}>
              <td colSpan={colCount} style={{ height: bottom }} />
            </tr>
          )}
        </tbody>
      </table>
      {rows.length === 0 && <p className={styles.empty}>No {kind.plural} here yet.</p>}
    </div>
  );
}

interface RowProps {
  readonly row: ResourceRow;
  readonly index: number;
  readonly kind: ResourceKind;
  readonly columns: ReturnType<typeof visibleColumns>;
  readonly showNamespace: boolean;
  readonly now: number;
  readonly onDelete: Props['onDelete'];
  readonly onOpen: (e: MouseEvent<HTMLAnchorElement>, href: string) => void;
  /** its Revision cell's text; undefined: no such column */
  readonly revision: string | undefined;
}

/** One CR's row; memoized, so scrolling renders only the rows that come into view. */
const Row = memo(function Row({ row, index, kind, columns, showNamespace, now, onDelete, onOpen, revision }: RowProps) {
  const href = useCluster().href(objectPath(kind.name, row.namespace ?? undefined, row.name));
  return (
    <tr aria-rowindex={index + 2} aria-label={row.name} data-deleting={row.deletionTimestamp !== null || undefined}>
      <td title={row.name}>
        <a href={href} onClick={(e) => onOpen(e, href)}>
          {row.name}
        </a>
        {row.deletionTimestamp !== null && <span className={`${styles.badge} ${styles.bad}`}> deleting</span>}
      </td>
      {showNamespace && <td title={row.namespace ?? undefined}>{row.namespace ?? ''}</td>}
      {columns.map((c) => {
        // cells truncate with an ellipsis (fixed table layout): the tooltip has the whole text
        const text = cellText(row.columns[c.index], c.type, now);
        return (
          <td key={c.name} title={text === '' ? undefined : text}>
            {text}
          </td>
        );
      })}
      {revision !== undefined && <td title={revision}>{revision}</td>}
      <td>
        <ConditionBadges conditions={row.conditions} />
      </td>
      <td title={row.creationTimestamp ?? undefined}>{ageText(row.creationTimestamp, now)}</td>
      {onDelete && (
        <td>
          <button
            type="button"
            className={`${styles.button} ${styles.danger}`}
            onClick={() => onDelete(row)}
            aria-label={`Delete ${row.name}`}
            disabled={row.deletionTimestamp !== null}
          >
            Delete
          </button>
        </td>
      )}
    </tr>
  );
});
