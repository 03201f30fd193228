'use client';
// External references: objects the controller reads and never writes (kro's externalRef), one by
// name or every object a label selector matches (a list). Each has an id the resources read like
// a child's; name, namespace and selector values may be ${…} over self. While the cluster is
// connected, a kind it does not serve is a problem at the kind (use-external-kinds.ts).
import type { Design } from '@opstudio/shared/design/schema';
import type { ExternalRef } from '@opstudio/shared/graph/model';
import { emitYaml } from '@opstudio/shared/yaml/emit';
import { useState } from 'react';
import type { Edit } from './edit';
import { TextInput } from './form-bits';
import {
  addExternal,
  externalsOf,
  parseSelector,
  removeExternal,
  setExternal,
  withLookup,
  withMeta,
} from './operand-extras-edit';
import styles from './designer.module.css';
import own from './resources.module.css';

export function ExternalRefsSection({ design, edit }: { readonly design: Design; readonly edit: Edit }) {
  const refs = externalsOf(design);
  return (
    <>
      <h3>External references</h3>
      <p className={styles.hint}>
        Objects the controller reads but never creates, changes or deletes. A resource that reads one waits until it
        exists (Ready says which); a change to it reconciles every custom resource that reads it. The design&apos;s
        identity gets get, list and watch on the kind.
      </p>
      <ol className={own.children} aria-label="External references">
        {refs.map((ref, i) => (
          <ExternalRefCard
            key={i}
            index={i}
            value={ref}
            onChange={(next, field) => edit((d) => setExternal(d, i, next), `operand.externalRefs[${i}].${field}`)}
            onRemove={() => edit((d) => removeExternal(d, i), null)}
          />
        ))}
      </ol>
      <button type="button" onClick={() => edit(addExternal, null)}>
        Add external reference
      </button>
    </>
  );
}

function ExternalRefCard({
  index,
  value: ref,
  onChange,
  onRemove,
}: {
  readonly index: number;
  readonly value: ExternalRef;
  readonly onChange: (ref: ExternalRef, field: string) => void;
  readonly onRemove: () => void;
}) {
  const base = `operand.externalRefs[${index}]`;
  const bySelector = ref.metadata.selector !== undefined;
  return (
    <li className={own.child} aria-label={`External reference ${ref.id}`}>
      <div className={own.childHead}>
        <span className={styles.kindTag}>{ref.kind}</span>
        <span className={styles.mono}>{ref.apiVersion}</span>
        <span className={own.spacer} />
        <button type="button" className={styles.danger} onClick={onRemove} aria-label={`Remove ${ref.id}`}>
          Remove
        </button>
      </div>
      <TextInput
        label="Id"
        issuePath={`${base}.id`}
        value={ref.id}
        hint="a CEL name: resources read it as ${id.data.?key}, a selector's as a list"
        onChange={(id) => onChange({ ...ref, id }, 'id')}
      />
      <div className={own.rules}>
        <TextInput
          label="API version"
          issuePath={`${base}.apiVersion`}
          value={ref.apiVersion}
          onChange={(apiVersion) => onChange({ ...ref, apiVersion }, 'apiVersion')}
        />
        <TextInput
          label="Kind"
          issuePath={`${base}.kind`}
          value={ref.kind}
          onChange={(kind) => onChange({ ...ref, kind }, 'kind')}
        />
      </div>
      <div role="radiogroup" aria-label={`How ${ref.id} is found`} className={styles.check}>
        {(['name', 'selector'] as const).map((by) => (
          <label key={by}>
            <input
              type="radio"
              name={`external-${index}-by`}
              checked={(by === 'selector') === bySelector}
              onChange={() => onChange(withLookup(ref, by), 'metadata')}
            />{' '}
            {by === 'name' ? 'One object by name' : 'Every object a label selector matches'}
          </label>
        ))}
      </div>
      <div className={own.rules}>
        {bySelector ? null : (
          <TextInput
            label="Name (text or ${…} over self)"
            issuePath={`${base}.metadata.name`}
            value={ref.metadata.name ?? ''}
            onChange={(v) => onChange(withMeta(ref, 'name', v), 'metadata.name')}
          />
        )}
        <TextInput
          label={`Namespace (text or \${…}; empty: ${bySelector ? 'every namespace' : "the custom resource's"})`}
          issuePath={`${base}.metadata.namespace`}
          value={ref.metadata.namespace ?? ''}
          onChange={(v) => onChange(withMeta(ref, 'namespace', v), 'metadata.namespace')}
        />
        {bySelector ? <SelectorInput value={ref} onChange={onChange} base={base} /> : null}
      </div>
    </li>
  );
}

/** The selector as YAML (matchLabels, matchExpressions); the design keeps the last good one. */
function SelectorInput({
  value: ref,
  onChange,
  base,
}: {
  readonly value: ExternalRef;
  readonly onChange: (ref: ExternalRef, field: string) => void;
  readonly base: string;
}) {
  const shown = emitYaml(ref.metadata.selector ?? {}, { keepKeyOrder: true });
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <TextInput
        label="Selector (YAML: matchLabels, matchExpressions; values may be ${…})"
        issuePath={`${base}.metadata.selector`}
        value={shown}
        multiline
        normalize={(t) => {
          const p = parseSelector(t);
          return p.ok ? emitYaml(p.selector, { keepKeyOrder: true }) : t;
        }}
        onChange={(t) => {
          const p = parseSelector(t);
          setError(p.ok ? null : p.message);
          if (p.ok) onChange({ ...ref, metadata: { ...ref.metadata, selector: p.selector } }, 'metadata.selector');
        }}
      />
      {error !== null ? (
        <p role="alert" className={styles.issueText}>
          The selector is not valid yet, so the design keeps the last good one: {error}
        </p>
      ) : null}
    </>
  );
}
