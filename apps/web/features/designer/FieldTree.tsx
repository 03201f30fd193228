'use client';
// The selected version's field tree: select a field to edit it, add fields ("Add field" adds to
// the selected object, or next to the selected field), reorder, nest into the object above,
// delete. An array's element and a map's value are rows of their own. Real CRDs have tens of
// thousands of rows (kyverno's ClusterPolicy: ~1,800 per version; a pasted 5 MB design: ~34,000), so the tree is flattened (memoized on
// the version's schema node: a Kind keystroke does not touch it) and windowed: only the rows in
// view are rendered, each of one fixed height, as a flat ARIA tree (treeitems with aria-level,
// aria-setsize, aria-posinset). The selected row is scrolled into view. Rows are memoized on
// their node: an edit re-renders a few rows (actions read the current design through a ref).
import type { FieldNode, NamedField } from '@opstudio/shared/design/field';
import { fieldKind } from '@opstudio/shared/design/kinds';
import type { Design } from '@opstudio/shared/design/schema';
import {
  addField,
  canHoldFields,
  freshName,
  moveField,
  nestIntoPrevious,
  nodeAt,
  removeField,
  type FieldAddress,
  type FieldStep,
} from '@opstudio/shared/designer/field-tree';
import { useVirtualizer } from '@tanstack/react-virtual';
import { createContext, memo, useContext, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import type { Edit } from './edit';
import { flattenFields, type Row } from './field-rows';
import { IssuesContext } from './form-bits';
import styles from './designer.module.css';
import tree from './fieldtree.module.css';

/** Must match `.row` in fieldtree.module.css. */
const ROW_HEIGHT = 28;
/** The scroll container's height at most (then the tree scrolls inside it). */
const MAX_HEIGHT = 28 * 16;

interface Props {
  readonly design: Design;
  readonly edit: Edit;
  readonly version: number;
  readonly selected: FieldAddress | null;
  readonly onSelect: (addr: FieldAddress | null) => void;
}

/** Where "Add field" puts the new field. */
function addTarget(design: Design, version: number, selected: FieldAddress | null): FieldAddress {
  if (selected !== null && selected.version === version) {
    if (canHoldFields(nodeAt(design, selected)) && selected.path.length > 0) return selected;
    if (selected.path.length > 0) {
      const parent = { version, path: selected.path.slice(0, -1) };
      if (canHoldFields(nodeAt(design, parent))) return parent;
    }
  }
  const root = design.crd.versions[version]?.schema;
  const spec = root?.fields?.findIndex((f) => f.name === 'spec') ?? -1;
  return { version, path: spec >= 0 ? [spec] : [] };
}

interface TreeActions {
  readonly design: () => Design;
  readonly edit: Edit;
  readonly onSelect: (addr: FieldAddress | null) => void;
}

const ActionsContext = createContext<TreeActions | null>(null);

const keyOf = (addr: FieldAddress | null): string | null =>
  addr === null ? null : `${addr.version}/${addr.path.join('/')}`;
export function FieldTree({ design, edit, version, selected, onSelect }: Props) {
  const root = design.crd.versions[version]?.schema;
  const current = useRef(design);
  current.current = design;
  const actions = useRef<TreeActions>({ design: () => current.current, edit, onSelect });
  const onAdd = () => {
    const target = addTarget(design, version, selected);
    const field: NamedField = { name: freshName(nodeAt(design, target)?.fields), type: 'string' };
    // addresses come from the design on screen, which is the reducer's state
    onSelect(addField(design, target, field).added);
    edit((d) => addField(d, target, field).design, null);
  };
  const base = `versions[${design.crd.versions[version]?.name ?? version}]`;
  // flattening ~1,800 rows takes a few ms: a keystroke in a field's own editor paints first
  const shownRoot = useDeferredValue(root);
  const rows = useMemo(() => flattenFields(shownRoot?.fields ?? [], base), [shownRoot, base]);
  const selectedKey = keyOf(selected);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    getItemKey: (i) => rows[i]?.pathKey ?? i,
    // the first paint (and a server render) shows the first rows, before the scroller is measured
    initialRect: { width: 0, height: MAX_HEIGHT },
  });
  // the selected field is always in view: selected from the form, added, moved or nested
  useEffect(() => {
    if (selectedKey === null) return;
    const index = rows.findIndex((r) => `${version}/${r.pathKey}` === selectedKey);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [selectedKey, rows, version, virtualizer]);
  const total = virtualizer.getTotalSize();
  return (
    <section className={styles.section} aria-label="Fields">
      <div className={styles.sectionHead}>
        <h2>Fields</h2>
        <button type="button" className={styles.primarySmall} onClick={onAdd}>
          Add field
        </button>
      </div>
      {rows.length === 0 ? (
        <p className={styles.hint}>No fields yet: add spec and status fields with “Add field”.</p>
      ) : null}
      <ActionsContext.Provider value={actions.current}>
        <div
          ref={scroller}
          className={tree.scroller}
          style={{ height: Math.min(total, MAX_HEIGHT) }}
          data-testid="field-tree-scroller"
        >
          <ul className={`${styles.tree} ${tree.rows}`} style={{ height: total }} role="tree" aria-label="Field tree">
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index]!;
              return (
                <TreeRow
                  key={item.key}
                  row={row}
                  version={version}
                  top={item.start}
                  selected={selectedKey === `${version}/${row.pathKey}`}
                />
              );
            })}
          </ul>
        </div>
      </ActionsContext.Provider>
    </section>
  );
}

