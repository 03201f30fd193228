'use client';
// "Create from sample": the design's sample CR (or a minimal object for other kinds) in an
// editable YAML box, created in the page's namespace. Create asks the API server for a dry run
// first and shows the object it would store (defaults filled in) in the apply dialog; Confirm
// creates it. While the text is edited the kind's validation rules run on it as on a create
// (use-rule-check.ts): what the API server would refuse is listed, and Create is held back for it.
// Server errors show as sent.
import { emitYaml, parseYaml } from '@opstudio/shared/yaml/index';
import type { YamlValue } from '@opstudio/shared/yaml/index';
import { useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useMemo, useRef, useState } from 'react';
import { useTRPC, useTRPCClient } from '../../trpc/client';
import { useCluster } from '../cluster/ClusterScope';
import type { ResourceKind } from './api-types';
import { ApplyDiffDialog } from './ApplyDiffDialog';
import { diffReview, errorText } from './apply-review';
import type { ApplyReview } from './apply-review';
import { objectPath } from './paths';
import { refusals } from './rule-view';
import { RuleVerdict } from './RuleVerdict';
import styles from './resources.module.css';
import { sampleFor } from './sample';
import { useRuleCheck, type RulesInput } from './use-rule-check';

interface Props {
  readonly kind: ResourceKind;
  /** Where to create it (namespaced kinds); ignored for cluster-scoped ones. */
  readonly namespace: string;
  /** The names in use, asked for when the sample is made (building a set of 10,000 names on every table update would cost frames). */
  readonly takenNames: () => ReadonlySet<string>;
}

export function CreateFromSample({ kind, namespace, takenNames }: Props) {
  const trpc = useTRPC();
  const { href: on } = useCluster();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [text, setText] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; namespace: string | undefined } | null>(null);
  const [review, setReview] = useState<ApplyReview | null>(null);
  // the text the dialog shows the dry run of: Confirm creates exactly that
  const reviewed = useRef<string | null>(null);
  const namespaced = kind.scope === 'Namespaced';
  // the create the API server would validate: the text's object in the page's namespace
  const rulesInput = useMemo(
    () => createdObject(text, namespaced ? namespace : undefined),
    [text, namespaced, namespace],
  );
  const rules = useRuleCheck(kind.schema, rulesInput);
  const refused = refusals(rules);
  // Create was held back for what the API server would refuse
  const [held, setHeld] = useState(false);

  const open = async () => {
    setCreated(null);
    setReview(null);
    setHeld(false);
    let designYaml: string | null = null;
    if (kind.designId !== null) {
      const design = await queryClient
        .fetchQuery(
          trpc.designs.get.queryOptions({
            id: kind.designId,
            ...(kind.designVersion !== null ? { version: kind.designVersion } : {}),
          }),
        )
        .catch(() => null);
      designYaml = design?.yaml ?? null;
    }
    setText(emitYaml(sampleFor(kind, designYaml, takenNames()) as YamlValue, { keepKeyOrder: true }));
  };

  const send = (body: string, dryRun: boolean) =>
    client.resources.create.mutate({
      group: kind.group,
      version: kind.version ?? '',
      plural: kind.plural,
      body,
      dryRun,
      ...(namespaced ? { namespace } : {}),
    });

  /** `anyway`: past the studio's verdict on the rules (the cluster may run another Kubernetes) */
  const submit = async (anyway = false) => {
    if (text === null || kind.version === null) return;
    setHeld(!anyway && refused.length > 0);
    if (!anyway && refused.length > 0) return;
    reviewed.current = text;
    setReview({ step: 'checking' });
    try {
      const wouldBe = await send(text, true);
      if (reviewed.current === text) setReview(diffReview(null, wouldBe));
    } catch (err) {
      if (reviewed.current === text) setReview({ step: 'refused', message: errorText(err) });
    }
  };

  const confirm = async () => {
    const body = reviewed.current;
    if (body === null || review?.step !== 'diff') return;
    setReview({ ...review, sending: true, error: null });
    try {
      const obj = await send(body, false);
      setCreated({ name: obj.metadata.name, namespace: obj.metadata.namespace });
      setText(null);
      setReview(null);
    } catch (err) {
      setReview({ ...review, sending: false, error: errorText(err) });
    }
  };

  const cancel = () => {
    reviewed.current = null;
    setReview(null);
  };

  return (
    <>
      <button
        type="button"
        className={`${styles.button} ${styles.primary}`}
        onClick={() => void open()}
        disabled={kind.version === null}
      >
        Create from sample
      </button>
      {created !== null && (
        <p className={styles.note} role="status">
          Created <Link href={on(objectPath(kind.name, created.namespace, created.name))}>{created.name}</Link>
          {created.namespace !== undefined ? ` in ${created.namespace}` : ''}.
        </p>
      )}
      {text !== null && (
        <section className={styles.card} aria-label="New from sample" style={{ flexBasis: '100%' }}>
          <h2>
            New {kind.kind}
            {namespaced ? ` in ${namespace}` : ''}
          </h2>
          <label htmlFor="sample-yaml" className={styles.note}>
            Sample YAML (edit before creating)
          </label>
          <textarea
            id="sample-yaml"
            className={styles.yaml}
            value={text}
            onChange={(e) => setText(e.target.value)}
            spellCheck={false}
          />
          <RuleVerdict
            rules={rules}
            held={held && refused.length > 0}
            verb="Create"
            onAskAnyway={() => void submit(true)}
          />
          <div className={styles.dialogButtons}>
            <button type="button" className={styles.button} onClick={() => setText(null)}>
              Cancel
            </button>
            <button
              type="button"
              className={`${styles.button} ${styles.primary}`}
              onClick={() => void submit()}
              disabled={review !== null}
            >
              Create
            </button>
          </div>
          <ApplyDiffDialog
            review={review}
            title={`Create this ${kind.kind}`}
            beforeLabel="nothing (a new object)"
            onConfirm={() => void confirm()}
            onCancel={cancel}
          />
        </section>
      )}
    </>
  );
}

/** The object a create of `text` would send (null while it is not one YAML mapping), in `namespace`. */
function createdObject(text: string | null, namespace: string | undefined): RulesInput | null {
  if (text === null) return null;
  const parsed = parseYaml(text);
  if (!parsed.ok || parsed.value === null || typeof parsed.value !== 'object' || Array.isArray(parsed.value))
    return null;
  const obj = parsed.value as Record<string, unknown>;
  if (namespace === undefined) return { object: obj, oldObject: null };
  const meta =
    obj.metadata !== null && typeof obj.metadata === 'object' ? (obj.metadata as Record<string, unknown>) : {};
  return { object: { ...obj, metadata: { ...meta, namespace } }, oldObject: null };
}
