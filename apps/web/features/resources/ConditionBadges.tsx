// Conditions as small badges: green when the condition is in its good state, amber otherwise.
// "Good" follows Kubernetes' convention: positive types (Available, Ready) want True; abnormal
// types (Degraded, Progressing-failed style names) want False.
import type { RowCondition } from './api-types';
import styles from './resources.module.css';

const ABNORMAL = /^(Degraded|Failed|Failure|Error|Stalled|Terminating)$|Pressure$|Unavailable$/;

export function conditionIsGood(c: Pick<RowCondition, 'type' | 'status'>): boolean {
  return ABNORMAL.test(c.type) ? c.status === 'False' : c.status === 'True';
}

export function ConditionBadges({ conditions }: { readonly conditions: readonly RowCondition[] }) {
  if (conditions.length === 0) return <span className={styles.muted}>none</span>;
  return (
    <span className={styles.badges}>
      {conditions.map((c) => (
        <span
          key={c.type}
          className={`${styles.badge} ${conditionIsGood(c) ? styles.good : styles.bad}`}
          title={[c.reason, c.message].filter(Boolean).join(': ') || undefined}
        >
          {c.type}={c.status}
        </span>
      ))}
    </span>
  );
}
