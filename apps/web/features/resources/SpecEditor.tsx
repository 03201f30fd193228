'use client';
// Edit a CR: the form generated from the CRD schema (in the design's field order when the kind
// was installed from a design) and the YAML of the same draft, kept in sync both ways; "Apply"
// (once every required field has a value) shows the server's dry run of the merge patch of what
// changed as a diff, and Confirm sends it (use-spec-apply.ts). While nothing is edited the page
// follows the live object; once edited, the draft stays, with the version it was edited from,
// until applied or discarded. The YAML is Monaco with the kind's schema (completion, hover,
// diagnostics), bundled and offline. While editing, the kind's validation rules run as the API
// server runs them on this update (use-rule-check.ts, in a worker): what it would refuse shows at
// each field, in the YAML and in a list, and Apply is held back for it (the draft stays).
import { applyMergePatch } from '@opstudio/shared/resources/merge-patch';
import { emitYaml, parseYaml } from '@opstudio/shared/yaml/index';
import type { YamlValue } from '@opstudio/shared/yaml/index';
import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useMemo, useState } from 'react';
import { useTRPC } from '../../trpc/client';
import type { FetchedObject, ResourceKind } from './api-types';
import { ApplyDiffDialog } from './ApplyDiffDialog';
import { crDocumentSchema } from './cr-json-schema';
import styles from './resources.module.css';
import { SchemaForm } from './schema-form/SchemaForm';
import { designSpecOrder } from './schema-form/design-order';
import { fieldErrors, refusals, yamlMarks } from './rule-view';
import { RuleVerdict } from './RuleVerdict';
import { fieldsOf, inFieldOrder, missingRequired, pathKey, setAt } from './schema-form/schema-fields';
import type { FieldNode, ValuePath } from './schema-form/schema-fields';
import { editableOf, planPatch } from './spec-draft';
import type { Editable } from './spec-draft';
import { useRuleCheck, type RulesInput } from './use-rule-check';
import { useSpecApply } from './use-spec-apply';
import { Skeleton } from '../shell/Skeleton';

const NONE: readonly ValuePath[] = [];

const SchemaYamlEditor = dynamic(() => import('../monaco/SchemaYamlEditor'), {
  ssr: false,
  loading: () => <Skeleton height="22rem" label="Loading the editor…" />,
});

interface Props {
  readonly kind: ResourceKind;
  readonly object: FetchedObject;
  readonly readOnly: boolean;
  readonly onApplied: (obj: FetchedObject) => void;
}

