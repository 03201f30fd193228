'use client';
// The header's cluster picker: the kubeconfig's contexts (use-contexts.ts), the page's own marked;
// choosing one opens its overview, /c/<context>. A cluster that does not answer is listed with
// why, and can still be opened (its page then says it is disconnected). A disclosure button over
// plain links (WAI-ARIA's disclosure pattern): Tab and Enter reach every choice, Esc closes it,
// and a context opens in a new tab like any link. With
// one context there is nothing to choose: the name only.
import { clusterHref } from '@opstudio/shared/kube/cluster-href';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useCluster } from './ClusterScope';
import styles from './picker.module.css';
import { useClusterContexts } from './use-contexts';

export function ClusterPicker() {
  const { context } = useCluster();
  const contexts = useClusterContexts();
  const list = contexts.data ?? [];
  const current = context ?? list.find((c) => c.default)?.name ?? null;
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // a click anywhere else closes it, as a menu would
  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (box.current !== null && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Escape' || !open) return;
    e.stopPropagation(); // this Escape is the picker's, not the page's
    setOpen(false);
    button.current?.focus();
  };

  if (current === null) return null; // not known yet (or the controller is away): the badge says so
  if (list.length <= 1 && (list.length === 0 || list[0]?.name === current))
    return (
      <span className={styles.single} title="The kubeconfig's only context">
        <span className={styles.label}>Cluster</span> {current}
      </span>
    );
  return (
    <div ref={box} className={styles.picker} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className={styles.summary}
        aria-expanded={open}
        aria-controls="cluster-picker-list"
        onClick={() => setOpen(!open)}
      >
        <span className={styles.label}>Cluster</span> <span className={styles.current}>{current}</span>
      </button>
      <ul id="cluster-picker-list" className={styles.menu} aria-label="Clusters" hidden={!open}>
        {list.map((c) => (
          <li key={c.name}>
            <Link
              href={clusterHref(c.name, '/')}
              className={styles.choice}
              aria-current={c.name === current ? 'true' : undefined}
              data-reachable={c.reachable}
              onClick={() => setOpen(false)}
            >
              <span className={styles.name}>
                <span className={styles.dot} aria-hidden="true" />
                {c.name}
                {c.default && <span className={styles.note}> (default)</span>}
              </span>
              <span className={styles.detail}>
                {c.reachable ? `${c.server} · ${c.version ?? ''}` : `unreachable: ${c.message ?? 'no answer'}`}
              </span>
            </Link>
          </li>
        ))}
        {contexts.error instanceof Error && (
          <li className={styles.detail}>Contexts unavailable: {contexts.error.message}</li>
        )}
      </ul>
    </div>
  );
}
