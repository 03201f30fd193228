'use client';
// Everything the CR controls directly (`owned:<uid>`'s objects at depth 1): a resource graph's
// ConfigMaps, Services, Ingresses, StatefulSets…, with their conditions and age; a collection's
// objects grouped under its child id. An object outside the CR's namespace (a cluster-scoped
// Project's Namespace and what is inside it, docs/design/0043) shows its namespace before its name.
// The Pods panel beside it goes on showing the Deployments' pods.
import type { OwnedObjects } from './api-types';
import { ConditionBadges } from './ConditionBadges';
import { groupOwned, type OwnedRow } from './owned-groups';
import { ageText } from './printer-columns';
import styles from './resources.module.css';

export function OwnedPanel({
  owned,
  now,
  namespace,
}: {
  readonly owned: OwnedObjects | undefined;
  readonly now: number;
  /** the custom resource's namespace; undefined when it is cluster-scoped */
  readonly namespace: string | undefined;
}) {
  const { single, collections } = groupOwned(owned?.objects ?? []);
  const empty = single.length === 0 && collections.length === 0;
  return (
    <section className={styles.card} aria-label="Owned objects">
      <h2>Owned objects</h2>
      {owned === undefined && <p className={styles.note}>loading…</p>}
      {owned !== undefined && empty && <p className={styles.note}>This object owns nothing (yet).</p>}
      {!empty && (
        <table className={styles.plainTable} aria-label="Owned objects">
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col">Name</th>
              <th scope="col">Conditions</th>
              <th scope="col">Age</th>
            </tr>
          </thead>
          {single.length > 0 && <tbody>{single.map((o) => ownedRow(o, now, namespace))}</tbody>}
          {collections.map((c) => (
            // a collection (forEach): its objects under its child id
            <tbody key={`${c.child}/${c.kind}`} aria-label={`Collection ${c.child}`}>
              <tr className={styles.groupRow}>
                <th scope="rowgroup" colSpan={4}>
                  {c.child}{' '}
                  <span className={styles.muted}>
                    ({c.objects.length} {c.kind}
                    {c.objects.length === 1 ? '' : 's'})
                  </span>
                </th>
              </tr>
              {c.objects.map((o) => ownedRow(o, now, namespace))}
            </tbody>
          ))}
        </table>
      )}
    </section>
  );
}

function ownedRow(o: OwnedRow, now: number, home: string | undefined) {
  return (
    <tr key={o.uid} aria-label={`${o.kind} ${o.name}`}>
      <td>{o.kind}</td>
      <td className={styles.mono}>
        {o.namespace !== '' && o.namespace !== home && <span className={styles.muted}>{o.namespace}/</span>}
        {o.name}
        {o.deletionTimestamp !== null ? ' (terminating)' : ''}
      </td>
      <td>
        <ConditionBadges conditions={o.conditions} />
      </td>
      <td>{ageText(o.createdAt, now)}</td>
    </tr>
  );
}
