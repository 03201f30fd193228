'use client';
// The controls of one value: number, text, select, checkbox, and a small YAML box for what none
// of them can express. `clearable` says what emptying means: a property is removed, while an
// array item or a map value keeps an empty value of its type (it cannot be "absent").
import { emitYaml, parseYaml } from '@opstudio/shared/yaml/index';
import type { YamlValue } from '@opstudio/shared/yaml/index';
import { useState } from 'react';
import styles from './schema-form.module.css';
import { newValueFor } from './schema-fields';
import type { FieldNode } from './schema-fields';

export interface InputProps {
  readonly node: FieldNode;
  readonly id: string;
  readonly value: unknown;
  readonly onChange: (v: unknown) => void;
  readonly readOnly: boolean;
  readonly clearable: boolean;
  /** The accessible name when no <label> points at the control (array items, map values). */
  readonly ariaLabel: string | undefined;
  readonly describedBy: string | undefined;
  readonly invalid: boolean;
}

export function ValueInput(p: InputProps) {
  const { node, id, value, readOnly } = p;
  const aria = {
    id,
    'aria-label': p.ariaLabel,
    'aria-describedby': p.describedBy,
    'aria-required': node.required || undefined,
    'aria-invalid': p.invalid || undefined,
  };
  const emptied = () => (p.clearable ? undefined : newValueFor(node));
  switch (node.kind) {
    case 'number':
      return (
        <input
          {...aria}
          type="number"
          step={node.integer ? 1 : 'any'}
          min={node.minimum}
          max={node.maximum}
          readOnly={readOnly}
          value={typeof value === 'number' ? value : ''}
          placeholder={typeof node.defaultValue === 'number' ? String(node.defaultValue) : undefined}
          onChange={(e) =>
            p.onChange(
              e.target.value === ''
                ? emptied()
                : node.integer
                  ? Math.trunc(Number(e.target.value))
                  : Number(e.target.value),
            )
          }
        />
      );
    case 'string':
      return (
        <input
          {...aria}
          type="text"
          readOnly={readOnly}
          value={typeof value === 'string' ? value : ''}
          placeholder={typeof node.defaultValue === 'string' ? node.defaultValue : undefined}
          onChange={(e) => p.onChange(e.target.value === '' && p.clearable ? undefined : e.target.value)}
        />
      );
    case 'enum':
      return (
        <select
          {...aria}
          disabled={readOnly}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => p.onChange(e.target.value === '' ? emptied() : e.target.value)}
        >
          {(p.clearable || typeof value !== 'string') && <option value="">(unset)</option>}
          {node.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      );
    case 'boolean':
      return (
        <input
          {...aria}
          type="checkbox"
          disabled={readOnly}
          checked={value === true}
          onChange={(e) => p.onChange(e.target.checked)}
        />
      );
    default:
      return <YamlField {...p} />;
  }
}

/** A value edited as YAML; it reaches the object only when it parses. */
function YamlField({ id, ariaLabel, describedBy, value, onChange, readOnly, clearable, node }: InputProps) {
  const shown = value === undefined ? '' : emitYaml(value as YamlValue).trimEnd();
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <textarea
        id={id}
        aria-label={ariaLabel}
        className={styles.yamlField}
        rows={Math.min(8, Math.max(2, (text ?? shown).split('\n').length))}
        readOnly={readOnly}
        aria-describedby={describedBy}
        aria-required={node.required || undefined}
        aria-invalid={error !== null}
        spellCheck={false}
        value={text ?? shown}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value.trim() === '') {
            setError(null);
            onChange(clearable ? undefined : newValueFor(node));
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
