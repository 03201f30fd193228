'use client';
// The child card's "For each" (docs/design/0041): none, and the child is one object; one or more
// iterators, and it is a collection, one object per element of their lists' product, each
// iterator's element readable by its name in the template (`${each.name}`). The limit is
// optional (default 1,000). An iterator's issues (`operand.resources[i].forEach[j]`) show at its
// list, the collection's (`.forEach`: the cap, two elements with one name) below them.
import type { ChildResource } from '@opstudio/shared/graph/model';
import { NumberInput, TextInput, useIssuesAt } from './form-bits';
import { addIterator, iteratorRows, removeIterator, setIterator, withLimit } from './foreach-edit';
import styles from './designer.module.css';
import own from './resources.module.css';

export interface ForEachFieldProps {
  readonly child: ChildResource;
  /** `operand.resources[i]` */
  readonly base: string;
  readonly onChange: (child: ChildResource, group: string) => void;
}

export function ForEachField({ child, base, onChange }: ForEachFieldProps) {
  const rows = iteratorRows(child);
  const issues = useIssuesAt(`${base}.forEach`);
  return (
    <fieldset className={own.forEach} aria-label={`For each of ${child.id}`}>
      <legend>For each</legend>
      {rows.length === 0 ? (
        <p className={styles.hint}>One object. Add an iterator to make one object per element of a list.</p>
      ) : (
        <p className={styles.hint}>
          One object per element{rows.length > 1 ? ' of the product of these lists' : ''}, named{' '}
          <span className={styles.mono}>&lt;name&gt;-{child.id}-&lt;element&gt;</span> unless the template names it.
        </p>
      )}
      {rows.map(([name, list], j) => (
        <div key={j} className={own.iterator}>
          <TextInput
            label="Name"
            value={name}
            onChange={(v) => onChange(setIterator(child, j, [v, list]), `${base}.forEach`)}
          />
          <TextInput
            label="List (CEL)"
            issuePath={`${base}.forEach[${j}]`}
            value={list}
            placeholder="${self.spec.ports}"
            hint="a list, such as ${self.spec.ports} or ${lists.range(self.spec.replicas)}"
            onChange={(v) => onChange(setIterator(child, j, [name, v]), `${base}.forEach`)}
          />
          <button
            type="button"
            onClick={() => onChange(removeIterator(child, j), `${base}.forEach`)}
            aria-label={`Remove iterator ${name}`}
          >
            Remove
          </button>
        </div>
      ))}
      {issues.length > 0 ? (
        <p role="alert" className={styles.issueText}>
          {issues.map((i) => i.message).join('; ')}
        </p>
      ) : null}
      <div className={own.iterator}>
        <button type="button" onClick={() => onChange(addIterator(child), `${base}.forEach`)}>
          Add iterator
        </button>
        {rows.length > 0 || child.forEachLimit !== undefined ? (
          <NumberInput
            label="Limit (default 1,000)"
            issuePath={`${base}.forEachLimit`}
            value={child.forEachLimit}
            integer
            onChange={(v) => onChange(withLimit(child, v), `${base}.forEachLimit`)}
          />
        ) : null}
      </div>
    </fieldset>
  );
}
