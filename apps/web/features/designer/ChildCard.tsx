'use client';
// One child of the resources form: its id, includeWhen and readyWhen, its For each (a
// collection), its place in the list, and its template in Monaco. The template text is the user's while it does not parse (the
// design keeps the last good template); issues under `operand.resources[i]` show here. The
// template's kind brings its schema from the cluster (cluster.kindSchema) while connected.
import type { Issue } from '@opstudio/shared';
import type { CelSuggestion } from '@opstudio/shared/designer/cel-completion';
import { childIssues } from '@opstudio/shared/designer/template-paths';
import { CHILD_TEMPLATE, type ChildResource } from '@opstudio/shared/graph/model';
import { emitYaml } from '@opstudio/shared/yaml/emit';
import { parseYaml } from '@opstudio/shared/yaml/parse';
import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useCallback, useContext, useMemo, useRef, useState } from 'react';
import { useTRPC } from '../../trpc/client';
import { useLive } from '../live/LiveProvider';
import { IssuesContext, TextInput } from './form-bits';
import { ForEachField } from './ForEachField';
import { iteratorRows, type IteratorRow } from './foreach-edit';
import { withAdopt, withRule } from './resources-edit';
import styles from './designer.module.css';
import own from './resources.module.css';

const TemplateYamlEditor = dynamic(() => import('../monaco/TemplateYamlEditor'), {
  ssr: false,
  loading: () => <p className={styles.hint}>Loading the editor…</p>,
});

export interface ChildCardProps {
  readonly child: ChildResource;
  readonly index: number;
  readonly count: number;
  readonly onChange: (child: ChildResource, group: string | null) => void;
  readonly onMove: (by: -1 | 1) => void;
  readonly onRemove: () => void;
  readonly suggest: (lineBefore: string, iterators: readonly IteratorRow[]) => readonly CelSuggestion[];
}

const serialize = (t: ChildResource['template']) => emitYaml(t, { keepKeyOrder: true });

type Parsed = { ok: true; template: ChildResource['template'] } | { ok: false; message: string };

function parseTemplate(text: string): Parsed {
  const y = parseYaml(text);
  if (!y.ok) return { ok: false, message: y.message };
  const t = CHILD_TEMPLATE.safeParse(y.value);
  return t.success
    ? { ok: true, template: t.data }
    : { ok: false, message: t.error.issues[0]?.message ?? 'not a template' };
}

/** The kind's schema from the cluster while it is connected; what to say when there is none. */
function useKindSchema(apiVersion: string, kind: string) {
  const trpc = useTRPC();
  const connected = useLive().state.cluster?.connected === true;
  const query = useQuery(
    trpc.cluster.kindSchema.queryOptions(
      { apiVersion, kind },
      // the server answers from its cache until the cluster's document changes
      { enabled: connected, staleTime: 10 * 60_000 },
    ),
  );
  const data = query.data;
  const schema = useMemo(
    () =>
      data?.schema == null
        ? undefined
        : {
            id: `https://opstudio.invalid/schemas/kinds/${apiVersion}/${kind}.json`,
            schema: data.schema,
          },
    [data, apiVersion, kind],
  );
  const missing = query.isError ? query.error.message : data?.schema === null ? data.reason : null;
  return { schema, missing };
}

