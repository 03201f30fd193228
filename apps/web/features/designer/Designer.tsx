'use client';
// The designer: the form (left), the same design as YAML in Monaco and the previews (right),
// kept in sync through one reducer (designer-state.ts). Undo/redo with the buttons or
// Ctrl-Z / Ctrl-Shift-Z outside the editor (Monaco keeps its own undo, whose edits come back
// through the text). Save adds a version; Install saves first.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Issue } from '@opstudio/shared';
import type { Design } from '@opstudio/shared/design/schema';
import { crdName } from '@opstudio/shared/design/names';
import { serializeDesign } from '@opstudio/shared/design/io';
import { computePreviews } from '@opstudio/shared/designer/previews';
import { fieldIssuePath, nodeAt, type FieldAddress } from '@opstudio/shared/designer/field-tree';
import dynamic from 'next/dynamic';
import { useCallback, useDeferredValue, useEffect, useMemo, useReducer, useState } from 'react';
import { useTRPC } from '../../trpc/client';
import { useRoleAllows } from '../auth';
import { DesignHistory } from '../designs/DesignHistory';
import { Previews } from '../previews/Previews';
import { ChangesVsCluster } from './ChangesVsCluster';
import { designerReducer, initDesigner } from './designer-state';
import { exportUrl } from './export-url';
import type { Edit } from './edit';
import { FieldEditor } from './FieldEditor';
import { FieldTree } from './FieldTree';
import { IssuesContext } from './form-bits';
import { InstallPanel } from './InstallPanel';
import { MetadataSection } from './MetadataSection';
import { OperandSection } from './OperandSection';
import { useIssues } from './use-issues';
import { VersionSection } from './VersionSection';
import styles from './designer.module.css';

const DesignYamlEditor = dynamic(() => import('../monaco/DesignYamlEditor'), {
  ssr: false,
  loading: () => <p className={styles.hint}>Loading the editor…</p>,
});

export interface DesignerProps {
  readonly id: string;
  readonly name: string;
  readonly version: number;
  readonly design: Design;
}

function safeCrdName(design: Design): string {
  try {
    return crdName(design);
  } catch {
    return 'crd';
  }
}

