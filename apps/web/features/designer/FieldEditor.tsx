'use client';
// Every keyword of the selected field: name and Go name, type (the form's field kinds),
// required, docs, default/example/enum (JSON, or plain text for a string), numeric, string,
// list and map bounds, Kubernetes extensions, and the CEL rules. Inputs only appear where they
// apply to the field's type, except in "All keywords".
import type { FieldNode, NamedField, SchemaValue, ValidationRuleDesign } from '@opstudio/shared/design/field';
import { LIST_TYPES, MAP_TYPES, RULE_REASONS } from '@opstudio/shared/design/field';
import { FIELD_KINDS, fieldKind, withKind } from '@opstudio/shared/design/kinds';
import type { Design } from '@opstudio/shared/design/schema';
import { fieldIssuePath, nodeAt, updateField, type FieldAddress } from '@opstudio/shared/designer/field-tree';
import { useState } from 'react';
import type { Edit } from './edit';
import {
  CheckboxInput,
  NumberInput,
  SelectInput,
  TextInput,
  compact,
  listText,
  normalizeList,
  parseList,
  useIssuesAt,
  IssueText,
} from './form-bits';
import { jsonInputText, parseJsonInput } from './json-input';
import styles from './designer.module.css';
import problemStyles from './problems.module.css';

const normalizeJson = (t: string): string => jsonInputText(parseJsonInput(t));
const enumText = (values: SchemaValue[] | undefined): string => (values ?? []).map(jsonInputText).join(', ');
const parseEnum = (t: string): SchemaValue[] | undefined => parseList(t)?.map((s) => parseJsonInput(s) ?? s);

interface Props {
  readonly design: Design;
  readonly edit: Edit;
  readonly addr: FieldAddress;
}

