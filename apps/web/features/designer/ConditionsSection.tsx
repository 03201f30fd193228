'use client';
// The design's own conditions (beside Ready, Available, Progressing and Degraded): a type, a
// status expression that gives true or false, and optional reason and message (literal or
// ${…}). The preview lists how each comes out for the sample; problems show at their inputs.
import type { Design } from '@opstudio/shared/design/schema';
import type { Edit } from './edit';
import { TextInput } from './form-bits';
import { addCondition, conditionsOf, removeCondition, setCondition, withText } from './operand-extras-edit';
import styles from './designer.module.css';
import own from './resources.module.css';

export function ConditionsSection({ design, edit }: { readonly design: Design; readonly edit: Edit }) {
  const conditions = conditionsOf(design);
  return (
    <>
      <h3>Conditions</h3>
      <p className={styles.hint}>
        Written to <code>status.conditions</code> after Ready, Available, Progressing and Degraded, with their rules:
        lastTransitionTime changes only with the status, an Event on each change (Normal for True, Warning for False).
        Unknown while a resource the status reads does not exist yet.
      </p>
      <ol className={own.children} aria-label="Conditions">
        {conditions.map((c, i) => {
          const base = `operand.conditions[${i}]`;
          const put = (next: typeof c, field: string) => edit((d) => setCondition(d, i, next), `${base}.${field}`);
          return (
            <li key={i} className={own.child} aria-label={`Condition ${c.type}`}>
              <div className={own.childHead}>
                <TextInput
                  label="Type"
                  issuePath={`${base}.type`}
                  value={c.type}
                  placeholder="BackupScheduled"
                  onChange={(type) => put({ ...c, type }, 'type')}
                />
                <span className={own.spacer} />
                <button
                  type="button"
                  onClick={() => edit((d) => removeCondition(d, i), null)}
                  aria-label={`Remove condition ${c.type}`}
                >
                  Remove
                </button>
              </div>
              <div className={own.rules}>
                <TextInput
                  label="Status (${…} giving true or false)"
                  issuePath={`${base}.status`}
                  value={c.status}
                  placeholder="${has(self.spec.backup)}"
                  onChange={(status) => put({ ...c, status }, 'status')}
                />
                <TextInput
                  label="Reason (CamelCase or ${…}; empty: ExpressionTrue / ExpressionFalse)"
                  issuePath={`${base}.reason`}
                  value={c.reason ?? ''}
                  onChange={(v) => put(withText(c, 'reason', v), 'reason')}
                />
                <TextInput
                  label="Message (text or ${…}; empty: which way the status went)"
                  issuePath={`${base}.message`}
                  value={c.message ?? ''}
                  onChange={(v) => put(withText(c, 'message', v), 'message')}
                />
              </div>
            </li>
          );
        })}
      </ol>
      <button type="button" onClick={() => edit(addCondition, null)}>
        Add condition
      </button>
    </>
  );
}
