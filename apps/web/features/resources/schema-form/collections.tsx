'use client';
// Arrays as repeatable items (a row per scalar, a sub-form per object; add, remove, move up and
// down) and maps as key/value rows. Each item or value is drawn by the form's own field
// renderer (`renderValue`), so an array of objects holding a map nests as deep as the schema.
import type { ReactNode } from 'react';
import { useState } from 'react';
import { mapFromRows, newRowId, reconcileRows, rowProblem, rowsFromMap } from './map-rows';
import type { MapRow } from './map-rows';
import styles from './schema-form.module.css';
import { moveItem, newValueFor } from './schema-fields';
import type { FieldNode, ValuePath } from './schema-fields';

/** Draws one item or map value: its node, accessible name, value, setter and path. */
export type RenderValue = (
  node: FieldNode,
  label: string,
  value: unknown,
  onChange: (v: unknown) => void,
  path: ValuePath,
) => ReactNode;

interface Props {
  readonly name: string;
  readonly node: FieldNode;
  readonly value: unknown;
  readonly onChange: (v: unknown) => void;
  readonly path: ValuePath;
  readonly readOnly: boolean;
  /** Whether emptying removes the property (true) or leaves [] / {} (an item or a map value). */
  readonly clearable: boolean;
  readonly renderValue: RenderValue;
}

function IconButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className={styles.iconButton} aria-label={label} title={label} onClick={onClick}>
      {children}
    </button>
  );
}

export function ListBody({ name, node, value, onChange, path, readOnly, clearable, renderValue }: Props) {
  if (node.kind !== 'list') return null;
  const items: readonly unknown[] = Array.isArray(value) ? value : [];
  const set = (next: readonly unknown[]) => onChange(next.length === 0 && clearable ? undefined : next);
  const nested = node.item.kind === 'object' || node.item.kind === 'list' || node.item.kind === 'map';
  return (
    <div className={styles.items}>
      {items.length === 0 && <span className={styles.hint}>No items.</span>}
      {items.map((item, i) => (
        <div key={i} className={nested ? styles.nestedItem : styles.itemRow}>
          <div className={styles.itemBody}>
            {renderValue(node.item, `${name} ${i + 1}`, item, (v) => set(items.map((x, j) => (j === i ? v : x))), [
              ...path,
              i,
            ])}
          </div>
          {!readOnly && (
            <div className={styles.itemButtons}>
              {i > 0 && (
                <IconButton label={`Move ${name} ${i + 1} up`} onClick={() => set(moveItem(items, i, i - 1))}>
                  ↑
                </IconButton>
              )}
              {i < items.length - 1 && (
                <IconButton label={`Move ${name} ${i + 1} down`} onClick={() => set(moveItem(items, i, i + 1))}>
                  ↓
                </IconButton>
              )}
              <IconButton label={`Remove ${name} ${i + 1}`} onClick={() => set(items.filter((_, j) => j !== i))}>
                ✕
              </IconButton>
            </div>
          )}
        </div>
      ))}
      {!readOnly && (
        <button type="button" className={styles.addButton} onClick={() => set([...items, newValueFor(node.item)])}>
          Add to {name}
        </button>
      )}
    </div>
  );
}

export function MapBody({ name, node, value, onChange, path, readOnly, clearable, renderValue }: Props) {
  const [rows, setRows] = useState<readonly MapRow[]>(() => rowsFromMap(value));
  const [seen, setSeen] = useState(value);
  // the object changed elsewhere (the YAML editor, Discard): follow it, keeping rows still being typed
  if (seen !== value) {
    setSeen(value);
    setRows(reconcileRows(rows, value));
  }
  if (node.kind !== 'map') return null;
  const update = (next: readonly MapRow[]) => {
    setRows(next);
    const map = mapFromRows(next);
    const out = map ?? (clearable ? undefined : {});
    setSeen(out);
    onChange(out);
  };
  return (
    <div className={styles.items}>
      {rows.length === 0 && <span className={styles.hint}>No entries.</span>}
      {rows.map((row, i) => {
        const problem = rowProblem(rows, i);
        return (
          <div key={row.id} className={styles.mapRow}>
            <input
              className={styles.keyInput}
              aria-label={`${name} key ${i + 1}`}
              aria-invalid={problem !== null || undefined}
              placeholder="key"
              readOnly={readOnly}
              value={row.key}
              onChange={(e) => update(rows.map((r) => (r.id === row.id ? { ...r, key: e.target.value } : r)))}
            />
            <div className={styles.itemBody}>
              {renderValue(
                node.value,
                `${name} value ${i + 1}`,
                row.value,
                (v) => update(rows.map((r) => (r.id === row.id ? { ...r, value: v } : r))),
                [...path, row.key],
              )}
            </div>
            {!readOnly && (
              <IconButton label={`Remove ${name} key ${i + 1}`} onClick={() => update(rows.filter((r) => r !== row))}>
                ✕
              </IconButton>
            )}
            {problem !== null && <span className={styles.fieldError}>Not applied: {problem}</span>}
          </div>
        );
      })}
      {!readOnly && (
        <button
          type="button"
          className={styles.addButton}
          onClick={() => setRows([...rows, { id: newRowId(), key: '', value: newValueFor(node.value) }])}
        >
          Add to {name}
        </button>
      )}
    </div>
  );
}
