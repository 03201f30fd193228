'use client';
// The designer's Tests tab (docs/design/0052): the design's render and validation cases with
// pass/fail and why, as the previews' worker ran them on the latest design (the one runner
// `opstudio test` calls). A failing case shows a diff of expected vs got at each field; "Save as
// expected" writes what the controller renders for a render case into it; cases are added from
// the sample, edited and removed. Every change is an edit of the design (undo, the unsaved
// marker, the YAML in step).
import dynamic from 'next/dynamic';
import type { Design } from '@opstudio/shared/design/schema';
import type { ValidationCase } from '@opstudio/shared/design-tests/model';
import {
  diffSides,
  expectRendered,
  newValidationCase,
  sampleCase,
  setRenderCase,
  setValidationCase,
} from '@opstudio/shared/design-tests/edit';
import { emitYaml } from '@opstudio/shared/yaml/emit';
import { parseYaml } from '@opstudio/shared/yaml/parse';
import { useId, useState, type ReactNode } from 'react';
import type { CaseAnswer, TestsAnswer } from '../previews/design-text';
import { Skeleton } from '../shell/Skeleton';
import type { Edit } from './edit';
import diffStyles from '../monaco/diff.module.css';
import styles from './tests.module.css';

const YamlDiffEditor = dynamic(() => import('../monaco/YamlDiffEditor'), {
  ssr: false,
  loading: () => <Skeleton lines={4} label="Loading the diff" />,
});

export interface TestsPanelProps {
  /** the design being edited (edits apply to it) */
  readonly design: Design;
  /** the run of the design the worker last answered for */
  readonly tests: TestsAnswer;
  /** the results belong to the design being edited (false while the worker catches up) */
  readonly current: boolean;
  readonly edit: Edit;
  readonly canEdit: boolean;
}

/** The tab's label: its tally once a case fails. */
export function testsLabel(t: TestsAnswer): string {
  return t.failed > 0 ? `Tests (${t.failed} failed)` : 'Tests';
}

const MARK = { passed: '✔', failed: '✘', 'not-run': '–' } as const;

export function TestsPanel({ design, tests, current, edit, canEdit }: TestsPanelProps) {
  const render = design.tests?.render ?? [];
  const validation = design.tests?.validation ?? [];
  const result = (path: string) => (current ? tests.results.find((r) => r.path === path) : undefined);
  const total = tests.results.length;
  return (
    <div className={styles.tests}>
      <p role="status" className={styles.tally} aria-live="polite">
        {!current
          ? 'Running the cases…'
          : total === 0
            ? 'The design has no test cases yet.'
            : `${tests.passed} passed, ${tests.failed} failed${tests.notRun > 0 ? `, ${tests.notRun} not run` : ''}`}
      </p>
      <section aria-label="Render cases">
        <div className={styles.head}>
          <h3>Render cases</h3>
          {canEdit ? (
            <button type="button" onClick={() => edit((d) => setRenderCase(d, Infinity, sampleCase(d)), null)}>
              Add case from the sample
            </button>
          ) : null}
        </div>
        <ul className={styles.cases} aria-label="Render cases">
          {render.map((c, i) => {
            const path = `tests.render[${i}]`;
            const r = result(path);
            return (
              <CaseRow key={path} name={c.name} result={r}>
                {canEdit ? (
                  <>
                    <button
                      type="button"
                      disabled={r?.rendered === undefined}
                      title="Write what the controller makes of this case's resource into its expectations"
                      onClick={() => {
                        const got = r?.rendered;
                        if (got === undefined) return;
                        edit((d) => {
                          const now = d.tests?.render?.[i];
                          return now === undefined ? d : setRenderCase(d, i, expectRendered(d, now, got));
                        }, null);
                      }}
                    >
                      Save as expected
                    </button>
                    <button type="button" onClick={() => edit((d) => setRenderCase(d, i, undefined), null)}>
                      Remove
                    </button>
                  </>
                ) : null}
              </CaseRow>
            );
          })}
        </ul>
      </section>
      <section aria-label="Validation cases">
        <div className={styles.head}>
          <h3>Validation cases</h3>
          {canEdit ? (
            <button
              type="button"
              onClick={() => edit((d) => setValidationCase(d, Infinity, newValidationCase(d)), null)}
            >
              Add validation case
            </button>
          ) : null}
        </div>
        <ul className={styles.cases} aria-label="Validation cases">
          {validation.map((c, i) => {
            const path = `tests.validation[${i}]`;
            return (
              <ValidationRow
                key={path}
                value={c}
                group={path}
                result={result(path)}
                canEdit={canEdit}
                onChange={(next, group) => edit((d) => setValidationCase(d, i, next), group)}
              />
            );
          })}
        </ul>
      </section>
    </div>
  );
}

