'use client';
// The design as YAML in Monaco (monaco-yaml: completion, hover docs and schema diagnostics from
// the design's JSON schema) plus our own markers for validateDesign's issues. The text is
// controlled: a form edit replaces it (as an undoable edit inside Monaco), a keystroke here
// goes up through onChange. Form edits reach Monaco as minimal edits (text-diff.ts). Loaded with next/dynamic, ssr: false (Monaco needs a window).
import Editor, { type OnMount } from '@monaco-editor/react';
import type { editor } from 'monaco-editor';
import { useEffect, useRef } from 'react';
import { locateDesignPath } from '@opstudio/shared/designer/locate';
import { DESIGN_MODEL_URI, setUpMonaco } from './monaco-setup';
import { minimalEdit } from './text-diff';
import styles from './monaco.module.css';

export interface DesignYamlEditorProps {
  readonly value: string;
  readonly onChange: (text: string) => void;
  /** Offsets → positions are the editor's business: give markers as offsets into `value`. */
  readonly markers: readonly { start: number; end: number; message: string; severity: 'error' | 'warning' }[];
  /** The design path of the field selected in the form: scrolled into view and highlighted. */
  readonly revealPath: string | null;
  /** Viewers look only (features/auth). */
  readonly readOnly?: boolean;
}

const monaco = setUpMonaco();

export default function DesignYamlEditor({ value, onChange, markers, revealPath, readOnly = false }: DesignYamlEditorProps) {
  const editorRef = useRef<editor.IStandaloneCodeEditor | null>(null);
  const highlight = useRef<editor.IEditorDecorationsCollection | null>(null);
  const applying = useRef(false);
  const latest = useRef(value);
  latest.current = value;
  const onMount: OnMount = (ed) => {
    editorRef.current = ed;
    const model = ed.getModel();
    model?.updateOptions({ tabSize: 2, insertSpaces: true });
    // a model kept from an earlier page may hold another design
    if (model && model.getValue() !== latest.current) model.setValue(latest.current);
  };

  // a new value from the form: apply only what changed, as one undoable edit, and do not echo it back
  useEffect(() => {
    const ed = editorRef.current;
    const model = ed?.getModel();
    if (!ed || !model) return;
    const edit = minimalEdit(model.getValue(), value);
    if (edit === null) return;
    const from = model.getPositionAt(edit.start);
    const to = model.getPositionAt(edit.end);
    applying.current = true;
    try {
      ed.pushUndoStop();
      ed.executeEdits('form', [{ range: new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column), text: edit.text, forceMoveMarkers: true }]);
      ed.pushUndoStop();
    } finally {
      applying.current = false;
    }
  }, [value]);

  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (!model) return;
    const length = model.getValueLength();
    monaco.editor.setModelMarkers(
      model,
      'opstudio',
      markers.map((m) => {
        const start = model.getPositionAt(Math.min(m.start, length));
        const end = model.getPositionAt(Math.min(Math.max(m.end, m.start + 1), length));
        return { startLineNumber: start.lineNumber, startColumn: start.column, endLineNumber: end.lineNumber, endColumn: end.column, message: m.message, severity: m.severity === 'error' ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning };
      }),
    );
  }, [markers, value]);

  useEffect(() => {
    const ed = editorRef.current;
    const model = ed?.getModel();
    if (!ed || !model) return;
    highlight.current?.clear();
    if (revealPath === null) return;
    const at = locateDesignPath(model.getValue(), revealPath);
    if (at === undefined) return;
    const start = model.getPositionAt(at.start);
    const end = model.getPositionAt(at.end);
    const range = new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column);
    ed.revealRangeInCenterIfOutsideViewport(range);
    highlight.current = ed.createDecorationsCollection([{ range, options: { isWholeLine: true, className: styles.revealed } }]);
    // the text changes with every form edit: follow the field while it is selected
  }, [revealPath, value]);

  return (
    <div className={styles.frame}>
      <Editor
        path={DESIGN_MODEL_URI}
        language="yaml"
        defaultValue={value}
        onChange={(text) => {
          if (!applying.current) onChange(text ?? '');
        }}
        onMount={onMount}
        loading={<p className={styles.loading}>Loading the editor…</p>}
        options={{ readOnly, domReadOnly: readOnly, minimap: { enabled: false }, fontSize: 13, scrollBeyondLastLine: false, automaticLayout: true, tabSize: 2, wordWrap: 'off', quickSuggestions: { other: true, comments: false, strings: true } }}
      />
    </div>
  );
}
