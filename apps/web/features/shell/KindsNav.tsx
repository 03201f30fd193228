'use client';
// The kinds in the navigation: the ones the studio installed (a CRD labelled with its design) by
// kind name, and every other CRD of the cluster under "Other kinds", browsable read-only.
import Link from 'next/link';
import { useCluster } from '../cluster/ClusterScope';
import { useKinds } from '../resources/use-kinds';
import { kindPath } from '../resources/paths';
import styles from './shell.module.css';

export function KindsNav() {
  const { kinds, error } = useKinds();
  const { path: pathname, href: on } = useCluster();
  const current = (href: string) => (pathname === href || pathname.startsWith(`${href}/`) ? 'page' : undefined);
  const studio = (kinds ?? []).filter((k) => k.designId !== null);
  const other = (kinds ?? []).filter((k) => k.designId === null);
  // two designs may both define a "Memcached" (in different groups): the group tells them apart
  const repeated = new Set(studio.map((k) => k.kind).filter((kind, i, all) => all.indexOf(kind) !== i));
  return (
    <>
      <h2 className={styles.heading} id="nav-kinds">
        Kinds
      </h2>
      {error !== null && <p className={styles.hint}>Kinds unavailable: {error}</p>}
      {kinds !== null && studio.length === 0 && <p className={styles.hint}>None installed yet: install a design.</p>}
      <ul className={styles.links} aria-labelledby="nav-kinds">
        {studio.map((k) => (
          <li key={k.name}>
            <Link href={on(kindPath(k.name))} aria-current={current(kindPath(k.name))} title={k.name}>
              {k.kind}
              {repeated.has(k.kind) && <span className={styles.group}> {k.group}</span>}
            </Link>
          </li>
        ))}
      </ul>
      {other.length > 0 && (
        <details
          className={styles.other}
          open={other.some((k) => current(kindPath(k.name)) !== undefined) || undefined}
        >
          <summary className={styles.heading}>Other kinds ({other.length})</summary>
          <ul className={styles.links} aria-label="Other kinds">
            {other.map((k) => (
              <li key={k.name}>
                <Link href={on(kindPath(k.name))} aria-current={current(kindPath(k.name))} title={k.name}>
                  {k.kind} <span className={styles.group}>{k.group}</span>
                </Link>
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
