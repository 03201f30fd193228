'use client';
// The design as YAML in Monaco (monaco-yaml: completion, hover docs and schema diagnostics from
// the design's JSON schema) plus our own markers for validateDesign's issues. The text is
// controlled: a form edit replaces it (as an undoable edit inside Monaco), a keystroke here
// goes up through onChange (use-controlled-editor.tsx). Loaded with next/dynamic, ssr: false (Monaco needs a window).
import Editor from '@monaco-editor/react';
import type { editor } from 'monaco-editor';
import { useEffect, useRef } from 'react';
import type { TextRange } from '@opstudio/shared/designer/locate';
import { DESIGN_MODEL_URI, setUpMonaco } from './monaco-setup';
import { setTextMarkers, type TextMarker } from './model-markers';
import { useControlledEditor, YAML_EDITOR_OPTIONS } from './use-controlled-editor';
import styles from './monaco.module.css';

export interface DesignYamlEditorProps {
  readonly value: string;
  readonly onChange: (text: string) => void;
  /** Offsets → positions are the editor's business: give markers as offsets into `value`. */
  readonly markers: readonly TextMarker[];
  /** Where the field selected in the form sits in `value`: scrolled into view and highlighted. */
  readonly reveal: TextRange | null;
  /** The editor got focus (the designer makes sure its text is current before a keystroke lands). */
  readonly onFocus?: () => void;
  /** Viewers look only (features/auth). */
  readonly readOnly?: boolean;
}

const monaco = setUpMonaco();

export default function DesignYamlEditor({
  value,
  onChange,
  markers,
  reveal,
  onFocus,
  readOnly = false,
}: DesignYamlEditorProps) {
  const { editorRef, editorProps } = useControlledEditor(value, onChange, 'form', onFocus);
  const highlight = useRef<editor.IEditorDecorationsCollection | null>(null);

  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (model) setTextMarkers(model, markers);
  }, [markers, value]);

  useEffect(() => {
    const ed = editorRef.current;
    const model = ed?.getModel();
    if (!ed || !model) return;
    highlight.current?.clear();
    if (reveal === null) return;
    const start = model.getPositionAt(reveal.start);
    const end = model.getPositionAt(reveal.end);
    const range = new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column);
    ed.revealRangeInCenterIfOutsideViewport(range);
    highlight.current = ed.createDecorationsCollection([
      { range, options: { isWholeLine: true, className: styles.revealed } },
    ]);
    // the text changes with every form edit: follow the field while it is selected
  }, [reveal, value]);

  return (
    <div className={styles.frame}>
      <Editor
        path={DESIGN_MODEL_URI}
        {...editorProps}
        options={{ ...YAML_EDITOR_OPTIONS, readOnly, domReadOnly: readOnly }}
      />
    </div>
  );
}
