'use client';
// The spec form: one control per schema property, labelled by the field's name (so `size` is a
// number input labelled "size"), required ones marked with an asterisk, descriptions as hints,
// nested objects as fieldsets, arrays as repeatable items, maps as key/value rows, and what no
// control can express (int-or-string, free-form objects) as a small YAML box. Each field shows
// the errors given for its path (a required field left empty; what the API server will refuse).
import styles from './schema-form.module.css';
import { ListBody, MapBody } from './collections';
import { ValueInput } from './inputs';
import { getAt, inFieldOrder, pathKey, setAt } from './schema-fields';
import type { FieldNode, ValuePath } from './schema-fields';

interface FormProps {
  readonly fields: readonly FieldNode[];
  readonly value: unknown;
  readonly onChange: (path: readonly string[], value: unknown) => void;
  readonly readOnly?: boolean;
  /** Messages by `pathKey` (required fields found empty on Apply, the API server's refusals): each field shows its own. */
  readonly errors?: ReadonlyMap<string, readonly string[]>;
}

const NO_ERRORS: ReadonlyMap<string, readonly string[]> = new Map();

export function SchemaForm({ fields, value, onChange, readOnly = false, errors = NO_ERRORS }: FormProps) {
  if (fields.length === 0)
    return <p className={styles.hint}>The schema declares no spec fields: edit the YAML instead.</p>;
  return (
    <div className={styles.form}>
      {fields.map((f) => (
        <Field
          key={f.name}
          node={f}
          label={f.name}
          inline={false}
          clearable
          value={getAt(value, f.path)}
          onChange={(v) => onChange(f.path, v)}
          path={f.path}
          readOnly={readOnly}
          errors={errors}
        />
      ))}
    </div>
  );
}

interface FieldProps {
  readonly node: FieldNode;
  /** The property name, or for an item "ports 2", for a map value "labels value 1". */
  readonly label: string;
  /** An array item or a map value: no label column, the name as aria-label. */
  readonly inline: boolean;
  readonly clearable: boolean;
  readonly value: unknown;
  readonly onChange: (v: unknown) => void;
  readonly path: ValuePath;
  readonly readOnly: boolean;
  readonly errors: ReadonlyMap<string, readonly string[]>;
}

const idOf = (path: ValuePath) => `field-${pathKey(path).replace(/\s/g, '_')}`;
const asObject = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

function Field(p: FieldProps) {
  const { node, label, value, path, readOnly, errors } = p;
  const id = idOf(path);
  const hintId = node.description && !p.inline ? `${id}-hint` : undefined;
  const messages = errors.get(pathKey(path)) ?? [];
  const invalid = messages.length > 0;
  const mark = node.required ? (
    <span className={styles.required} aria-hidden="true" title="required">
      *
    </span>
  ) : null;
  // the first line only: kubebuilder descriptions go on about markers; the rest is in the tooltip
  const hint =
    hintId !== undefined ? (
      <span id={hintId} className={styles.hint} title={node.description}>
        {node.description?.split('\n')[0]}
      </span>
    ) : null;
  const error = messages.map((m) => (
    <span key={m} className={styles.fieldError} role="alert">
      {m}
    </span>
  ));

  if (node.kind === 'object' || node.kind === 'list' || node.kind === 'map') {
    const body =
      node.kind === 'object' ? (
        node.children.map((c) => (
          <Field
            key={c.name}
            node={c}
            label={c.name}
            inline={false}
            clearable
            value={asObject(value)[c.name]}
            onChange={(v) => {
              const next = inFieldOrder(setAt(value, [c.name], v), node.children);
              p.onChange(Object.keys(next).length === 0 && p.clearable ? undefined : next);
            }}
            path={[...path, c.name]}
            readOnly={readOnly}
            errors={errors}
          />
        ))
      ) : (
        <Collection {...p} />
      );
    return (
      <fieldset
        className={p.inline ? styles.itemFieldset : styles.fieldset}
        aria-required={node.required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={hintId}
      >
        <legend>
          {label}
          {mark}
        </legend>
        {hint}
        {error}
        {body}
      </fieldset>
    );
  }

  const input = (
    <ValueInput
      node={node}
      id={id}
      value={value}
      onChange={p.onChange}
      readOnly={readOnly}
      clearable={p.clearable}
      ariaLabel={p.inline ? label : undefined}
      describedBy={hintId}
      invalid={invalid}
    />
  );
  if (p.inline)
    return (
      <>
        {input}
        {error}
      </>
    );
  return (
    <div className={node.kind === 'boolean' ? styles.checkRow : styles.row}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {mark}
      </label>
      {input}
      {hint}
      {error}
    </div>
  );
}

function Collection(p: FieldProps) {
  const props = {
    name: p.label,
    node: p.node,
    value: p.value,
    onChange: p.onChange,
    path: p.path,
    readOnly: p.readOnly,
    clearable: p.clearable,
    renderValue: (node: FieldNode, label: string, value: unknown, onChange: (v: unknown) => void, path: ValuePath) => (
      <Field
        node={node}
        label={label}
        inline
        clearable={false}
        value={value}
        onChange={onChange}
        path={path}
        readOnly={p.readOnly}
        errors={p.errors}
      />
    ),
  };
  return p.node.kind === 'map' ? <MapBody {...props} /> : <ListBody {...props} />;
}
