'use client';
// A YAML document in Monaco validated against a JSON schema given inline (monaco-yaml:
// completion, hover docs, diagnostics; nothing is fetched). Controlled like DesignYamlEditor: a
// new `value` from outside (the form, the live object) reaches Monaco as one minimal undoable
// edit and is not echoed back; keystrokes go up through onChange. The CR page uses it with the
// kind's schema. Loaded with next/dynamic, ssr: false (Monaco needs a window).
import Editor from '@monaco-editor/react';
import type { JSONSchema } from 'monaco-yaml';
import { useEffect } from 'react';
import { addYamlSchema } from './monaco-setup';
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
}

export default function SchemaYamlEditor({
  value,
  onChange,
  modelUri,
  schemaId,
  schema,
  label,
  readOnly = false,
}: SchemaYamlEditorProps) {
  const { editorProps } = useControlledEditor(value, onChange, 'outside');

  useEffect(() => addYamlSchema(modelUri, schemaId, schema), [modelUri, schemaId, schema]);

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