interface RowProps {
  readonly row: Row;
  readonly version: number;
  readonly top: number;
  readonly selected: boolean;
}

const stepsOf = (pathKey: string): FieldStep[] =>
  pathKey.split('/').map((s) => (s === 'items' || s === 'additionalProperties' ? s : Number(s)));

const TreeRow = memo(function TreeRow({ row, version, top, selected }: RowProps) {
  const { node, pathKey, issuePath, siblings } = row;
  const issues = useContext(IssuesContext);
  const actions = useContext(ActionsContext)!;
  const addr: FieldAddress = { version, path: stepsOf(pathKey) };
  const last = addr.path[addr.path.length - 1]!;
  const named = typeof last === 'number';
  const label = named ? (node as NamedField).name : last === 'items' ? '[items]' : '[values]';
  const hasIssue = issues.size > 0 && [...issues.keys()].some((k) => k === issuePath || k.startsWith(`${issuePath}.`));
  const move = (delta: -1 | 1) => {
    actions.onSelect(moveField(actions.design(), addr, delta).moved);
    actions.edit((d) => moveField(d, addr, delta).design, null);
  };
  const nest = () => {
    actions.onSelect(nestIntoPrevious(actions.design(), addr).moved);
    actions.edit((d) => nestIntoPrevious(d, addr).design, null);
  };
  return (
    <li
      role="treeitem"
      className={tree.row}
      style={{ transform: `translateY(${top}px)` }}
      aria-selected={selected}
      aria-expanded={row.hasChildren ? true : undefined}
      aria-level={row.depth + 1}
      aria-posinset={row.posinset}
      aria-setsize={row.setsize}
    >
      <div className={`${styles.treeRow} ${selected ? styles.treeRowSelected : ''}`}>
        {Array.from({ length: row.depth }, (_, i) => (
          <span key={i} className={tree.guide} aria-hidden="true" />
        ))}
        <button
          type="button"
          className={styles.treeName}
          onClick={() => actions.onSelect(addr)}
          aria-label={`Edit field ${label}`}
        >
          <span className={`${styles.mono} ${tree.label}`}>{label}</span>
          {(node as NamedField).required ? (
            <span className={styles.req} title="required">
              *
            </span>
          ) : null}
          <span className={styles.kindTag}>{fieldKind(node)}</span>
          {hasIssue ? <span className={styles.issueDot} title="has issues" /> : null}
        </button>
        {named ? (
          <span className={styles.treeActions}>
            <button
              type="button"
              aria-label={`Move ${label} up`}
              title="Move up"
              disabled={last === 0}
              onClick={() => move(-1)}
            >
              ↑
            </button>
            <button
              type="button"
              aria-label={`Move ${label} down`}
              title="Move down"
              disabled={last >= siblings - 1}
              onClick={() => move(1)}
            >
              ↓
            </button>
            <button
              type="button"
              aria-label={`Nest ${label} into the field above`}
              title="Nest into the field above"
              disabled={last === 0}
              onClick={nest}
            >
              →
            </button>
            <button
              type="button"
              aria-label={`Delete field ${label}`}
              title="Delete field (Ctrl-Z undoes)"
              onClick={() => {
                // a field with children takes them along: ask first (Undo would bring them back too)
                const children = countDescendants(node);
                if (children > 0 && !window.confirm(deleteQuestion(label, children))) return;
                actions.edit((d) => removeField(d, addr), null);
                actions.onSelect(null);
              }}
            >
              ✕
            </button>
          </span>
        ) : null}
      </div>
    </li>
  );
});

/** Fields under a node (its fields, its items' and map values' fields), counted for the delete question. */
function countDescendants(node: FieldNode): number {
  const own = node.fields ?? [];
  const below = [node.items, typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined];
  return (
    own.length +
    own.reduce((n, f) => n + countDescendants(f), 0) +
    below.reduce((n, b) => n + (b !== undefined ? countDescendants(b) : 0), 0)
  );
}

const deleteQuestion = (label: string, children: number): string =>
  `Delete ${label} and the ${children} field${children === 1 ? '' : 's'} under it? (Ctrl-Z undoes it.)`;
