'use client';
// The spec form: one input per schema property, labelled by the field's name (so `size` is a
// number input labelled "size"), descriptions as hints, nested objects as fieldsets, and what a
// single input cannot express (arrays, maps, int-or-string) as a small YAML box.
import { emitYaml, parseYaml } from '@opstudio/shared/yaml/index';
import type { YamlValue } from '@opstudio/shared/yaml/index';
import { useState } from 'react';
import styles from './schema-form.module.css';
import { getAt } from './schema-fields';
import type { FieldNode } from './schema-fields';

interface FormProps {
  readonly fields: readonly FieldNode[];
  readonly value: unknown;
  readonly onChange: (path: readonly string[], value: unknown) => void;
  readonly readOnly?: boolean;
}

export function SchemaForm({ fields, value, onChange, readOnly = false }: FormProps) {
  if (fields.length === 0)
    return <p className={styles.hint}>The schema declares no spec fields: edit the YAML instead.</p>;
  return (
    <div className={styles.form}>
      {fields.map((f) => (
        <Field key={f.name} field={f} root={value} onChange={onChange} readOnly={readOnly} />
      ))}
    </div>
  );
}

interface FieldProps {
  readonly field: FieldNode;
  readonly root: unknown;
  readonly onChange: FormProps['onChange'];
  readonly readOnly: boolean;
}

function Field({ field, root, onChange, readOnly }: FieldProps) {
  const id = `field-${field.path.join('.')}`;
  const hintId = field.description ? `${id}-hint` : undefined;
  const current = getAt(root, field.path);
  const set = (v: unknown) => onChange(field.path, v);
  // the first line only: kubebuilder descriptions go on about markers; the rest is in the tooltip
  const hint = field.description ? (
    <span id={hintId} className={styles.hint} title={field.description}>
      {field.description.split('\n')[0]}
    </span>
  ) : null;

  if (field.kind === 'object') {
    return (
      <fieldset className={styles.fieldset}>
        <legend>{field.name}</legend>
        {hint}
        {field.children.map((c) => (
          <Field key={c.name} field={c} root={root} onChange={onChange} readOnly={readOnly} />
        ))}
      </fieldset>
    );
  }

  let input;
  switch (field.kind) {
    case 'number':
      input = (
        <input
          id={id}
          type="number"
          step={field.integer ? 1 : 'any'}
          min={field.minimum}
          max={field.maximum}
          required={field.required}
          readOnly={readOnly}
          aria-describedby={hintId}
          value={typeof current === 'number' ? current : ''}
          placeholder={typeof field.defaultValue === 'number' ? String(field.defaultValue) : undefined}
          onChange={(e) =>
            set(
              e.target.value === ''
                ? undefined
                : field.integer
                  ? Math.trunc(Number(e.target.value))
                  : Number(e.target.value),
            )
          }
        />
      );
      break;
    case 'string':
      input = (
        <input
          id={id}
          type="text"
          required={field.required}
          readOnly={readOnly}
          aria-describedby={hintId}
          value={typeof current === 'string' ? current : ''}
          placeholder={typeof field.defaultValue === 'string' ? field.defaultValue : undefined}
          onChange={(e) => set(e.target.value === '' ? undefined : e.target.value)}
        />
      );
      break;
    case 'enum':
      input = (
        <select
          id={id}
          required={field.required}
          disabled={readOnly}
          aria-describedby={hintId}
          value={typeof current === 'string' ? current : ''}
          onChange={(e) => set(e.target.value === '' ? undefined : e.target.value)}
        >
          <option value="">(unset)</option>
          {field.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      );
      break;
    case 'boolean':
      input = (
        <input
          id={id}
          type="checkbox"
          disabled={readOnly}
          aria-describedby={hintId}
          checked={current === true}
          onChange={(e) => set(e.target.checked)}
        />
      );
      break;
    case 'yaml':
      input = <YamlField id={id} hintId={hintId} value={current} onChange={set} readOnly={readOnly} />;
      break;
  }
  return (
    <div className={field.kind === 'boolean' ? styles.checkRow : styles.row}>
      <label htmlFor={id} className={styles.label}>
        {field.name}
      </label>
      {input}
      {hint}
    </div>
  );
}

/** A value edited as YAML; it reaches the object only when it parses. */
function YamlField({
  id,
  hintId,
  value,
  onChange,
  readOnly,
}: {
  id: string;
  hintId: string | undefined;
  value: unknown;
  onChange: (v: unknown) => void;
  readOnly: boolean;
}) {
  const shown = value === undefined ? '' : emitYaml(value as YamlValue).trimEnd();
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <textarea
        id={id}
        className={styles.yamlField}
        rows={Math.min(8, Math.max(2, (text ?? shown).split('\n').length))}
        readOnly={readOnly}
        aria-describedby={hintId}
        aria-invalid={error !== null}
        spellCheck={false}
        value={text ?? shown}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value.trim() === '') {
            setError(null);
            onChange(undefined);
            return;
          }
          const parsed = parseYaml(e.target.value);
          setError(parsed.ok ? null : parsed.message);
          if (parsed.ok) onChange(parsed.value);
        }}
        onBlur={() => error === null && setText(null)}
      />
      {error !== null && <span className={styles.fieldError}>{error}</span>}
    </>
  );
}