export function FieldEditor({ design, edit, addr }: Props) {
  const [all, setAll] = useState(false);
  const node = nodeAt(design, addr);
  const path = fieldIssuePath(design, addr);
  const fieldIssues = useIssuesAt(path);
  if (node === undefined) return null;
  const key = `${addr.version}:${addr.path.join('.')}`;
  const set = (patch: Partial<NamedField>, group: string | null) =>
    edit((d) => updateField(d, addr, (n) => compact({ ...n, ...patch })), group === null ? null : `${key}:${group}`);
  const named = typeof addr.path[addr.path.length - 1] === 'number';
  const kind = fieldKind(node);
  const t = node.type;
  const numeric = all || t === 'integer' || t === 'number' || kind === 'int-or-string';
  const stringy = all || t === 'string' || kind === 'int-or-string' || kind === 'quantity';
  const list = all || t === 'array';
  const object = all || t === 'object';
  const at = (k: string) => `${path}.${k}`;
  return (
    <section className={styles.section} aria-label={`Field ${named ? (node as NamedField).name : path}`}>
      <h2>
        Field <span className={styles.mono}>{path.replace(/^versions\[[^\]]+\]\./, '')}</span>
      </h2>
      <IssueText issues={fieldIssues} />
      <div className={styles.row3}>
        {named ? (
          <TextInput
            label="Name"
            issuePath={at('name')}
            value={(node as NamedField).name}
            onChange={(name) => set({ name }, 'name')}
          />
        ) : null}
        <SelectInput
          label="Type"
          issuePath={at('type')}
          value={kind}
          options={FIELD_KINDS}
          onChange={(k) => edit((d) => updateField(d, addr, (n) => withKind(n, k === '' ? 'custom' : k)), null)}
        />
        {named ? (
          <CheckboxInput
            label="Required"
            issuePath={at('required')}
            checked={(node as NamedField).required === true}
            onChange={(r) => set({ required: r ? true : undefined }, null)}
          />
        ) : null}
      </div>
      <TextInput
        label="Description"
        issuePath={at('description')}
        multiline
        value={node.description ?? ''}
        onChange={(v) => set({ description: v === '' ? undefined : v }, 'description')}
      />
      <div className={styles.row3}>
        {named ? (
          <TextInput
            label="Go name"
            issuePath={at('goName')}
            value={node.goName ?? ''}
            placeholder="derived"
            onChange={(v) => set({ goName: v === '' ? undefined : v }, 'goName')}
          />
        ) : null}
        <TextInput
          label="Default"
          issuePath={at('default')}
          value={jsonInputText(node.default)}
          normalize={normalizeJson}
          placeholder="JSON or text"
          onChange={(v) => set({ default: parseJsonInput(v) }, 'default')}
        />
        <TextInput
          label="Example"
          issuePath={at('example')}
          value={jsonInputText(node.example)}
          normalize={normalizeJson}
          onChange={(v) => set({ example: parseJsonInput(v) }, 'example')}
        />
      </div>
      <TextInput
        label="Allowed values (enum)"
        issuePath={at('enum')}
        value={enumText(node.enum)}
        normalize={(t) => enumText(parseEnum(t))}
        placeholder="a, b, c"
        onChange={(v) => set({ enum: parseEnum(v) }, 'enum')}
      />
      {numeric ? (
        <div className={styles.row3}>
          <NumberInput
            label="Minimum"
            issuePath={at('minimum')}
            value={node.minimum}
            onChange={(minimum) => set({ minimum }, 'minimum')}
          />
          <NumberInput
            label="Maximum"
            issuePath={at('maximum')}
            value={node.maximum}
            onChange={(maximum) => set({ maximum }, 'maximum')}
          />
          <NumberInput
            label="Multiple of"
            issuePath={at('multipleOf')}
            value={node.multipleOf}
            onChange={(multipleOf) => set({ multipleOf }, 'multipleOf')}
          />
          <CheckboxInput
            label="Exclusive minimum"
            checked={node.exclusiveMinimum === true}
            onChange={(v) => set({ exclusiveMinimum: v ? true : undefined }, null)}
          />
          <CheckboxInput
            label="Exclusive maximum"
            checked={node.exclusiveMaximum === true}
            onChange={(v) => set({ exclusiveMaximum: v ? true : undefined }, null)}
          />
        </div>
      ) : null}
      {stringy ? (
        <div className={styles.row3}>
          <NumberInput
            label="Min length"
            integer
            issuePath={at('minLength')}
            value={node.minLength}
            onChange={(minLength) => set({ minLength }, 'minLength')}
          />
          <NumberInput
            label="Max length"
            integer
            issuePath={at('maxLength')}
            value={node.maxLength}
            onChange={(maxLength) => set({ maxLength }, 'maxLength')}
          />
          <TextInput
            label="Pattern"
            issuePath={at('pattern')}
            value={node.pattern ?? ''}
            onChange={(v) => set({ pattern: v === '' ? undefined : v }, 'pattern')}
          />
          <TextInput
            label="Format"
            issuePath={at('format')}
            value={node.format ?? ''}
            onChange={(v) => set({ format: v === '' ? undefined : v }, 'format')}
          />
        </div>
      ) : null}
      {list ? (
        <div className={styles.row3}>
          <NumberInput
            label="Min items"
            integer
            issuePath={at('minItems')}
            value={node.minItems}
            onChange={(minItems) => set({ minItems }, 'minItems')}
          />
          <NumberInput
            label="Max items"
            integer
            issuePath={at('maxItems')}
            value={node.maxItems}
            onChange={(maxItems) => set({ maxItems }, 'maxItems')}
          />
          <SelectInput
            label="List type"
            issuePath={at('listType')}
            value={node.listType ?? ''}
            options={['', ...LIST_TYPES]}
            onChange={(v) => set({ listType: v === '' ? undefined : v }, null)}
          />
          <TextInput
            label="List map keys"
            issuePath={at('listMapKeys')}
            value={listText(node.listMapKeys)}
            normalize={normalizeList}
            onChange={(v) => set({ listMapKeys: parseList(v) }, 'listMapKeys')}
          />
          <CheckboxInput
            label="Unique items"
            issuePath={at('uniqueItems')}
            checked={node.uniqueItems === true}
            onChange={(v) => set({ uniqueItems: v ? true : undefined }, null)}
          />
        </div>
      ) : null}
      {object ? (
        <div className={styles.row3}>
          <NumberInput
            label="Min properties"
            integer
            issuePath={at('minProperties')}
            value={node.minProperties}
            onChange={(minProperties) => set({ minProperties }, 'minProperties')}
          />
          <NumberInput
            label="Max properties"
            integer
            issuePath={at('maxProperties')}
            value={node.maxProperties}
            onChange={(maxProperties) => set({ maxProperties }, 'maxProperties')}
          />
          <SelectInput
            label="Map type"
            issuePath={at('mapType')}
            value={node.mapType ?? ''}
            options={['', ...MAP_TYPES]}
            onChange={(v) => set({ mapType: v === '' ? undefined : v }, null)}
          />
          <CheckboxInput
            label="Preserve unknown fields"
            checked={node.preserveUnknownFields === true}
            onChange={(v) => set({ preserveUnknownFields: v ? true : undefined }, null)}
          />
          <CheckboxInput
            label="Embedded resource"
            checked={node.embeddedResource === true}
            onChange={(v) => set({ embeddedResource: v ? true : undefined }, null)}
          />
        </div>
      ) : null}
      <div className={styles.row3}>
        <CheckboxInput
          label="Nullable"
          checked={node.nullable === true}
          onChange={(v) => set({ nullable: v ? true : undefined }, null)}
        />
        <TextInput
          label="Title"
          issuePath={at('title')}
          value={node.title ?? ''}
          onChange={(v) => set({ title: v === '' ? undefined : v }, 'title')}
        />
        <CheckboxInput label="All keywords" checked={all} onChange={setAll} />
      </div>
      <Rules node={node} path={path} set={set} />
    </section>
  );
}

