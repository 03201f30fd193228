'use client';
// A YAML document in Monaco validated against a JSON schema given inline (monaco-yaml:
// completion, hover docs, diagnostics; nothing is fetched). Controlled like DesignYamlEditor: a
// new `value` from outside (the form, the live object) reaches Monaco as one minimal undoable
// edit and is not echoed back; keystrokes go up through onChange. The CR page uses it with the
// kind's schema, and marks the fields its validation rules refuse (`marks`, found by path in the
// text). Loaded with next/dynamic, ssr: false (Monaco needs a window).
import Editor from '@monaco-editor/react';
import { locateObjectSteps } from '@opstudio/shared/designer/template-paths';
import type { JSONSchema } from 'monaco-yaml';
import { useEffect } from 'react';
import { addYamlSchema } from './monaco-setup';
import { setLocatedMarkers } from './model-markers';
import { useControlledEditor, YAML_EDITOR_OPTIONS } from './use-controlled-editor';
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
  /** Messages at paths of the document (`['spec', 'ports', 0, 'name']`; [] the whole document). */
  readonly marks?: readonly PathMark[];
}

export interface PathMark {
  readonly path: readonly (string | number)[];
  readonly message: string;
  readonly severity: 'error' | 'warning';
}

const NO_MARKS: readonly PathMark[] = [];

export default function SchemaYamlEditor({
  value,
  onChange,
  modelUri,
  schemaId,
  schema,
  label,
  readOnly = false,
  marks = NO_MARKS,
}: SchemaYamlEditorProps) {
  const { editorRef, editorProps } = useControlledEditor(value, onChange, 'outside');

  useEffect(() => addYamlSchema(modelUri, schemaId, schema), [modelUri, schemaId, schema]);

  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (model)
      setLocatedMarkers(
        model,
        marks.map((m) => ({ ...m, locate: (text) => locateObjectSteps(text, m.path) })),
      );
  }, [marks, value, editorRef]);

  return (
    <div className={styles.frame}>
      <Editor
        path={modelUri}
        {...editorProps}
        options={{ ...YAML_EDITOR_OPTIONS, ariaLabel: label, readOnly, domReadOnly: readOnly }}
      />
    </div>
  );
}
