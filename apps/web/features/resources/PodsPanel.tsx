'use client';
// What the CR owns, live (`owned:<uid>`): each Deployment's replicas ready/desired, and one row per
// Pod with its phase, readiness, restarts and node.
import { useState } from 'react';
import { PodLogs } from '../pod-logs/PodLogs';
import type { OwnedObjects } from './api-types';
import { ConditionBadges } from './ConditionBadges';
import { ageText } from './printer-columns';
import styles from './resources.module.css';
import { Skeleton } from '../shell/Skeleton';

export function PodsPanel({ owned, now }: { readonly owned: OwnedObjects | undefined; readonly now: number }) {
  const pods = owned === undefined ? [] : [...owned.pods].sort((a, b) => a.name.localeCompare(b.name));
  const [logsOf, setLogsOf] = useState<{ namespace: string; pod: string } | null>(null);
  return (
    <section className={styles.card} aria-label="Pods">
      <h2>Pods</h2>
      {owned === undefined && <Skeleton lines={2} label="Loading the pods…" />}
      {owned !== undefined && owned.deployments.length === 0 && (
        <p className={styles.note}>No Deployment owned by this object (yet).</p>
      )}
      {owned?.deployments.map((d) => (
        <p key={d.uid} className={styles.toolbar} aria-label={`Deployment ${d.name}`}>
          <span>
            Deployment <strong>{d.name}</strong>: {d.replicas.ready}/{d.replicas.desired} ready
            {d.replicas.updated !== d.replicas.desired ? `, ${d.replicas.updated} updated` : ''}
          </span>
          <ConditionBadges conditions={d.conditions} />
        </p>
      ))}
      {pods.length > 0 && (
        <table className={styles.plainTable} aria-label="Pods">
          <thead>
            <tr>
              <th scope="col">Pod</th>
              <th scope="col">Phase</th>
              <th scope="col">Ready</th>
              <th scope="col">Restarts</th>
              <th scope="col">Node</th>
              <th scope="col">Age</th>
              <th scope="col">Logs</th>
            </tr>
          </thead>
          <tbody>
            {pods.map((p) => (
              <tr key={p.uid} aria-label={p.name}>
                <td className={styles.mono}>{p.name}</td>
                <td>
                  <span
                    className={`${styles.badge} ${p.deletionTimestamp !== null ? styles.neutral : p.phase === 'Running' ? styles.good : styles.bad}`}
                  >
                    {p.deletionTimestamp !== null ? 'Terminating' : p.phase}
                  </span>
                </td>
                <td>
                  {p.readyContainers}/{p.containers}
                </td>
                <td>{p.restarts}</td>
                <td>{p.node ?? ''}</td>
                <td>{ageText(p.createdAt, now)}</td>
                <td>
                  <button
                    type="button"
                    className={styles.button}
                    aria-label={`Logs of ${p.name}`}
                    aria-pressed={logsOf?.pod === p.name}
                    onClick={() => setLogsOf({ namespace: p.namespace, pod: p.name })}
                  >
                    Logs
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {logsOf && <PodLogs key={`${logsOf.namespace}/${logsOf.pod}`} {...logsOf} onClose={() => setLogsOf(null)} />}
    </section>
  );
}
