'use client';
// The designer: the form (left), the same design as YAML in Monaco and the previews (right),
// kept in sync through one reducer (designer-state.ts). Undo/redo with the buttons or
// Ctrl-Z / Ctrl-Shift-Z outside the editor (Monaco keeps its own undo, whose edits come back
// through the text). Save adds a version; Install saves first. Problems are one list
// (use-issues.ts): the form, the YAML markers, the header and the Problems panel read it;
// while it has errors, Install and Export are off and say why (a design with errors still saves).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Issue } from '@opstudio/shared';
import type { Design } from '@opstudio/shared/design/schema';
import { crdName } from '@opstudio/shared/design/names';
import { outsideStandIn } from '@opstudio/shared/validate/design';
import { serializeDesign } from '@opstudio/shared/design/io';
import { fieldIssuePath, nodeAt, type FieldAddress } from '@opstudio/shared/designer/field-tree';
import { resolveDesignPath } from '@opstudio/shared/designer/design-path';
import { blockedReason, recordServerProblems, type ServerProblem } from '@opstudio/shared/designer/problems';
import { useCallback, useDeferredValue, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTRPC } from '../../trpc/client';
import { useRoleAllows } from '../auth';
import { DesignHistory } from '../designs/DesignHistory';
import { useDesignerAction } from '../palette';
import { Previews } from '../previews/Previews';
import { celState } from '../previews/cel-status';
import { usePreviews } from '../previews/use-previews';
import { ChangesVsCluster } from './ChangesVsCluster';
import { useRestoredDraft } from './use-restored-draft';
import { useUnsavedEdits } from './use-unsaved-edits';
import { usePendingCase } from './use-pending-case';
import { designerReducer, initDesigner } from './designer-state';
import { DesignYamlSection } from './DesignYamlSection';
import { exportUrl } from './export-url';
import { focusIssuePath } from './focus-problem';
import type { Edit } from './edit';
import { FieldEditor } from './FieldEditor';
import { FieldTree } from './FieldTree';
import { IssuesContext } from './form-bits';
import { InstallPanel } from './InstallPanel';
import { UpdateProjectDialog } from './UpdateProjectDialog';
import { MetadataSection } from './MetadataSection';
import { OperandSection } from './OperandSection';
import { ProblemsPanel } from './ProblemsPanel';
import { TestsPanel, testsLabel } from './TestsPanel';
import { useClusterKinds } from './use-cluster-kinds';
import { useIssues } from './use-issues';
import { VersionSection } from './VersionSection';
import { ConversionSection } from './ConversionSection';
import styles from './designer.module.css';
import problemStyles from './problems.module.css';

export interface DesignerProps {
  readonly id: string;
  readonly name: string;
  readonly version: number;
  /** The latest version the controller knows (refetched on entry and focus): newer than the one shown → stale. */
  readonly latestVersion: number;
  readonly design: Design;
}

function safeCrdName(design: Design): string {
  try {
    return crdName(design);
  } catch {
    return 'crd';
  }
}

