// What `opstudio get` prints, from the kinds and objects it read: pure, so the tables are tested
// without a cluster. The cells are the web table's (printerCell/cellText/visibleColumns from
// shared), so a terminal and the dashboard agree.
import { resourceRow } from '@opstudio/shared/resources/row';
import { ageText, cellText, visibleColumns } from '@opstudio/shared/resources/printer-text';
import type { ResourceKind } from '../resources/types';
import { formatTable } from './output';

/** `opstudio get` without a kind: the studio's kinds, plural first (completion reads that column). */
export function kindsTable(kinds: readonly ResourceKind[]): string {
  if (kinds.length === 0) return 'No custom resource definitions found.\n';
  return formatTable(
    ['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND'],
    kinds.map((k) => [
      k.plural,
      k.shortNames.join(','),
      `${k.group}/${k.version ?? '-'}`,
      String(k.scope === 'Namespaced'),
      k.kind,
    ]),
  );
}

export interface TableOptions {
  /** Show the NAMESPACE column (every namespace was listed). */
  readonly allNamespaces: boolean;
  /** `-o wide`: the printer columns of priority above 0 too. */
  readonly wide: boolean;
  readonly now: number;
}

/** kubectl's table of custom resources: NAMESPACE, NAME, the printer columns, AGE. */
export function resourcesTable(kind: ResourceKind, objects: readonly unknown[], opts: TableOptions): string {
  const namespaced = opts.allNamespaces && kind.scope === 'Namespaced';
  const columns = visibleColumns(kind.printerColumns, opts.wide, namespaced);
  const rows = objects
    .map((o) => resourceRow(o, kind.printerColumns))
    .sort((a, b) => (a.namespace ?? '').localeCompare(b.namespace ?? '') || a.name.localeCompare(b.name))
    .map((r) => [
      ...(namespaced ? [r.namespace ?? ''] : []),
      r.name,
      ...columns.map((c) => cellText(r.columns[c.index], c.type, opts.now)),
      ageText(r.creationTimestamp, opts.now),
    ]);
  const headers = [...(namespaced ? ['NAMESPACE'] : []), 'NAME', ...columns.map((c) => c.name.toUpperCase()), 'AGE'];
  return formatTable(headers, rows);
}
