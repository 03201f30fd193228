'use client';
// A YAML document in Monaco validated against a JSON schema given inline (monaco-yaml:
// completion, hover docs, diagnostics; nothing is fetched). Controlled like DesignYamlEditor: a
// new `value` from outside (the form, the live object) reaches Monaco as one minimal undoable
// edit and is not echoed back; keystrokes go up through onChange. The CR page uses it with the
// kind's schema. Loaded with next/dynamic, ssr: false (Monaco needs a window).
import Editor, { type OnMount } from '@monaco-editor/react';
import type { editor } from 'monaco-editor';
import type { JSONSchema } from 'monaco-yaml';
import { useEffect, useRef } from 'react';
import { addYamlSchema, setUpMonaco } from './monaco-setup';
import { minimalEdit } from './text-diff';
import styles from './monaco.module.css';

export interface SchemaYamlEditorProps {
  readonly value: string;
  readonly onChange: (text: string) => void;
  /** The model's URI (one per document shown, e.g. `file:///resources/<crd>/<ns>/<name>.yaml`). */
  readonly modelUri: string;
  /** An id for the schema (shown in hovers) and the schema itself. */
  readonly schemaId: string;
  readonly schema: JSONSchema;
  /** The accessible name of the editor's text area. */
  readonly label: string;
  readonly readOnly?: boolean;
}

const monaco = setUpMonaco();

export default function SchemaYamlEditor({ value, onChange, modelUri, schemaId, schema, label, readOnly = false }: SchemaYamlEditorProps) {
  const editorRef = useRef<editor.IStandaloneCodeEditor | null>(null);
  const applying = useRef(false);
  const latest = useRef(value);
  latest.current = value;

  useEffect(() => addYamlSchema(modelUri, schemaId, schema), [modelUri, schemaId, schema]);

  const onMount: OnMount = (ed) => {
    editorRef.current = ed;
    const model = ed.getModel();
    model?.updateOptions({ tabSize: 2, insertSpaces: true });
    if (model && model.getValue() !== latest.current) model.setValue(latest.current);
  };

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
      ed.executeEdits('outside', [{ range: new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column), text: edit.text, forceMoveMarkers: true }]);
      ed.pushUndoStop();
    } finally {
      applying.current = false;
    }
  }, [value]);

  return (
    <div className={styles.frame}>
      <Editor
        path={modelUri}
        language="yaml"
        defaultValue={value}
        onChange={(text) => {
          if (!applying.current) onChange(text ?? '');
        }}
        onMount={onMount}
        loading={<p className={styles.loading}>Loading the editor…</p>}
        options={{ ariaLabel: label, readOnly, domReadOnly: readOnly, minimap: { enabled: false }, fontSize: 13, scrollBeyondLastLine: false, automaticLayout: true, tabSize: 2, wordWrap: 'off', quickSuggestions: { other: true, comments: false, strings: true } }}
      />
    </div>
  );
}