export function SpecEditor({ kind, object, readOnly, onApplied }: Props) {
  const [draft, setDraft] = useState<Editable | null>(null);
  // the version the draft was edited from: the patch is planned from it and carries its resourceVersion
  const [origin, setOrigin] = useState<FetchedObject | null>(null);
  const from = draft !== null && origin !== null ? origin : object;
  const base = useMemo(() => editableOf(from), [from]);
  // what Reload after a conflict kept and dropped of the user's edits
  const [reloadNote, setReloadNote] = useState<string | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [yamlError, setYamlError] = useState<string | null>(null);
  const doc = draft ?? base;
  const fields = useSpecFields(kind);
  // the required fields found empty on the last Apply (then kept current as the user fills them)
  const [checkRequired, setCheckRequired] = useState(false);
  // a new form (its rows being typed dropped) after Discard and Apply
  const [formKey, setFormKey] = useState(0);
  const missing = useMemo(() => (fields === null ? [] : missingRequired(fields, doc.spec, ['spec'])), [fields, doc]);
  const plan = useMemo(() => planPatch(base, doc), [base, doc]);
  // the update the API server would validate: the patch applied to the version edited from, against it
  const rulesInput = useMemo<RulesInput | null>(() => {
    if (plan.kind !== 'patch') return null;
    const old = from as unknown as Record<string, unknown>;
    return { object: applyMergePatch(old, plan.patch) as Record<string, unknown>, oldObject: old };
  }, [plan, from]);
  const rules = useRuleCheck(kind.schema, rulesInput);
  // Apply was held back for what the API server would refuse
  const [held, setHeld] = useState(false);
  const refused = refusals(rules);
  const marks = useMemo(() => yamlMarks(rules), [rules]);
  // the page re-renders on every live event and clock tick: emit the YAML only when the draft changes (and not while the user's own text is shown)
  const yamlText = useMemo(() => text ?? emitYaml(doc as YamlValue, { keepKeyOrder: true }), [text, doc]);
  const { group, version, kind: kindName, schema: crdSchema } = kind;
  // recomputed (and monaco-yaml revalidated) only when this kind's schema changes, not on every kinds event
  const schema = useMemo(
    () => crDocumentSchema({ group, version: version ?? '', kind: kindName, schema: crdSchema }),
    [group, version, kindName, crdSchema],
  );
  const { name, namespace } = object.metadata;
  const modelUri = `file:///resources/${kind.name}/${namespace ?? '_cluster'}/${name}.yaml`;
  const reset = () => {
    setDraft(null);
    setOrigin(null);
    setText(null);
    setYamlError(null);
    setCheckRequired(false);
    setHeld(false);
    setFormKey((k) => k + 1);
  };
  const apply = useSpecApply({
    kind,
    object,
    onApplied: (obj) => {
      reset();
      setReloadNote(null);
      onApplied(obj);
    },
    onReloaded: (live, rebased) => {
      reset();
      if (rebased.draft !== null) {
        setOrigin(live);
        setDraft(rebased.draft);
      }
      setReloadNote(reloadNoteOf(rebased.kept, rebased.dropped));
      onApplied(live); // the page shows the live object now, not the one it last fetched
    },
  });
  const startEditing = () => {
    if (draft === null) setOrigin(object);
    setReloadNote(null);
  };

  const editField = (path: readonly string[], value: unknown) => {
    const next = setAt(doc, path, value);
    const spec = next.spec;
    // a field set through the form goes where the form shows it in the YAML too
    const ordered =
      fields !== null && spec !== null && typeof spec === 'object' && !Array.isArray(spec)
        ? { ...next, spec: inFieldOrder(spec as Record<string, unknown>, fields) }
        : next;
    startEditing();
    setDraft(ordered);
    setText(null);
    setYamlError(null);
  };
  const editYaml = (value: string) => {
    startEditing();
    setText(value);
    const parsed = parseYaml(value);
    if (!parsed.ok) return setYamlError(parsed.message);
    if (parsed.value === null || typeof parsed.value !== 'object' || Array.isArray(parsed.value))
      return setYamlError('the YAML must be one mapping (apiVersion, kind, metadata, spec)');
    setYamlError(null);
    setDraft(parsed.value as Editable);
  };
  const discard = () => {
    reset();
    setReloadNote(null);
  };
  /** `anyway`: past the studio's verdict on the rules (the cluster may run another Kubernetes) */
  const submit = (anyway = false) => {
    if (plan.kind !== 'patch' || kind.version === null) return;
    setCheckRequired(true);
    if (missing.length > 0) return;
    setHeld(!anyway && refused.length > 0);
    if (!anyway && refused.length > 0) return;
    apply.start(doc, from);
  };
  const missingShown = checkRequired ? missing : NONE;
  const shownErrors = rules.state === 'checked' ? rules.check.errors : [];
  const errors = useMemo(() => fieldErrors(missingShown, shownErrors), [missingShown, shownErrors]);
  const problem =
    yamlError ??
    (plan.kind === 'invalid'
      ? plan.message
      : missingShown.length > 0
        ? `Not applied: ${missingShown.map(pathKey).join(', ')} ${missingShown.length === 1 ? 'is' : 'are'} required`
        : null);

  return (
    <section className={styles.card} aria-label="Spec">
      <div className={styles.toolbar}>
        <h2 style={{ margin: 0 }}>Spec</h2>
        <span className={styles.spacer} />
        {draft !== null && <span className={styles.sub}>edited, not applied</span>}
        {!readOnly && (
          <>
            <button
              type="button"
              className={styles.button}
              onClick={discard}
              disabled={draft === null && text === null}
            >
              Discard
            </button>
            <button
              type="button"
              className={`${styles.button} ${styles.primary}`}
              onClick={() => submit()}
              disabled={plan.kind !== 'patch' || yamlError !== null || apply.review !== null}
            >
              Apply
            </button>
          </>
        )}
      </div>
      {problem !== null && <p className={styles.error}>{problem}</p>}
      <RuleVerdict rules={rules} held={held && refused.length > 0} verb="Apply" onAskAnyway={() => submit(true)} />
      {reloadNote !== null && (
        <p className={styles.note} role="status">
          {reloadNote}
        </p>
      )}
      <ApplyDiffDialog
        review={apply.review}
        title={`Apply to ${name}`}
        beforeLabel="the version you edited"
        onConfirm={apply.confirm}
        onCancel={apply.cancel}
        onReload={apply.reload}
      />
      <div className={styles.grid2} style={{ marginTop: '0.75rem' }}>
        <div>
          {yamlError !== null && (
            <p className={styles.note}>The YAML does not parse: fix it there, then the form follows again.</p>
          )}
          {fields === null ? (
            <Skeleton lines={4} label="Loading the form…" />
          ) : (
            <SchemaForm
              key={formKey}
              fields={fields}
              value={doc}
              onChange={editField}
              readOnly={readOnly || yamlError !== null}
              errors={errors}
            />
          )}
        </div>
        <div>
          <section aria-label="Resource YAML" className={styles.yamlEditor}>
            <SchemaYamlEditor
              label="Resource YAML"
              modelUri={modelUri}
              schemaId={`https://opstudio.invalid/schemas/${kind.name}/${kind.version ?? ''}.json`}
              schema={schema}
              readOnly={readOnly}
              value={yamlText}
              onChange={editYaml}
              marks={marks}
            />
          </section>
        </div>
      </div>
    </section>
  );
}

function reloadNoteOf(kept: readonly string[], dropped: readonly string[]): string {
  const parts = ['Reloaded the live object.'];
  if (kept.length > 0) parts.push(`Your edits kept: ${kept.join(', ')} (not applied yet).`);
  if (dropped.length > 0) parts.push(`Dropped, changed meanwhile: ${dropped.join(', ')}.`);
  return parts.join(' ');
}

/**
 * The spec's form fields; for a kind installed from a design, in the design's order (the CRD
 * lists properties by name), null while that design loads. A design since deleted or
 * unreadable leaves the CRD's order.
 */
function useSpecFields(kind: ResourceKind): readonly FieldNode[] | null {
  const trpc = useTRPC();
  const { designId, designVersion } = kind;
  const design = useQuery({
    ...trpc.designs.get.queryOptions({
      id: designId ?? '',
      ...(designVersion !== null ? { version: designVersion } : {}),
    }),
    enabled: designId !== null,
    retry: false,
    staleTime: Infinity,
  });
  const yaml = design.data?.yaml;
  const pending = designId !== null && design.isPending;
  return useMemo(() => {
    if (pending) return null;
    const order = yaml === undefined ? undefined : designSpecOrder(yaml, kind.version);
    return fieldsOf(kind.schema?.properties?.spec, ['spec'], order);
  }, [pending, yaml, kind.version, kind.schema]);
}
