'use client';
// One child's template as YAML in Monaco (the designer's Resources section): completion inside
// `${…}` (the custom resource's fields from the design's schema, the other children's ids and
// their common fields), markers for validateDesign's issues at their place in the template, and,
// when given, the kind's own schema (monaco-yaml: field completion, hover docs, diagnostics).
// Controlled like the other editors. Loaded with next/dynamic, ssr: false (Monaco needs a window).
import Editor from '@monaco-editor/react';
import type { CelSuggestion } from '@opstudio/shared/designer/cel-completion';
import { locateObjectPath } from '@opstudio/shared/designer/template-paths';
import type { Issue } from '@opstudio/shared';
import type { JSONSchema } from 'monaco-yaml';
import { useEffect } from 'react';
import { addYamlSchema, setUpMonaco } from './monaco-setup';
import { setLocatedMarkers } from './model-markers';
import { useControlledEditor, YAML_EDITOR_OPTIONS } from './use-controlled-editor';
import styles from './monaco.module.css';

export interface TemplateYamlEditorProps {
  readonly value: string;
  readonly onChange: (text: string) => void;
  /** One per child shown, e.g. `file:///design/resources/0.yaml`. */
  readonly modelUri: string;
  /** Issues with paths relative to the template (`spec.replicas`; '' for the whole template). */
  readonly issues: readonly Issue[];
  /** What to offer inside `${…}`, given the line's text before the cursor. */
  readonly suggest: (lineBefore: string) => readonly CelSuggestion[];
  /** The template's kind (cluster.kindSchema), with an id shown in hovers; none: no kind checks. */
  readonly schema?: { readonly id: string; readonly schema: JSONSchema } | undefined;
  readonly label: string;
  readonly readOnly?: boolean;
}

const monaco = setUpMonaco();
const suggesters = new Map<string, (lineBefore: string) => readonly CelSuggestion[]>();
let registered = false;

function registerCompletion(): void {
  if (registered) return;
  registered = true;
  monaco.languages.registerCompletionItemProvider('yaml', {
    triggerCharacters: ['.', '{', '?'],
    provideCompletionItems(model, position) {
      const suggest = suggesters.get(model.uri.toString());
      if (suggest === undefined) return { suggestions: [] };
      const lineBefore = model.getValueInRange({
        startLineNumber: position.lineNumber,
        startColumn: 1,
        endLineNumber: position.lineNumber,
        endColumn: position.column,
      });
      const word = model.getWordUntilPosition(position);
      const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
      return {
        suggestions: suggest(lineBefore).map((s) => ({
          label: s.label,
          detail: s.detail,
          kind: monaco.languages.CompletionItemKind.Field,
          insertText: s.label,
          range,
        })),
      };
    },
  });
}

export default function TemplateYamlEditor({
  value,
  onChange,
  modelUri,
  issues,
  suggest,
  schema,
  label,
  readOnly = false,
}: TemplateYamlEditorProps) {
  const { editorRef, editorProps } = useControlledEditor(value, onChange, 'form');

  // registered beside the design's and the other templates' schemas (by model URI), removed on unmount
  const schemaId = schema?.id;
  const kindSchema = schema?.schema;
  useEffect(
    () =>
      schemaId === undefined || kindSchema === undefined ? undefined : addYamlSchema(modelUri, schemaId, kindSchema),
    [modelUri, schemaId, kindSchema],
  );

  useEffect(() => {
    registerCompletion();
    const uri = monaco.Uri.parse(modelUri).toString();
    suggesters.set(uri, suggest);
    return () => {
      if (suggesters.get(uri) === suggest) suggesters.delete(uri);
    };
  }, [modelUri, suggest]);

  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (!model) return;
    setLocatedMarkers(
      model,
      issues.map((i) => ({
        locate: (text) => locateObjectPath(text, i.path),
        message: i.path === '' ? i.message : `${i.path}: ${i.message}`,
        severity: i.severity === 'error' ? 'error' : 'warning',
      })),
    );
  }, [issues, value, editorRef]);

  return (
    <div className={styles.frame} style={{ minHeight: 220, height: 260 }}>
      <Editor
        path={modelUri}
        {...editorProps}
        options={{ ...YAML_EDITOR_OPTIONS, ariaLabel: label, readOnly, domReadOnly: readOnly }}
      />
    </div>
  );
}
