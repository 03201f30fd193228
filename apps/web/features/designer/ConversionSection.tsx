'use client';
// Conversion between versions (docs/design/0053), shown once the CRD has two: for each version
// other than the storage one (the hub), its rules — a move, computed fields (`field = CEL` lines
// each way), a field only the hub has, a field only the spoke has — and the round-trip check's
// result, which the studio's checks give at `conversion.spokes[i]`: the first object and field
// that do not come back equal, or that the rules round-trip.
import { useContext } from 'react';
import { RULE_FORMS, type ConversionRule, type RuleForm } from '@opstudio/shared/conversion/model';
import { VALIDATE_ROUND_TRIPS } from '@opstudio/shared/conversion/validate';
import type { Design } from '@opstudio/shared/design/schema';
import type { Edit } from './edit';
import { CheckboxInput, IssuesContext, IssueText, SelectInput, TextInput } from './form-bits';
import {
  assignmentsText,
  formOf,
  newRule,
  normalizeAssignments,
  parseAssignments,
  setRules,
  spokeIndex,
  spokesOf,
} from './conversion-edit';
import styles from './designer.module.css';
import own from './resources.module.css';

const FORM_LABEL: Record<RuleForm, string> = {
  move: 'move',
  compute: 'compute',
  add: 'add',
  drop: 'drop',
};

export function ConversionSection({ design, edit }: { readonly design: Design; readonly edit: Edit }) {
  const all = useContext(IssuesContext);
  if (design.crd.versions.length < 2) return null;
  const hub = design.crd.versions.find((v) => v.storage)?.name ?? '(no storage version)';
  return (
    <section className={styles.section}>
      <h2>Conversion</h2>
      <p className={styles.hint}>
        {hub} is stored; each other version converts to it and back with these rules, on the studio&apos;s conversion
        webhook. Fields no rule names are copied.
      </p>
      {spokesOf(design).map(({ version, rules }) => {
        const index = spokeIndex(design, version);
        const base = index < 0 ? 'conversion' : `conversion.spokes[${index}]`;
        const put = (next: readonly ConversionRule[], group: string | null) =>
          edit((d) => setRules(d, version, next), group);
        const roundTrip = (all.get(base) ?? []).filter((i) => i.severity === 'error');
        const under = [...all.entries()].filter(([p]) => p.startsWith(`${base}.`)).flatMap(([, is]) => is);
        return (
          <div key={version} aria-label={`Conversion ${version} ↔ ${hub}`} role="group">
            <h3>
              {version} ↔ {hub}
            </h3>
            <ol className={own.children} aria-label={`Rules of ${version}`}>
              {rules.map((rule, i) => (
                <RuleRow
                  key={i}
                  rule={rule}
                  at={`${base}.rules[${i}]`}
                  version={version}
                  hub={hub}
                  onChange={(next, field) =>
                    put(
                      rules.map((r, j) => (j === i ? next : r)),
                      `${base}.${i}.${field}`,
                    )
                  }
                  onRemove={() =>
                    put(
                      rules.filter((_, j) => j !== i),
                      null,
                    )
                  }
                />
              ))}
            </ol>
            <div className={styles.row3}>
              {RULE_FORMS.map((form) => (
                <button key={form} type="button" onClick={() => put([...rules, newRule(form)], null)}>
                  Add {FORM_LABEL[form]} rule
                </button>
              ))}
            </div>
            <p role="status" aria-label={`Round trip of ${version}`}>
              {rules.length === 0 ? (
                `No rules: the API server relabels ${version} objects as ${hub} and back, and drops what the other version lacks.`
              ) : roundTrip.length > 0 ? (
                <IssueText issues={roundTrip} />
              ) : under.some((i) => i.severity === 'error') ? (
                'Round trip: not checked until the rules above are fixed.'
              ) : (
                `Round trip: ${version} → ${hub} → ${version} gives back ${VALIDATE_ROUND_TRIPS} generated objects, and the sample comes back from ${version}.`
              )}
            </p>
          </div>
        );
      })}
    </section>
  );
}

