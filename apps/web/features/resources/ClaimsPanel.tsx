'use client';
// The CR's PersistentVolumeClaims, live (`owned:<uid>`'s `claims`): the ones it controls and its
// StatefulSets' (which Kubernetes keeps when the StatefulSet goes), with their phase, capacity,
// storage class and the pod that mounts each. Shown only when there are any.
import type { OwnedObjects } from './api-types';
import { ageText } from './printer-columns';
import styles from './resources.module.css';

export function ClaimsPanel({ owned, now }: { readonly owned: OwnedObjects | undefined; readonly now: number }) {
  const claims = owned === undefined ? [] : [...owned.claims].sort((a, b) => a.name.localeCompare(b.name));
  if (claims.length === 0) return null;
  return (
    <section className={styles.card} aria-label="Volume claims">
      <h2>Volume claims</h2>
      <table className={styles.plainTable} aria-label="PersistentVolumeClaims">
        <thead>
          <tr>
            <th scope="col">Claim</th>
            <th scope="col">Status</th>
            <th scope="col">Capacity</th>
            <th scope="col">Storage class</th>
            <th scope="col">Pod</th>
            <th scope="col">Age</th>
          </tr>
        </thead>
        <tbody>
          {claims.map((c) => (
            <tr key={c.uid} aria-label={c.name}>
              <td className={styles.mono}>{c.name}</td>
              <td>
                <span
                  className={`${styles.badge} ${c.deletionTimestamp !== null ? styles.neutral : c.phase === 'Bound' ? styles.good : styles.bad}`}
                >
                  {c.deletionTimestamp !== null ? 'Terminating' : c.phase}
                </span>
              </td>
              <td>{c.capacity ?? ''}</td>
              <td>{c.storageClass ?? ''}</td>
              <td className={styles.mono}>{c.pod ?? ''}</td>
              <td>{ageText(c.createdAt, now)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
