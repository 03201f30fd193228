'use client';
// "New design": start blank, from a template (Memcached, the kitchen sink) or from a CRD
// (pasted, uploaded, or one already in the cluster). Each choice saves version 1 under a free
// name and opens the designer.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { importCrd } from '@opstudio/shared/crd/import';
import { parseDesign, serializeDesign } from '@opstudio/shared/design/io';
import type { Design } from '@opstudio/shared/design/schema';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTRPC } from '../../trpc/client';
import { useCluster } from '../cluster/ClusterScope';
import { designPath } from '../resources/paths';
import { blankDesign } from './blank';
import type { Template } from './templates';
import { uniqueName } from './unique-name';
import { NameNewDesign } from './NameNewDesign';
import styles from './designs.module.css';

export function NewDesign({ templates }: { readonly templates: readonly Template[] }) {
  const trpc = useTRPC();
  const router = useRouter();
  const { href: on } = useCluster();
  const list = useQuery(trpc.designs.list.queryOptions());
  const save = useMutation(trpc.designs.save.mutationOptions());
  const [crdText, setCrdText] = useState('');
  const [importProblem, setImportProblem] = useState<string | null>(null);
  const [leftOut, setLeftOut] = useState<{ design: Design; paths: string[] } | null>(null);
  const queryClient = useQueryClient();
  const clusterCrds = useQuery(trpc.crds.list.queryOptions());
  const [clusterCrd, setClusterCrd] = useState('');
  const fromCluster = async (name: string) => {
    try {
      const got = await queryClient.fetchQuery(trpc.crds.get.queryOptions({ name }));
      setCrdText(got.yaml);
      fromCrd(got.yaml);
    } catch (err) {
      setImportProblem(`could not read ${name} from the cluster: ${(err as Error).message}`);
    }
  };

  const create = async (design: Design, base: string, exact = false) => {
    const names = new Set((list.data ?? []).map((d) => d.name));
    const name = exact ? base : uniqueName(base, names);
    const saved = await save.mutateAsync({ name, yaml: serializeDesign(design) });
    router.push(on(designPath(saved.id)));
  };
  // a template (or Blank) asks for the name first; imports keep the CRD's kind as the name
  const [naming, setNaming] = useState<{ design: Design; label: string } | null>(null);
  const taken = new Set((list.data ?? []).map((d) => d.name));
  const fromTemplate = (t: Template) => {
    const parsed = parseDesign(t.yaml);
    if (!parsed.ok)
      return setImportProblem(`the ${t.label} template does not parse: ${parsed.errors[0]?.message ?? ''}`);
    setNaming({ design: parsed.design, label: t.label });
  };
  const fromCrd = (text: string) => {
    setLeftOut(null);
    const result = importCrd(text);
    if (!result.ok)
      return setImportProblem(
        `not an importable CRD: ${result.errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('; ')}`,
      );
    setImportProblem(null);
    if (result.unrepresentable.length > 0)
      return setLeftOut({ design: result.design, paths: result.unrepresentable.map((u) => `${u.path}: ${u.reason}`) });
    void create(result.design, result.design.crd.names.kind).catch(() => undefined);
  };
  const busy = save.isPending || list.isPending;

  return (
    <div className={styles.page}>
      <h1>New design</h1>
      <section className={styles.card} aria-labelledby="start-h">
        <h2 id="start-h">Start from</h2>
        <div className={styles.choices}>
          <button
            type="button"
            className={styles.choice}
            disabled={busy}
            onClick={() => setNaming({ design: blankDesign(), label: 'Blank' })}
          >
            <strong>Blank</strong>
            <span>A kind with an empty spec and status conditions.</span>
          </button>
          {templates.map((t) => (
            <button
              key={t.id}
              type="button"
              className={styles.choice}
              disabled={busy}
              onClick={() => fromTemplate(t)}
              aria-label={t.label}
              aria-describedby={`tpl-${t.id}`}
            >
              <strong>{t.label}</strong>
              <span id={`tpl-${t.id}`}>{t.description}</span>
            </button>
          ))}
        </div>
      </section>
      {naming !== null ? (
        <NameNewDesign
          key={naming.label}
          template={naming.label}
          proposed={uniqueName(naming.label === 'Blank' ? 'My app' : naming.label, taken)}
          taken={taken}
          busy={busy}
          onCreate={(name) => void create(naming.design, name, true).catch(() => undefined)}
          onCancel={() => setNaming(null)}
        />
      ) : null}
      <section className={styles.card} aria-labelledby="import-h">
        <h2 id="import-h">Import a CRD</h2>
        <label className={styles.field}>
          CRD YAML
          <textarea
            rows={8}
            value={crdText}
            onChange={(e) => setCrdText(e.target.value)}
            placeholder="apiVersion: apiextensions.k8s.io/v1&#10;kind: CustomResourceDefinition&#10;…"
            spellCheck={false}
          />
        </label>
        <div className={styles.actions}>
          <button type="button" disabled={busy || crdText.trim() === ''} onClick={() => fromCrd(crdText)}>
            Import CRD
          </button>
          <label className={styles.upload}>
            Upload a CRD file
            <input
              type="file"
              accept=".yaml,.yml,.json"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file)
                  void file.text().then((text) => {
                    setCrdText(text);
                    fromCrd(text);
                  });
              }}
            />
          </label>
        </div>
        <div className={styles.actions}>
          <label className={styles.field}>
            CRD in the cluster
            <select
              value={clusterCrd}
              onChange={(e) => setClusterCrd(e.target.value)}
              disabled={clusterCrds.isPending || clusterCrds.isError}
            >
              <option value="">{clusterCrds.isError ? 'the cluster cannot be read' : 'choose a CRD…'}</option>
              {(clusterCrds.data ?? []).map((c) => (
                <option key={c.name} value={c.name}>
                  {c.kind} ({c.name})
                </option>
              ))}
            </select>
          </label>
          <button type="button" disabled={busy || clusterCrd === ''} onClick={() => void fromCluster(clusterCrd)}>
            Import from the cluster
          </button>
        </div>
        {leftOut !== null ? (
          <div role="alert" className={styles.warn}>
            <p>These parts of the CRD have no place in a design and would be left out:</p>
            <ul>
              {leftOut.paths.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
            <button
              type="button"
              onClick={() => void create(leftOut.design, leftOut.design.crd.names.kind).catch(() => undefined)}
            >
              Import anyway
            </button>
          </div>
        ) : null}
      </section>
      {importProblem !== null ? (
        <p role="alert" className={styles.error}>
          {importProblem}
        </p>
      ) : null}
      {save.isError ? (
        <p role="alert" className={styles.error}>
          Not created: {save.error.message}
        </p>
      ) : null}
    </div>
  );
}
