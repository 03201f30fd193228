'use client';
// Small labelled inputs for the designer's form. Each knows its issue path: it shows the
// issues reported there (local validation or the API server's dry run) under the input and
// marks itself invalid, so an error appears where the user fixes it. Its input carries the path
// as `data-issue-path`, so a click on a problem in the Problems panel can focus it.
import { createContext, useContext, useId, useState } from 'react';
import type { ReactNode } from 'react';
import type { Issue } from '@opstudio/shared';
import styles from './designer.module.css';

export const IssuesContext = createContext<ReadonlyMap<string, readonly Issue[]>>(new Map());

/** The attribute that ties an input to its issue path (see focusIssuePath in Designer). */
export const ISSUE_PATH_ATTR = 'data-issue-path';

export function useIssuesAt(path: string | undefined): readonly Issue[] {
  const all = useContext(IssuesContext);
  return path === undefined ? [] : (all.get(path) ?? []);
}

export function IssueText({ issues, id }: { readonly issues: readonly Issue[]; readonly id?: string }) {
  if (issues.length === 0) return null;
  return (
    <span id={id} className={styles.issueText} role="alert">
      {issues.map((i) => i.message).join(' · ')}
    </span>
  );
}

interface Base {
  readonly label: string;
  readonly issuePath?: string;
  readonly hint?: string;
}

function Field({
  label,
  issues,
  id,
  children,
  hint,
}: {
  label: string;
  issues: readonly Issue[];
  id: string;
  children: ReactNode;
  hint?: string | undefined;
}) {
  return (
    <div className={styles.input}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint !== undefined && issues.length === 0 ? <span className={styles.hint}>{hint}</span> : null}
      <IssueText issues={issues} id={`${id}-issues`} />
    </div>
  );
}

const same = (s: string): string => s;

/**
 * `normalize` is what the text becomes after a round trip through the design (`a, ` → `a`):
 * the input keeps what the user typed while it normalizes to the design's value, and takes the
 * design's value when that changes from elsewhere (undo, the YAML editor).
 */
const NONE: readonly Issue[] = [];

export function TextInput({
  label,
  issuePath,
  hint,
  value,
  onChange,
  placeholder,
  multiline,
  normalize = same,
  invalidWith = NONE,
}: Base & {
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
  multiline?: boolean;
  normalize?: (text: string) => string;
  /** problems shown elsewhere (beside the input) that are about this input too: it is marked invalid */
  invalidWith?: readonly Issue[];
}) {
  const id = useId();
  const issues = useIssuesAt(issuePath);
  const [draft, setDraft] = useState(value);
  if (normalize(draft) !== value) setDraft(value);
  const change = (v: string) => {
    setDraft(v);
    onChange(v);
  };
  const common = {
    id,
    value: draft,
    placeholder,
    'aria-invalid': issues.length + invalidWith.filter((i) => i.severity === 'error').length > 0 || undefined,
    'aria-describedby': issues.length > 0 ? `${id}-issues` : undefined,
    [ISSUE_PATH_ATTR]: issuePath,
    spellCheck: false,
  };
  return (
    <Field label={label} issues={issues} id={id} hint={hint}>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(e) => change(e.target.value)} />
      ) : (
        <input type="text" {...common} onChange={(e) => change(e.target.value)} />
      )}
    </Field>
  );
}

/** A number input that may be empty (undefined). */
export function NumberInput({
  label,
  issuePath,
  value,
  onChange,
  integer,
}: Base & { value: number | undefined; onChange: (v: number | undefined) => void; integer?: boolean }) {
  const id = useId();
  const issues = useIssuesAt(issuePath);
  return (
    <Field label={label} issues={issues} id={id}>
      <input
        id={id}
        type="number"
        step={integer ? 1 : 'any'}
        value={value ?? ''}
        {...{ [ISSUE_PATH_ATTR]: issuePath }}
        aria-invalid={issues.length > 0 || undefined}
        aria-describedby={issues.length > 0 ? `${id}-issues` : undefined}
        onChange={(e) =>
          onChange(
            e.target.value === '' || !Number.isFinite(e.target.valueAsNumber) ? undefined : e.target.valueAsNumber,
          )
        }
      />
    </Field>
  );
}

export function CheckboxInput({
  label,
  issuePath,
  checked,
  onChange,
}: Base & { checked: boolean; onChange: (v: boolean) => void }) {
  const id = useId();
  const issues = useIssuesAt(issuePath);
  return (
    <div className={styles.check}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        {...{ [ISSUE_PATH_ATTR]: issuePath }}
        aria-invalid={issues.length > 0 || undefined}
      />
      <label htmlFor={id}>{label}</label>
      <IssueText issues={issues} />
    </div>
  );
}

export function SelectInput<T extends string>({
  label,
  issuePath,
  value,
  options,
  onChange,
}: Base & { value: T | ''; options: readonly (T | '')[]; onChange: (v: T | '') => void }) {
  const id = useId();
  const issues = useIssuesAt(issuePath);
  return (
    <Field label={label} issues={issues} id={id}>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as T | '')}
        {...{ [ISSUE_PATH_ATTR]: issuePath }}
        aria-invalid={issues.length > 0 || undefined}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {o === '' ? '(none)' : o}
          </option>
        ))}
      </select>
    </Field>
  );
}

export { compact, listText, normalizeList, parseList } from './list-input';
