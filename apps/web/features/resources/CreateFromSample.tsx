'use client';
// "Create from sample": the design's sample CR (or a minimal object for other kinds) in an
// editable YAML box, created in the page's namespace. Server errors (schema, CEL) show as sent.
import { emitYaml } from '@opstudio/shared/yaml/index';
import type { YamlValue } from '@opstudio/shared/yaml/index';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { useTRPC } from '../../trpc/client';
import type { ResourceKind } from './api-types';
import { objectPath } from './paths';
import styles from './resources.module.css';
import { sampleFor } from './sample';

interface Props {
  readonly kind: ResourceKind;
  /** Where to create it (namespaced kinds); ignored for cluster-scoped ones. */
  readonly namespace: string;
  /** The names in use, asked for when the sample is made (building a set of 10,000 names on every table update would cost frames). */
  readonly takenNames: () => ReadonlySet<string>;
}

export function CreateFromSample({ kind, namespace, takenNames }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [text, setText] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; namespace: string | undefined } | null>(null);
  const create = useMutation(
    trpc.resources.create.mutationOptions({
      onSuccess: (obj) => {
        setCreated({ name: obj.metadata.name, namespace: obj.metadata.namespace });
        setText(null);
      },
    }),
  );
  const namespaced = kind.scope === 'Namespaced';

  const open = async () => {
    setCreated(null);
    create.reset();
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

  const submit = () => {
    if (text === null || kind.version === null) return;
    create.mutate({
      group: kind.group,
      version: kind.version,
      plural: kind.plural,
      body: text,
      ...(namespaced ? { namespace } : {}),
    });
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
          Created <Link href={objectPath(kind.name, created.namespace, created.name)}>{created.name}</Link>
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
          {create.error !== null && (
            <p className={styles.error} role="alert">
              {create.error.message}
            </p>
          )}
          <div className={styles.dialogButtons}>
            <button type="button" className={styles.button} onClick={() => setText(null)}>
              Cancel
            </button>
            <button
              type="button"
              className={`${styles.button} ${styles.primary}`}
              onClick={submit}
              disabled={create.isPending}
            >
              {create.isPending ? 'Creating…' : 'Create'}
            </button>
          </div>
        </section>
      )}
    </>
  );
}