/** Problems about a rule as a whole (the studio's CEL compilation reports them at `validations[i]`). */
function Rule({ path, value, onChange }: { path: string; value: string; onChange: (rule: string) => void }) {
  // the API server's refusals of a rule (compile errors, cost) are about the rule as a whole: shown
  // under it, and they mark its input invalid
  const problems = useIssuesAt(path);
  return (
    <>
      <TextInput
        label="Rule"
        issuePath={`${path}.rule`}
        value={value}
        placeholder="self.size() > 0"
        multiline
        invalidWith={problems}
        onChange={onChange}
      />
      <IssueText issues={problems} />
    </>
  );
}

function Rules({
  node,
  path,
  set,
}: {
  node: FieldNode;
  path: string;
  set: (patch: Partial<NamedField>, group: string | null) => void;
}) {
  const rules = node.validations ?? [];
  const issues = useIssuesAt(`${path}.validations`);
  const setRule = (i: number, patch: Partial<ValidationRuleDesign>, k: string) =>
    set({ validations: rules.map((r, j) => (j === i ? compact({ ...r, ...patch }) : r)) }, `rule${i}.${k}`);
  return (
    <div>
      <h3>CEL rules</h3>
      <IssueText issues={issues} />
      {rules.map((r, i) => (
        <fieldset key={i} className={styles.column} aria-label={`CEL rule ${i + 1}`}>
          {/* the whole width, several lines: a rule is read in full, and its problems sit under it */}
          <div className={problemStyles.wide}>
            <Rule path={`${path}.validations[${i}]`} value={r.rule} onChange={(rule) => setRule(i, { rule }, 'rule')} />
          </div>
          <TextInput
            label="Message"
            issuePath={`${path}.validations[${i}].message`}
            value={r.message ?? ''}
            onChange={(v) => setRule(i, { message: v === '' ? undefined : v }, 'message')}
          />
          <TextInput
            label="Message expression"
            issuePath={`${path}.validations[${i}].messageExpression`}
            value={r.messageExpression ?? ''}
            onChange={(v) => setRule(i, { messageExpression: v === '' ? undefined : v }, 'messageExpression')}
          />
          <TextInput
            label="Field path"
            issuePath={`${path}.validations[${i}].fieldPath`}
            value={r.fieldPath ?? ''}
            onChange={(v) => setRule(i, { fieldPath: v === '' ? undefined : v }, 'fieldPath')}
          />
          <SelectInput
            label="Reason"
            issuePath={`${path}.validations[${i}].reason`}
            value={r.reason ?? ''}
            options={['', ...RULE_REASONS]}
            onChange={(v) => setRule(i, { reason: v === '' ? undefined : v }, 'reason')}
          />
          <CheckboxInput
            label="Optional old self"
            checked={r.optionalOldSelf === true}
            onChange={(v) => setRule(i, { optionalOldSelf: v ? true : undefined }, 'old')}
          />
          <button
            type="button"
            className={styles.subtle}
            onClick={() => set({ validations: rules.length === 1 ? undefined : rules.filter((_, j) => j !== i) }, null)}
          >
            Remove rule
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        onClick={() =>
          set({ validations: [...rules, { rule: 'self == self', message: 'describe what must hold' }] }, null)
        }
      >
        Add CEL rule
      </button>
    </div>
  );
}