function CaseRow({
  name,
  result,
  children,
  below = null,
}: {
  readonly name: string;
  readonly result: CaseAnswer | undefined;
  /** the case's buttons */
  readonly children: ReactNode;
  /** under the case (its editor) */
  readonly below?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const outcome = result?.outcome;
  const sides = outcome === 'failed' ? diffSides(result?.failures ?? []) : undefined;
  const modelPath = useId();
  return (
    <li aria-label={`Case ${name}`} data-outcome={outcome ?? 'running'} className={styles.case}>
      <div className={styles.caseHead}>
        <span className={styles.mark} role="img" aria-label={outcome ?? 'running'}>
          {outcome === undefined ? '…' : MARK[outcome]}
        </span>
        <span className={styles.name}>{name}</span>
        <span className={styles.actions}>
          {sides !== undefined ? (
            <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
              {open ? 'Hide diff' : 'Show diff'}
            </button>
          ) : null}
          {children}
        </span>
      </div>
      {result !== undefined && result.outcome !== 'passed' ? (
        <ul className={styles.failures} aria-label="Why">
          {result.failures.map((f, n) => (
            <li key={n}>{f.text}</li>
          ))}
        </ul>
      ) : null}
      {open && sides !== undefined ? (
        <div className={`${diffStyles.diff} ${styles.diff}`}>
          <YamlDiffEditor
            original={sides.expected}
            modified={sides.got}
            originalLabel={`Expected, ${name}`}
            modifiedLabel={`Got, ${name}`}
            modelPath={`case-diff${modelPath.replace(/[^a-z0-9]/gi, '')}`}
          />
        </div>
      ) : null}
      {below}
    </li>
  );
}

/** A validation case: its result, and its object, old object, verdict and lines edited in place. */
function ValidationRow({
  value,
  group,
  result,
  canEdit,
  onChange,
}: {
  readonly value: ValidationCase;
  readonly group: string;
  readonly result: CaseAnswer | undefined;
  readonly canEdit: boolean;
  readonly onChange: (next: ValidationCase | undefined, group: string | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const set = (patch: Partial<ValidationCase>, field: string) => onChange({ ...value, ...patch }, `${group}.${field}`);
  const errors = value.expect.errors ?? [];
  const editor = (
    <div className={styles.editor}>
      <label>
        Name
        <input type="text" value={value.name} onChange={(e) => set({ name: e.target.value }, 'name')} />
      </label>
      <YamlObject
        label="Object (a patch over the sample)"
        value={value.object}
        onChange={(object) => object !== undefined && set({ object }, 'object')}
      />
      <YamlObject
        label="Old object, for an update (empty: a create)"
        value={value.oldObject}
        optional
        onChange={(oldObject) => {
          const { oldObject: _, ...rest } = value;
          onChange(oldObject === undefined ? rest : { ...rest, oldObject }, `${group}.oldObject`);
        }}
      />
      <label>
        Expected verdict
        <select
          value={value.expect.allowed ? 'allowed' : 'refused'}
          onChange={(e) => {
            const { errors: _, ...rest } = value.expect;
            const expect = e.target.value === 'allowed' ? { ...rest, allowed: true } : { ...rest, allowed: false };
            set({ expect }, 'allowed');
          }}
        >
          <option value="allowed">allowed</option>
          <option value="refused">refused</option>
        </select>
      </label>
      {value.expect.allowed ? null : (
        <Lines
          label="Expected messages, one a line (empty: any)"
          value={errors}
          onChange={(lines) => {
            const { errors: _, ...expect } = value.expect;
            set({ expect: lines.length === 0 ? expect : { ...expect, errors: lines } }, 'errors');
          }}
        />
      )}
    </div>
  );
  return (
    <CaseRow name={value.name} result={result} below={open && canEdit ? editor : null}>
      {canEdit ? (
        <>
          <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Done' : 'Edit'}
          </button>
          <button type="button" onClick={() => onChange(undefined, null)}>
            Remove
          </button>
        </>
      ) : null}
    </CaseRow>
  );
}

/** Lines typed in a text area (blank lines dropped from the value, kept while typing). */
function Lines({
  label,
  value,
  onChange,
}: {
  readonly label: string;
  readonly value: readonly string[];
  readonly onChange: (lines: string[]) => void;
}) {
  const [text, setText] = useState(() => value.join('\n'));
  return (
    <label>
      {label}
      <textarea
        rows={2}
        value={text}
        spellCheck={false}
        onChange={(e) => {
          setText(e.target.value);
          onChange(e.target.value.split('\n').filter((l) => l.trim() !== ''));
        }}
      />
    </label>
  );
}

type JsonObject = ValidationCase['object'];

const yamlText = (v: JsonObject | undefined) => (v === undefined ? '' : emitYaml(v, { keepKeyOrder: true }));

/** A YAML object typed in a text area: taken when it parses to an object, else the reason shown. */
function YamlObject({
  label,
  value,
  optional = false,
  onChange,
}: {
  readonly label: string;
  readonly value: JsonObject | undefined;
  readonly optional?: boolean;
  readonly onChange: (v: JsonObject | undefined) => void;
}) {
  const [text, setText] = useState(() => yamlText(value));
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const change = (t: string) => {
    setText(t);
    if (t.trim() === '') {
      setProblem(optional ? null : 'give an object ({} is the sample as it is)');
      if (optional) onChange(undefined);
      return;
    }
    const parsed = parseYaml(t);
    if (!parsed.ok) return setProblem(parsed.message);
    const v = parsed.value;
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return setProblem('not an object');
    setProblem(null);
    onChange(v as JsonObject);
  };
  return (
    <label>
      {label}
      <textarea
        rows={3}
        value={text}
        spellCheck={false}
        aria-invalid={problem !== null || undefined}
        aria-describedby={problem !== null ? `${id}-problem` : undefined}
        onChange={(e) => change(e.target.value)}
      />
      {problem !== null ? (
        <span id={`${id}-problem`} className={styles.problem}>
          {problem}
        </span>
      ) : null}
    </label>
  );
}
