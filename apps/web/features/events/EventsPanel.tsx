'use client';
// The Events about one CR and everything it owns (its Deployment, ReplicaSets, Pods), live from
// the `events:<uid>` topic, newest first: the controller's own (Created, Scaled…) next to the
// scheduler's and the Deployment controller's.
import { sortedItems } from '@opstudio/shared/live/index';
import { useMemo } from 'react';
import type { EventSummary } from '@opstudio/controller/router';
import { ageText } from '../resources/printer-columns';
import styles from './events.module.css';

export function EventsPanel({
  events,
  now,
}: {
  readonly events: ReadonlyMap<string, EventSummary> | undefined;
  readonly now: number;
}) {
  // re-rendered on every clock tick and live event of the page: sort only when the Events change
  const list = useMemo(
    () =>
      sortedItems(events, (a, b) => (b.lastTime ?? '').localeCompare(a.lastTime ?? '') || a.name.localeCompare(b.name)),
    [events],
  );
  return (
    <section className={styles.card} aria-label="Events">
      <h2>Events</h2>
      {events === undefined && <p className={styles.note}>loading…</p>}
      {events !== undefined && list.length === 0 && <p className={styles.note}>No Events yet.</p>}
      {list.length > 0 && (
        <table className={styles.table} aria-label="Events list">
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Reason</th>
              <th scope="col">Object</th>
              <th scope="col">Message</th>
              <th scope="col">Count</th>
              <th scope="col">Last</th>
            </tr>
          </thead>
          <tbody>
            {list.map((e) => (
              <tr key={e.uid} data-type={e.type}>
                <td className={e.type === 'Warning' ? styles.warning : styles.normal}>{e.type}</td>
                <td>{e.reason}</td>
                <td className={styles.object}>
                  {e.regarding.kind}/{e.regarding.name}
                </td>
                <td title={e.reportingController ? `reported by ${e.reportingController}` : undefined}>{e.note}</td>
                <td>{e.count}</td>
                <td title={e.lastTime ?? undefined}>{ageText(e.lastTime, now)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
