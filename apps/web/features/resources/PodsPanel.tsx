'use client';
// What the CR runs, live (`owned:<uid>`): each workload it owns (Deployment, StatefulSet,
// DaemonSet, Job, CronJob) with its one-line state, and one row per Pod with its phase, readiness,
// restarts and node, its Logs, and, under it, why it is not running (the scheduler's or the
// kubelet's reason: `Unschedulable: … unbound immediate PersistentVolumeClaims`).
import { Fragment, useState } from 'react';
import { PodLogs } from '../pod-logs/PodLogs';
import type { OwnedObjects } from './api-types';
import { ConditionBadges } from './ConditionBadges';
import { ageText } from './printer-columns';
import styles from './resources.module.css';
import { Skeleton } from '../shell/Skeleton';

const COLUMNS = ['Pod', 'Phase', 'Ready', 'Restarts', 'Node', 'Age', 'Logs'] as const;

export function PodsPanel({ owned, now }: { readonly owned: OwnedObjects | undefined; readonly now: number }) {
  const pods = owned === undefined ? [] : [...owned.pods].sort((a, b) => a.name.localeCompare(b.name));
  const [logsOf, setLogsOf] = useState<{ namespace: string; pod: string } | null>(null);
  return (
    <section className={styles.card} aria-label="Pods">
      <h2>Pods</h2>
      {owned === undefined && <Skeleton lines={2} label="Loading the pods…" />}
      {owned !== undefined && owned.workloads.length === 0 && pods.length === 0 && (
        <p className={styles.note}>No workload or pod owned by this object (yet).</p>
      )}
      {owned?.workloads.map((w) => (
        <p key={w.uid} className={styles.toolbar} aria-label={`${w.kind} ${w.name}`}>
          <span>
            {w.kind} <strong>{w.name}</strong>: {w.summary}
          </span>
          <ConditionBadges conditions={w.conditions} />
        </p>
      ))}
      {pods.length > 0 && (
        <table className={styles.plainTable} aria-label="Pods">
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {pods.map((p) => (
              <Fragment key={p.uid}>
                <tr aria-label={p.name}>
                  <td className={styles.mono}>{p.name}</td>
                  <td>
                    <span
                      className={`${styles.badge} ${p.deletionTimestamp !== null ? styles.neutral : p.phase === 'Running' || p.phase === 'Succeeded' ? styles.good : styles.bad}`}
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
                {p.reason !== null && p.deletionTimestamp === null && (
                  <tr aria-label={`Why ${p.name} is ${p.phase}`}>
                    <td colSpan={COLUMNS.length} className={styles.note}>
                      {p.reason}
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
      {logsOf && <PodLogs key={`${logsOf.namespace}/${logsOf.pod}`} {...logsOf} onClose={() => setLogsOf(null)} />}
    </section>
  );
}