export function ChildCard({ child, index, count, onChange, onMove, onRemove, suggest }: ChildCardProps) {
  const all = useContext(IssuesContext);
  const kindSchema = useKindSchema(child.template.apiVersion, child.template.kind);
  const base = `operand.resources[${index}]`;
  const { template: templateIssues, other } = useMemo(() => childIssues([...all.values()].flat(), index), [all, index]);
  const shownElsewhere = new Set([`${base}.id`, `${base}.includeWhen`, `${base}.readyWhen`, `${base}.adopt`]);
  const inForEach = (p: string) => p.startsWith(`${base}.forEach`);
  const rest: Issue[] = [...other.filter((i) => !shownElsewhere.has(i.path) && !inForEach(i.path)), ...templateIssues];
  // completion knows this child's iterators; one function per card, so the editor registers it once
  const current = useRef(child);
  current.current = child;
  const suggestHere = useCallback((line: string) => suggest(line, iteratorRows(current.current)), [suggest]);
  const [text, setText] = useState(() => serialize(child.template));
  const [seen, setSeen] = useState(child.template);
  const [textError, setTextError] = useState<string | null>(null);
  if (seen !== child.template) {
    // changed elsewhere (undo, the design's YAML, a reorder): take it unless the text says the same
    setSeen(child.template);
    const mine = parseTemplate(text);
    if (!mine.ok || JSON.stringify(mine.template) !== JSON.stringify(child.template)) {
      setText(serialize(child.template));
      setTextError(null);
    }
  }
  const onText = (t: string) => {
    setText(t);
    const parsed = parseTemplate(t);
    setTextError(parsed.ok ? null : parsed.message);
    if (parsed.ok) onChange({ ...child, template: parsed.template }, `${base}.template`);
  };
  return (
    <li className={own.child} aria-label={`Resource ${child.id}`}>
      <div className={own.childHead}>
        <span className={styles.kindTag}>{child.template.kind}</span>
        <span className={styles.mono}>{child.template.apiVersion}</span>
        <span className={own.spacer} />
        <button
          type="button"
          onClick={() => onMove(-1)}
          disabled={index === 0}
          aria-label={`Move ${child.id} up`}
          title="Move up"
        >
          ↑
        </button>
        <button
          type="button"
          onClick={() => onMove(1)}
          disabled={index === count - 1}
          aria-label={`Move ${child.id} down`}
          title="Move down"
        >
          ↓
        </button>
        <button type="button" className={styles.danger} onClick={onRemove} aria-label={`Remove ${child.id}`}>
          Remove
        </button>
      </div>
      <TextInput
        label="Id"
        issuePath={`${base}.id`}
        value={child.id}
        hint="a CEL name: other resources read it as ${id.metadata.name}"
        onChange={(id) => onChange({ ...child, id }, `${base}.id`)}
      />
      <div className={own.rules}>
        <TextInput
          label="Include when (CEL, empty: always)"
          issuePath={`${base}.includeWhen`}
          value={child.includeWhen ?? ''}
          placeholder="self.spec.?host.orValue('') != ''"
          onChange={(v) => onChange(withRule(child, 'includeWhen', v), `${base}.includeWhen`)}
        />
        <TextInput
          label="Ready when (CEL, empty: once it exists)"
          issuePath={`${base}.readyWhen`}
          value={child.readyWhen ?? ''}
          placeholder={`${child.id}.status.?readyReplicas.orValue(0) > 0`}
          onChange={(v) => onChange(withRule(child, 'readyWhen', v), `${base}.readyWhen`)}
        />
      </div>
      <ForEachField child={child} base={base} onChange={onChange} />
      <label className={styles.hint}>
        <input
          type="checkbox"
          checked={child.adopt === true}
          onChange={(e) => onChange(withAdopt(child, e.target.checked), `${base}.adopt`)}
        />{' '}
        Adopt an existing object of this name that no controller owns (off: it is left untouched, Degraded
        AlreadyExists)
      </label>
      <TemplateYamlEditor
        value={text}
        onChange={onText}
        modelUri={`file:///design/resources/${index}.yaml`}
        issues={templateIssues}
        suggest={suggestHere}
        schema={kindSchema.schema}
        label={`Template of ${child.id}`}
      />
      {kindSchema.missing !== null ? <p className={styles.hint}>No schema: {kindSchema.missing}</p> : null}
      {textError !== null ? (
        <p role="alert" className={styles.issueText}>
          The template is not valid yet, so the design keeps the last good one: {textError}
        </p>
      ) : null}
      {rest.length > 0 ? (
        <ul className={own.issues} aria-label={`Problems of ${child.id}`}>
          {rest.map((i, n) => (
            <li key={n} className={i.severity === 'error' ? styles.issueText : styles.hint}>
              <span className={styles.mono}>{i.path.replace(`${base}.`, '') || 'template'}</span>: {i.message}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