export function Designer({ id, name: initialName, version, design: initial }: DesignerProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(designerReducer, { design: initial, version }, initDesigner);
  const [name, setName] = useState(initialName);
  const [versionIndex, setVersionIndex] = useState(() =>
    Math.max(
      0,
      initial.crd.versions.findIndex((v) => v.storage),
    ),
  );
  const [selected, setSelected] = useState<FieldAddress | null>(null);
  const [serverIssues, setServerIssues] = useState<readonly Issue[]>([]);
  const [showHistory, setShowHistory] = useState(false);
  const design = state.history.present;
  const dirty = design !== state.saved || name !== initialName;
  // the UI hides what the role cannot do (the controller refuses it anyway): viewers only look
  const canEdit = useRoleAllows('editor');
  const canInstall = useRoleAllows('admin');

  const edit: Edit = useCallback((next, group) => dispatch({ type: 'edit', next, group, at: Date.now() }), []);
  const onText = useCallback((text: string) => dispatch({ type: 'text', text, at: Date.now() }), []);

  // previews and checks follow the deferred design: a keystroke paints first
  const deferred = useDeferredValue(design);
  const previews = useMemo(() => computePreviews(deferred), [deferred]);
  // the editor's text after a form edit: serialized off the keystroke path too
  const typed = state.text;
  const serialized = useMemo(() => (typed === null ? serializeDesign(deferred) : null), [deferred, typed]);
  const editorText = typed ?? serialized ?? '';
  const { all, byPath, markers } = useIssues(
    deferred,
    previews,
    editorText,
    state.textIssues,
    state.textErrorLine,
    serverIssues,
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || (e.key.toLowerCase() !== 'z' && e.key.toLowerCase() !== 'y')) return;
      if (e.target instanceof Element && e.target.closest('.monaco-editor') !== null) return;
      e.preventDefault();
      dispatch({ type: e.key.toLowerCase() === 'y' || e.shiftKey ? 'redo' : 'undo' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const save = useMutation(trpc.designs.save.mutationOptions());
  const doSave = useCallback(async (): Promise<number> => {
    const saving = design;
    const result = await save.mutateAsync({ id, name, yaml: serializeDesign(saving) });
    dispatch({ type: 'saved', design: saving, version: result.version });
    await queryClient.invalidateQueries({ queryKey: trpc.designs.list.queryKey() });
    return result.version;
  }, [design, id, name, save, queryClient, trpc]);
  const ensureSaved = useCallback(
    async () => (dirty ? doSave() : state.savedVersion),
    [dirty, doSave, state.savedVersion],
  );

  // a restore is a save of an older version: the designer shows it as saved, still undoable
  const onRestored = useCallback((restored: Design, restoredVersion: number) => {
    dispatch({ type: 'edit', next: () => restored, group: null, at: Date.now() });
    dispatch({ type: 'saved', design: restored, version: restoredVersion });
  }, []);

  const crds = useQuery(trpc.crds.list.queryOptions());
  const installed = crds.data?.find((c) => c.managed?.designId === id) ?? null;

  const versionShown = Math.min(versionIndex, design.crd.versions.length - 1);
  const selectedNode =
    selected !== null && selected.version === versionShown && nodeAt(design, selected) !== undefined ? selected : null;
  const errors = all.filter((i) => i.severity === 'error').length;

  return (
    <IssuesContext.Provider value={byPath}>
      <div className={styles.page}>
        <header className={styles.toolbar}>
          <label className={styles.nameInput}>
            <span className={styles.visuallyHidden}>Design name</span>
            <input value={name} onChange={(e) => setName(e.target.value)} aria-label="Design name" />
          </label>
          <span className={styles.hint} aria-live="polite">
            {dirty ? 'Unsaved changes' : `Saved · version ${state.savedVersion}`}
          </span>
          {canEdit ? (
            <>
              <button
                type="button"
                onClick={() => dispatch({ type: 'undo' })}
                disabled={state.history.past.length === 0}
                title="Ctrl-Z"
              >
                Undo
              </button>
              <button
                type="button"
                onClick={() => dispatch({ type: 'redo' })}
                disabled={state.history.future.length === 0}
                title="Ctrl-Shift-Z"
              >
                Redo
              </button>
              <button
                type="button"
                onClick={() => void doSave().catch(() => undefined)}
                disabled={!dirty || save.isPending}
              >
                Save
              </button>
            </>
          ) : (
            <span className={styles.hint}>Read only: viewers cannot change designs</span>
          )}
          <button type="button" aria-expanded={showHistory} onClick={() => setShowHistory((v) => !v)}>
            History
          </button>
          <a
            className={styles.button}
            href={exportUrl(id, state.savedVersion)}
            download
            role="button"
            title={dirty ? 'Exports the last saved version' : undefined}
          >
            Export zip
          </a>
          {canInstall ? (
            <InstallPanel
              designId={id}
              ensureSaved={ensureSaved}
              onServerIssues={setServerIssues}
              disabled={state.textIssues !== null}
            />
          ) : null}
          {installed !== null ? (
            <span className={styles.installedTag}>
              Installed as {installed.name}
              {installed.established ? '' : ' (not yet established)'}
            </span>
          ) : null}
        </header>
        {showHistory ? (
          <DesignHistory
            designId={id}
            name={name}
            savedVersion={state.savedVersion}
            dirty={dirty}
            onRestored={onRestored}
          />
        ) : null}
        {save.isError ? (
          <p role="alert" className={styles.issueText}>
            Not saved: {save.error.message}
          </p>
        ) : null}
        <div className={styles.grid}>
          <div className={styles.formCol}>
            {/* a disabled fieldset disables every control of the form at once: viewers only look */}
            <fieldset disabled={!canEdit} className={styles.formFields}>
              <MetadataSection design={design} edit={edit} />
              <VersionSection
                design={design}
                edit={edit}
                selected={versionShown}
                onSelect={(i) => {
                  setVersionIndex(i);
                  setSelected(null);
                }}
              />
              <FieldTree
                design={design}
                edit={edit}
                version={versionShown}
                selected={selectedNode}
                onSelect={setSelected}
              />
              {selectedNode !== null ? <FieldEditor design={design} edit={edit} addr={selectedNode} /> : null}
              <OperandSection design={design} edit={edit} />
            </fieldset>
          </div>
          <div className={styles.sideCol}>
            <section className={styles.editor} aria-label="Design YAML">
              <div className={styles.editorHead}>
                <h2>Design YAML</h2>
                <span className={errors > 0 ? styles.issueText : styles.hint}>
                  {errors === 0 ? 'No problems' : `${errors} problem${errors === 1 ? '' : 's'}`}
                </span>
              </div>
              {state.textIssues !== null ? (
                <p role="alert" className={styles.textError}>
                  The YAML is not a valid design yet, so the form shows the last good version:{' '}
                  {state.textIssues.map((i) => (i.path === '' ? i.message : `${i.path}: ${i.message}`)).join('; ')}
                </p>
              ) : null}
              <div className={styles.editorBody}>
                <DesignYamlEditor
                  value={editorText}
                  onChange={onText}
                  markers={markers}
                  revealPath={selectedNode === null ? null : fieldIssuePath(design, selectedNode)}
                  readOnly={!canEdit}
                />
              </div>
            </section>
            <Previews
              previews={previews}
              baseName={safeCrdName(deferred)}
              changes={
                installed !== null ? (
                  <ChangesVsCluster designId={id} dirty={dirty} savedVersion={state.savedVersion} />
                ) : null
              }
            />
            <details className={styles.problems} open={errors > 0}>
              <summary>Problems ({all.length})</summary>
              <ul>
                {all.map((i, n) => (
                  <li key={n} className={i.severity === 'error' ? styles.issueText : styles.hint}>
                    <span className={styles.mono}>{i.path || 'design'}</span>: {i.message}
                  </li>
                ))}
              </ul>
            </details>
          </div>
        </div>
      </div>
    </IssuesContext.Provider>
  );
}
