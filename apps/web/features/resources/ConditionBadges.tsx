// Conditions as small badges: green in their good state, amber in their bad one, plain when
// neither (condition-tone.ts: Progressing, Unknown).
import type { RowCondition } from './api-types';
import { conditionTone } from './condition-tone';
import styles from './resources.module.css';

export const toneClass = (c: RowCondition): string => styles[conditionTone(c)] ?? '';

export function ConditionBadges({ conditions }: { readonly conditions: readonly RowCondition[] }) {
  if (conditions.length === 0) return <span className={styles.muted}>none</span>;
  return (
    <span className={styles.badges}>
      {conditions.map((c) => (
        <span
          key={c.type}
          className={`${styles.badge} ${toneClass(c)}`}
          title={[c.reason, c.message].filter(Boolean).join(': ') || undefined}
        >
          {c.type}={c.status}
        </span>
      ))}
    </span>
  );
}
