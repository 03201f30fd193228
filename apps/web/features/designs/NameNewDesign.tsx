'use client';
// The step between choosing a template and having a design: its name, proposed free, editable,
// then Create. Nothing is saved until then (a click on a template used to save "Memcached 2" at
// once). Enter creates, Escape cancels.
import { useState } from 'react';
import styles from './designs.module.css';

interface Props {
  readonly template: string;
  readonly proposed: string;
  readonly taken: ReadonlySet<string>;
  readonly busy: boolean;
  readonly onCreate: (name: string) => void;
  readonly onCancel: () => void;
}

export function NameNewDesign({ template, proposed, taken, busy, onCreate, onCancel }: Props) {
  const [name, setName] = useState(proposed);
  const trimmed = name.trim();
  const problem =
    trimmed === ''
      ? 'a design needs a name'
      : taken.has(trimmed)
        ? `another design is already named "${trimmed}"`
        : null;
  return (
    <form
      className={styles.card}
      aria-label="Name the new design"
      onSubmit={(e) => {
        e.preventDefault();
        if (problem === null) onCreate(trimmed);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <h2>New design from {template}</h2>
      <label className={styles.field}>
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} autoFocus aria-invalid={problem !== null} />
      </label>
      {problem !== null ? <p role="alert">{problem}</p> : null}
      <div className={styles.choices}>
        <button type="submit" disabled={busy || problem !== null}>
          Create
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
