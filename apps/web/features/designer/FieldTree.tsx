'use client';
// The selected version's field tree: select a field to edit it, add fields ("Add field" adds to
// the selected object, or next to the selected field), reorder, nest into the object above,
// delete. An array's element and a map's value are rows of their own. Rows are memoized on
// their node: an edit copies only the nodes on its path, so a keystroke re-renders a few rows
// of a 200-field tree, not all of them (actions read the current design through a ref).
import type { FieldNode, NamedField } from '@opstudio/shared/design/field';
import { fieldKind } from '@opstudio/shared/design/kinds';
import type { Design } from '@opstudio/shared/design/schema';
import {
  addField,
  freshName,
  moveField,
  nestIntoPrevious,
  nodeAt,
  removeField,
  type FieldAddress,
  type FieldStep,
} from '@opstudio/shared/designer/field-tree';
import { createContext, memo, useContext, useRef } from 'react';
import type { Edit } from './edit';
import { IssuesContext } from './form-bits';
import styles from './designer.module.css';

interface Props {
  readonly design: Design;
  readonly edit: Edit;
  readonly version: number;
  readonly selected: FieldAddress | null;
  readonly onSelect: (addr: FieldAddress | null) => void;
}

const isObject = (n: FieldNode | undefined): boolean =>
  n !== undefined &&
  n.preset === undefined &&
  (n.type === 'object' || n.type === undefined) &&
  n.additionalProperties === undefined &&
  !n.embeddedResource;

/** Where "Add field" puts the new field. */
function addTarget(design: Design, version: number, selected: FieldAddress | null): FieldAddress {
  if (selected !== null && selected.version === version) {
    if (isObject(nodeAt(design, selected)) && selected.path.length > 0) return selected;
    if (selected.path.length > 0) {
      const parent = { version, path: selected.path.slice(0, -1) };
      if (isObject(nodeAt(design, parent))) return parent;
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

const IDENT = /^[A-Za-z_$][\w$-]*$/;
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
  return (
    <section className={styles.section} aria-label="Fields">
      <div className={styles.sectionHead}>
        <h2>Fields</h2>
        <button type="button" className={styles.primarySmall} onClick={onAdd}>
          Add field
        </button>
      </div>
      {root?.fields === undefined || root.fields.length === 0 ? (
        <p className={styles.hint}>No fields yet: add spec and status fields with “Add field”.</p>
      ) : null}
      <ActionsContext.Provider value={actions.current}>
        <ul className={styles.tree} role="tree" aria-label="Field tree">
          {(root?.fields ?? []).map((f, i) => (
            <TreeRow
              key={`${i}:${f.name}`}
              node={f}
              version={version}
              pathKey={String(i)}
              issuePath={`${base}${IDENT.test(f.name) ? `.${f.name}` : `[${JSON.stringify(f.name)}]`}`}
              selectedKey={keyOf(selected)}
              siblings={root?.fields?.length ?? 0}
            />
          ))}
        </ul>
      </ActionsContext.Provider>
    </section>
  );
}

interface RowProps {
  readonly node: FieldNode;
  readonly version: number;
  /** The steps from the root, joined by `/` (a string, so memo compares it by value). */
  readonly pathKey: string;
  readonly issuePath: string;
  readonly selectedKey: string | null;
  readonly siblings: number;
}

const stepsOf = (pathKey: string): FieldStep[] =>
  pathKey.split('/').map((s) => (s === 'items' || s === 'additionalProperties' ? s : Number(s)));

const TreeRow = memo(function TreeRow({ node, version, pathKey, issuePath, selectedKey, siblings }: RowProps) {
  const issues = useContext(IssuesContext);
  const actions = useContext(ActionsContext)!;
  const addr: FieldAddress = { version, path: stepsOf(pathKey) };
  const last = addr.path[addr.path.length - 1]!;
  const named = typeof last === 'number';
  const label = named ? (node as NamedField).name : last === 'items' ? '[items]' : '[values]';
  const hasIssue = issues.size > 0 && [...issues.keys()].some((k) => k === issuePath || k.startsWith(`${issuePath}.`));
  const isSelected = selectedKey === `${version}/${pathKey}`;
  const children: { node: FieldNode; step: FieldStep; path: string }[] = [
    ...(node.fields ?? []).map((f, i) => ({
      node: f,
      step: i,
      path: `${issuePath}${IDENT.test(f.name) ? `.${f.name}` : `[${JSON.stringify(f.name)}]`}`,
    })),
    ...(node.items ? [{ node: node.items, step: 'items' as const, path: `${issuePath}.items` }] : []),
    ...(typeof node.additionalProperties === 'object'
      ? [
          {
            node: node.additionalProperties,
            step: 'additionalProperties' as const,
            path: `${issuePath}.additionalProperties`,
          },
        ]
      : []),
  ];
  const move = (delta: -1 | 1) => {
    actions.onSelect(moveField(actions.design(), addr, delta).moved);
    actions.edit((d) => moveField(d, addr, delta).design, null);
  };
  const nest = () => {
    actions.onSelect(nestIntoPrevious(actions.design(), addr).moved);
    actions.edit((d) => nestIntoPrevious(d, addr).design, null);
  };
  return (
    <li role="treeitem" aria-selected={isSelected} aria-expanded={children.length > 0 ? true : undefined}>
      <div className={`${styles.treeRow} ${isSelected ? styles.treeRowSelected : ''}`}>
        <button
          type="button"
          className={styles.treeName}
          onClick={() => actions.onSelect(addr)}
          aria-label={`Edit field ${label}`}
        >
          <span className={styles.mono}>{label}</span>
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
            <button type="button" aria-label={`Move ${label} up`} disabled={last === 0} onClick={() => move(-1)}>
              ↑
            </button>
            <button
              type="button"
              aria-label={`Move ${label} down`}
              disabled={last >= siblings - 1}
              onClick={() => move(1)}
            >
              ↓
            </button>
            <button
              type="button"
              aria-label={`Nest ${label} into the field above`}
              disabled={last === 0}
              onClick={nest}
            >
              →
            </button>
            <button
              type="button"
              aria-label={`Delete field ${label}`}
              onClick={() => {
                actions.edit((d) => removeField(d, addr), null);
                actions.onSelect(null);
              }}
            >
              ✕
            </button>
          </span>
        ) : null}
      </div>
      {children.length > 0 ? (
        <ul role="group">
          {children.map((c) => (
            <TreeRow
              key={`${String(c.step)}:${(c.node as NamedField).name ?? ''}`}
              node={c.node}
              version={version}
              pathKey={`${pathKey}/${String(c.step)}`}
              issuePath={c.path}
              selectedKey={selectedKey}
              siblings={node.fields?.length ?? 0}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
});
