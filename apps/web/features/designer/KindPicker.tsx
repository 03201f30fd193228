'use client';
// "Add resource": a built-in kind (each with a starter template) or any custom resource by
// apiVersion and kind.
import { BUILTIN_CHILD_KINDS } from '@opstudio/shared/graph/child-kinds';
import { useState } from 'react';
import styles from './designer.module.css';
import own from './resources.module.css';

const CUSTOM = 'custom';
const apiVersionOf = (k: (typeof BUILTIN_CHILD_KINDS)[number]) =>
  k.group === '' ? k.version : `${k.group}/${k.version}`;

export function KindPicker({ onAdd }: { readonly onAdd: (apiVersion: string, kind: string) => void }) {
  const [choice, setChoice] = useState('0');
  const [apiVersion, setApiVersion] = useState('');
  const [kind, setKind] = useState('');
  const custom = choice === CUSTOM;
  const ready = !custom || (/^([a-z0-9.-]+\/)?v[0-9a-z]+$/.test(apiVersion) && /^[A-Z][A-Za-z0-9]*$/.test(kind));
  const add = () => {
    if (custom) onAdd(apiVersion, kind);
    else {
      const k = BUILTIN_CHILD_KINDS[Number(choice)]!;
      onAdd(apiVersionOf(k), k.kind);
    }
  };
  return (
    <div className={own.picker}>
      <label className={styles.input}>
        Kind of the new resource
        <select value={choice} onChange={(e) => setChoice(e.target.value)}>
          {BUILTIN_CHILD_KINDS.map((k, i) => (
            <option key={k.kind} value={String(i)}>
              {k.kind} ({apiVersionOf(k)})
            </option>
          ))}
          <option value={CUSTOM}>Custom resource…</option>
        </select>
      </label>
      {custom ? (
        <>
          <label className={styles.input}>
            API version
            <input
              value={apiVersion}
              placeholder="cert-manager.io/v1"
              onChange={(e) => setApiVersion(e.target.value.trim())}
            />
          </label>
          <label className={styles.input}>
            Kind
            <input value={kind} placeholder="Certificate" onChange={(e) => setKind(e.target.value.trim())} />
          </label>
        </>
      ) : null}
      <button type="button" onClick={add} disabled={!ready}>
        Add resource
      </button>
    </div>
  );
}
