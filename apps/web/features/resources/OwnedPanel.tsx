'use client';
// Everything the CR controls directly (`owned:<uid>`'s objects at depth 1): a resource graph's
// ConfigMaps, Services, Ingresses, StatefulSets…, with their conditions and age. The Pods panel
// beside it goes on showing the Deployments' pods.
import type { OwnedObjects } from './api-types';
import { ConditionBadges } from './ConditionBadges';
import { ageText } from './printer-columns';
import styles from './resources.module.css';

export function OwnedPanel({ owned, now }: { readonly owned: OwnedObjects | undefined; readonly now: number }) {
  const direct = (owned?.objects ?? [])
    .filter((o) => o.depth === 1)
    .sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));
  return (
    <section className={styles.card} aria-label="Owned objects">
      <h2>Owned objects</h2>
      {owned === undefined && <p className={styles.note}>loading…</p>}
      {owned !== undefined && direct.length === 0 && <p className={styles.note}>This object owns nothing (yet).</p>}
      {direct.length > 0 && (
        <table className={styles.plainTable} aria-label="Owned objects">
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col">Name</th>
              <th scope="col">Conditions</th>
              <th scope="col">Age</th>
            </tr>
          </thead>
          <tbody>
            {direct.map((o) => (
              <tr key={o.uid} aria-label={`${o.kind} ${o.name}`}>
                <td>{o.kind}</td>
                <td className={styles.mono}>
                  {o.name}
                  {o.deletionTimestamp !== null ? ' (terminating)' : ''}
                </td>
                <td>
                  <ConditionBadges conditions={o.conditions} />
                </td>
                <td>{ageText(o.createdAt, now)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
