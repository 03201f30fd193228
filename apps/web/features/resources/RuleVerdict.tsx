'use client';
// What the API server will say about the object being edited (use-rule-check.ts), above the
// form: its refusals line by line as it would list them, its warnings (a rule failing on a value
// the edit left alone is ratcheted), the rules not checked here, and whether the check is still
// loading. When Apply (or Create) was held back for the refusals, it says so and offers to ask
// the API server anyway (a cluster of another Kubernetes version may decide otherwise); the
// draft is never touched.
import styles from './resources.module.css';
import { refusalLine } from './rule-view';
import type { RulesState } from './use-rule-check';

interface Props {
  readonly rules: RulesState;
  /** Apply (or Create) was held back for the refusals shown */
  readonly held: boolean;
  /** "Apply", "Create": what the user clicked */
  readonly verb: string;
  readonly onAskAnyway: () => void;
}

export function RuleVerdict({ rules, held, verb, onAskAnyway }: Props) {
  if (rules.state === 'off') return null;
  if (rules.state === 'loading')
    return (
      <p className={styles.note} role="status">
        Validation rules not checked yet: the API server&apos;s CEL is loading in your browser. {verb} still works (the
        API server checks them).
      </p>
    );
  if (rules.state === 'failed')
    return (
      <p className={styles.note} role="status">
        Validation rules are not checked here ({rules.why}); the API server checks them on {verb}.
      </p>
    );
  const { errors, warnings, unchecked, notRun } = rules.check;
  if (notRun !== undefined)
    return (
      <p className={styles.note} role="status">
        Validation rules are not checked here: {notRun}.
      </p>
    );
  return (
    <div className={styles.verdict}>
      {errors.length === 0 ? (
        rules.current && (
          <p className={styles.note} role="status">
            The validation rules pass (checked here with the API server&apos;s own code).
          </p>
        )
      ) : (
        <>
          <p className={styles.error} role={held ? 'alert' : undefined}>
            {held
              ? `Not sent: the API server would refuse this ${verb.toLowerCase()}:`
              : 'The API server will refuse this:'}
          </p>
          <ul className={styles.refusals} aria-label="What the API server will refuse">
            {errors.map((e) => (
              <li key={e.text}>{refusalLine(e)}</li>
            ))}
          </ul>
          {held && (
            <p className={styles.note}>
              Your edits are kept: fix them in the form or the YAML.{' '}
              <button type="button" className={styles.button} onClick={onAskAnyway}>
                Ask the API server anyway
              </button>
            </p>
          )}
        </>
      )}
      {warnings.length > 0 && (
        <>
          <p className={styles.note}>
            The API server will warn (rules failing on values this edit leaves as they are):
          </p>
          <ul aria-label="What the API server will warn about">
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </>
      )}
      {unchecked.length > 0 && (
        <>
          <p className={styles.note}>Not checked here (the studio&apos;s CEL does not compile these rules):</p>
          <ul aria-label="Rules not checked here">
            {unchecked.map((u) => (
              <li key={u}>{u}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