export function Designer({ id, name: initialName, version, latestVersion, design: initial }: DesignerProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(designerReducer, { design: initial, version }, initDesigner);
  const [name, setName] = useState(initialName);
  // the name as last saved: a rename is an unsaved change until Save, then it is the saved name
  const [savedName, setSavedName] = useState(initialName);
  const [versionIndex, setVersionIndex] = useState(() =>
    Math.max(
      0,
      initial.crd.versions.findIndex((v) => v.storage),
    ),
  );
  const [selected, setSelected] = useState<FieldAddress | null>(null);
  // the API server's refusals, each with the value it was about (dropped once that changes)
  const [serverProblems, setServerProblems] = useState<readonly ServerProblem[]>([]);
  const onServerIssues = useCallback(
    (issues: readonly Issue[], about: Design) => setServerProblems(recordServerProblems(issues, about)),
    [],
  );
  // a click in the Problems panel: the path to show in the editor and the input to focus
  const [revealed, setRevealed] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ path: string } | null>(null);
  // the design and name a save failed for: "Not saved" is old news once either changes
  const [saveFailedFor, setSaveFailedFor] = useState<{ design: Design; name: string } | null>(null);
  const [showHistory, setShowHistory] = useState(false);
  const design = state.history.present;
  const dirty = design !== state.saved || name !== savedName;
  // the UI hides what the role cannot do (the controller refuses it anyway): viewers only look
  const canEdit = useRoleAllows('editor');
  const canInstall = useRoleAllows('admin');

  const edit: Edit = useCallback((next, group) => dispatch({ type: 'edit', next, group, at: Date.now() }), []);
  const onText = useCallback((text: string) => dispatch({ type: 'text', text, at: Date.now() }), []);

  const versionShown = Math.min(versionIndex, design.crd.versions.length - 1);
  const selectedNode =
    selected !== null && selected.version === versionShown && nodeAt(design, selected) !== undefined ? selected : null;
  // the YAML editor follows the field selected in the form, or the problem clicked in the panel
  const revealPath = revealed ?? (selectedNode === null ? null : fieldIssuePath(design, selectedNode));

  // previews, checks, the editor's text and where paths sit in it follow the deferred design: a
  // keystroke paints first. They are computed in a worker and lag by one computation: whatever
  // reads several of them reads the design they belong to
  // while the typed text fails its shape checks, the other checks run on a stand-in for it
  const deferred = useDeferredValue(state.standIn?.design ?? design);
  const typed = state.text;
  const locate = useMemo(
    () => [...serverProblems.map((p) => p.path), ...(revealPath === null ? [] : [revealPath])],
    [serverProblems, revealPath],
  );
  // what only the connected cluster knows (whether it serves each kind the design names, a custom
  // resource child's schema): checked in the worker against the children it renders
  const clusterKinds = useClusterKinds(deferred, id);
  const answer = usePreviews(deferred, typed, locate, clusterKinds);
  const { design: previewed, previews, issues: checked, ranges } = answer;
  const editorText = typed ?? answer.text;
  const standInPaths = state.standIn?.paths;
  const local = useMemo(
    // where the stand-in differs from the text, the shape error is the finding
    () => (standInPaths === undefined ? checked : outsideStandIn(checked, standInPaths)),
    [checked, standInPaths],
  );
  const { problems, counts, byPath, markers } = useIssues(
    previewed,
    local,
    ranges,
    editorText,
    state.textIssues,
    state.textErrorLine,
    serverProblems,
  );
  // focus in the editor while its text is older than the form: write the current text first
  const onEditorFocus = useCallback(() => {
    if (typed === null && previewed !== design) dispatch({ type: 'sync-text' });
  }, [typed, previewed, design]);

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
  // the page's "latest version" answer follows this designer's own saves, so a cached answer
  // never shows an older version as current on the next entry
  const noteLatest = useCallback(
    (saved: number, savedAs: string, yaml: string) =>
      queryClient.setQueryData(trpc.designs.get.queryKey({ id }), (old) =>
        old === undefined || old.version > saved
          ? old
          : { ...old, name: savedAs, version: saved, latestVersion: saved, yaml },
      ),
    [queryClient, trpc, id],
  );
  const doSave = useCallback(async (): Promise<number> => {
    const saving = design;
    const savingName = name;
    const yaml = serializeDesign(saving);
    const result = await save
      .mutateAsync({ id, name: savingName, yaml, baseVersion: state.savedVersion })
      .catch((err: unknown) => {
        setSaveFailedFor({ design: saving, name: savingName });
        throw err;
      });
    dispatch({ type: 'saved', design: saving, version: result.version });
    setSavedName(savingName);
    noteLatest(result.version, savingName, yaml);
    await queryClient.invalidateQueries({ queryKey: trpc.designs.list.queryKey() });
    return result.version;
  }, [design, id, name, save, queryClient, trpc, state.savedVersion, noteLatest]);
  const draftYaml = useCallback(() => state.text ?? serializeDesign(design), [state.text, design]);
  useUnsavedEdits({
    designId: id,
    dirty,
    name,
    edited: state.text ?? design,
    yaml: draftYaml,
    baseVersion: state.savedVersion,
    save: () => void doSave().catch(() => undefined),
  });
  const { restored, offered, take, drop } = useRestoredDraft(id, version, (draft) => {
    dispatch({ type: 'text', text: draft.yaml, at: Date.now() });
    setName(draft.name);
  });

  // a live resource handed over by its page ("Add as test case to the design")
  const addedCase = usePendingCase(id, design, edit);

  const ensureSaved = useCallback(
    async () => (dirty ? doSave() : state.savedVersion),
    [dirty, doSave, state.savedVersion],
  );

  // a restore is a save of an older version: the designer shows it as saved, still undoable
  const onRestored = useCallback(
    (restored: Design, restoredVersion: number) => {
      dispatch({ type: 'edit', next: () => restored, group: null, at: Date.now() });
      dispatch({ type: 'saved', design: restored, version: restoredVersion });
      noteLatest(restoredVersion, name, serializeDesign(restored));
    },
    [noteLatest, name],
  );

  const crds = useQuery(trpc.crds.list.queryOptions());
  const installed = crds.data?.find((c) => c.managed?.designId === id) ?? null;

  // a version saved after the one shown (another tab or person): installing or exporting what
  // this page shows would put an older version back; restoring it from History makes it the latest
  const stale =
    latestVersion > state.savedVersion
      ? `version ${latestVersion} was saved after version ${state.savedVersion}, the one shown: reload the design to work on it`
      : null;
  const blocked = stale ?? blockedReason(counts);
  // the palette's "Export zip" follows this page's own link (absent while blocked: then nothing happens)
  const exportLink = useRef<HTMLAnchorElement>(null);
  useDesignerAction(id, 'export', () => exportLink.current?.click());

  const focusProblem = useCallback(
    (path: string) => {
      // a field's problem: select the field (and its version) so its editor shows, then focus the input
      const { field } = resolveDesignPath(design, path);
      if (field !== null) {
        setVersionIndex(field.version);
        if (field.path.length > 0) setSelected(field);
      }
      setRevealed(path);
      setFocusRequest({ path });
    },
    [design],
  );
  useEffect(() => {
    if (focusRequest !== null) focusIssuePath(document, focusRequest.path);
  }, [focusRequest]);

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
                disabled={!dirty || save.isPending || state.tooLarge !== null}
                title={state.tooLarge ?? 'Ctrl-S'}
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
          {blocked === null ? (
            <a
              ref={exportLink}
              className={styles.button}
              href={exportUrl(id, state.savedVersion)}
              download
              role="button"
              title={dirty ? 'Exports the last saved version' : undefined}
            >
              Export zip
            </a>
          ) : (
            <button type="button" disabled title={blocked} aria-describedby="install-blocked">
              Export zip
            </button>
          )}
          {blocked === null ? <UpdateProjectDialog designId={id} version={state.savedVersion} /> : null}
          {canInstall ? (
            <InstallPanel
              designId={id}
              ensureSaved={ensureSaved}
              design={design}
              onServerIssues={onServerIssues}
              blockedReason={blocked}
            />
          ) : null}
          {installed !== null ? (
            <span className={styles.installedTag}>
              Installed as {installed.name}
              {installed.established ? '' : ' (not yet established)'}
            </span>
          ) : null}
          {blocked !== null ? (
            <span id="install-blocked" className={problemStyles.blocked}>
              {blocked}
            </span>
          ) : null}
        </header>
        {offered !== null ? (
          <p className={styles.hint} role="status">
            A local draft from {new Date(offered.savedAt).toLocaleString()} was typed over version {offered.baseVersion}
            ; version {state.savedVersion} was saved since. Taking it puts its text over version {state.savedVersion}.{' '}
            <button type="button" onClick={take}>
              Open the draft
            </button>{' '}
            <button type="button" onClick={drop}>
              Discard draft
            </button>
          </p>
        ) : null}
        {restored !== null && dirty ? (
          <p className={styles.hint} role="status">
            Restored unsaved changes from {new Date(restored.savedAt).toLocaleString()} (a local draft over version{' '}
            {restored.baseVersion}).{' '}
            <button
              type="button"
              onClick={() => {
                dispatch({ type: 'reset', design: state.saved, version: state.savedVersion });
                setName(savedName);
              }}
            >
              Discard draft
            </button>
          </p>
        ) : null}
        {addedCase !== null ? (
          <p className={styles.hint} role="status">
            Added the test case “{addedCase}” from the cluster: see the Tests tab, and Save as expected to pin what the
            controller makes of it.
          </p>
        ) : null}
        {showHistory ? (
          <DesignHistory
            designId={id}
            name={name}
            savedVersion={state.savedVersion}
            dirty={dirty}
            onRestored={onRestored}
          />
        ) : null}
        {save.isError && saveFailedFor?.design === design && saveFailedFor.name === name ? (
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
                onSelect={(addr) => {
                  setSelected(addr);
                  setRevealed(null);
                }}
              />
              <ConversionSection design={design} edit={edit} />
              {selectedNode !== null ? <FieldEditor design={design} edit={edit} addr={selectedNode} /> : null}
              <OperandSection design={design} edit={edit} />
            </fieldset>
          </div>
          <div className={styles.sideCol}>
            <DesignYamlSection
              counts={counts}
              textIssues={state.textIssues}
              value={editorText}
              onChange={onText}
              markers={markers}
              reveal={revealPath === null ? null : (ranges.get(revealPath) ?? null)}
              onFocus={onEditorFocus}
              readOnly={!canEdit}
            />
            <Previews
              previews={previews}
              cel={celState(answer.cel)}
              baseName={safeCrdName(deferred)}
              tests={{
                label: testsLabel(answer.tests),
                body: (
                  <TestsPanel
                    design={design}
                    tests={answer.tests}
                    current={previewed === design}
                    edit={edit}
                    canEdit={canEdit}
                  />
                ),
              }}
              changes={
                installed !== null ? (
                  <ChangesVsCluster designId={id} dirty={dirty} savedVersion={state.savedVersion} />
                ) : null
              }
            />
            <ProblemsPanel problems={problems} counts={counts} onShow={focusProblem} />
          </div>
        </div>
      </div>
    </IssuesContext.Provider>
  );
}