interface RowProps {
  readonly rule: ConversionRule;
  readonly at: string;
  readonly version: string;
  readonly hub: string;
  readonly onChange: (next: ConversionRule, field: string) => void;
  readonly onRemove: () => void;
}

function RuleRow({ rule, at, version, hub, onChange, onRemove }: RowProps) {
  const form = formOf(rule);
  const text = (label: string, key: 'from' | 'to' | 'add' | 'drop', placeholder: string) => (
    <TextInput
      label={label}
      issuePath={`${at}.${key}`}
      value={rule[key] ?? ''}
      placeholder={placeholder}
      onChange={(v) => onChange({ ...rule, [key]: v }, key)}
    />
  );
  const lines = (label: string, key: 'toHub' | 'toSpoke') => (
    <TextInput
      label={label}
      issuePath={`${at}.${key}`}
      multiline
      value={assignmentsText(rule[key])}
      normalize={normalizeAssignments}
      onChange={(v) => onChange({ ...rule, [key]: parseAssignments(v) }, key)}
    />
  );
  const computedIssues = useComputedIssues(at);
  const keep = (
    <CheckboxInput
      label="Keep in an annotation"
      issuePath={`${at}.keep`}
      checked={rule.keep === 'annotation'}
      onChange={(on) => {
        const { keep: _keep, ...rest } = rule;
        onChange(on ? { ...rest, keep: 'annotation' } : rest, 'keep');
      }}
    />
  );
  return (
    <li className={own.child} aria-label={`Rule ${form}`}>
      <div className={own.childHead}>
        <SelectInput<RuleForm>
          label="Rule"
          value={form}
          options={RULE_FORMS}
          onChange={(f) => f !== '' && f !== form && onChange(newRule(f), 'form')}
        />
        <span className={own.spacer} />
        <button type="button" onClick={onRemove} aria-label={`Remove rule ${at}`}>
          Remove
        </button>
      </div>
      <div className={own.rules}>
        {form === 'move' ? (
          <>
            {text(`Field in ${version}`, 'from', 'spec.size')}
            {text(`Field in ${hub}`, 'to', 'spec.replicas')}
          </>
        ) : null}
        {form === 'compute' ? (
          <>
            {lines(`${hub} fields from ${version} (field = CEL over self)`, 'toHub')}
            {lines(`${version} fields from ${hub} (field = CEL over self)`, 'toSpoke')}
            <IssueText issues={computedIssues} />
          </>
        ) : null}
        {form === 'add' ? (
          <>
            {text(`Field only ${hub} has`, 'add', 'spec.paused')}
            <TextInput
              label="Default (JSON)"
              issuePath={`${at}.default`}
              value={rule.default === undefined ? '' : JSON.stringify(rule.default)}
              onChange={(v) => {
                const { default: _d, ...rest } = rule;
                onChange(v.trim() === '' ? rest : { ...rest, default: parseJsonOr(v) }, 'default');
              }}
            />
            {keep}
          </>
        ) : null}
        {form === 'drop' ? (
          <>
            {text(`Field only ${version} has`, 'drop', 'spec.legacy')}
            {keep}
          </>
        ) : null}
      </div>
    </li>
  );
}

/** The problems of single computed fields (`…toHub["spec.tag"]`), shown under the lines. */
function useComputedIssues(at: string) {
  const all = useContext(IssuesContext);
  return [...all.entries()]
    .filter(([p]) => p.startsWith(`${at}.toHub[`) || p.startsWith(`${at}.toSpoke[`))
    .flatMap(([p, is]) => is.map((i) => ({ ...i, message: `${p.slice(at.length + 1)}: ${i.message}` })));
}

function parseJsonOr(text: string): string | number | boolean | null {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v === null ? v : text;
  } catch {
    return text;
  }
}
