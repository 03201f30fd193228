'use client';
// The CR's status as the controller wrote it: conditions (with reasons and messages), whether
// the controller has seen the latest spec (observedGeneration), and the other status fields.
import { emitYaml } from '@opstudio/shared/yaml/index';
import { useMemo } from 'react';
import type { FetchedObject, RowCondition } from './api-types';
import { toneClass } from './ConditionBadges';
import { ageText } from './printer-columns';
import styles from './resources.module.css';

export function StatusPanel({ object, now }: { readonly object: FetchedObject; readonly now: number }) {
  const status = object.status ?? {};
  const conditions = Array.isArray(status.conditions) ? (status.conditions as unknown as RowCondition[]) : [];
  const { conditions: _c, observedGeneration, ...rest } = status;
  // re-rendered on every live event and clock tick: emit the other fields only when the status changes
  const restYaml = useMemo(
    () => (Object.keys(rest).length > 0 ? emitYaml(rest, { keepKeyOrder: true }) : null),
    [object.status],
  );
  const generation = object.metadata.generation;
  const seen = observedGenerationOf(observedGeneration, conditions);
  return (
    <section className={styles.card} aria-label="Status">
      <h2>Status</h2>
      <p className={styles.note}>
        {seen === null
          ? 'The controller has not reported on this object yet.'
          : seen === generation
            ? `Up to date: generation ${generation} observed.`
            : `Catching up: generation ${generation ?? '?'}, observed ${seen}.`}
        {object.metadata.deletionTimestamp !== undefined && ' Deleting: finalizers are running.'}
      </p>
      {conditions.length > 0 && (
        <table className={styles.plainTable} aria-label="Conditions">
          <thead>
            <tr>
              <th scope="col">Condition</th>
              <th scope="col">Status</th>
              <th scope="col">Reason</th>
              <th scope="col">Message</th>
              <th scope="col">Since</th>
            </tr>
          </thead>
          <tbody>
            {conditions.map((c) => (
              <tr key={c.type}>
                <td>{c.type}</td>
                <td>
                  <span className={`${styles.badge} ${toneClass(c)}`}>{c.status}</span>
                </td>
                <td>{c.reason}</td>
                <td>{c.message}</td>
                <td title={c.lastTransitionTime ?? undefined}>{ageText(c.lastTransitionTime, now)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {restYaml !== null && <pre className={styles.mono}>{restYaml}</pre>}
    </section>
  );
}

/** status.observedGeneration when the kind has it, else what the conditions observed (kubebuilder's Memcached keeps it there). */
export function observedGenerationOf(statusField: unknown, conditions: readonly object[]): number | null {
  if (typeof statusField === 'number') return statusField;
  const seen = conditions
    .map((c) => (c as { observedGeneration?: unknown }).observedGeneration)
    .filter((g): g is number => typeof g === 'number');
  return seen.length === 0 ? null : Math.max(...seen);
}
