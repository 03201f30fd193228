'use client';
// What both YAML editors share: a controlled Monaco. A new `value` from outside (the form, the
// live object) reaches Monaco as one minimal undoable edit (text-diff.ts) and is not echoed back
// through onChange; keystrokes go up through onChange. A model kept from an earlier page may hold
// another document, so mounting replaces its text with the latest value.
import type { EditorProps, OnMount } from '@monaco-editor/react';
import type { editor } from 'monaco-editor';
import { useEffect, useRef } from 'react';
import { setUpMonaco } from './monaco-setup';
import { minimalEdit } from './text-diff';
import { Skeleton } from '../shell/Skeleton';
import { monacoTheme, useTheme } from '../theme';

const monaco = setUpMonaco();

/** The options both editors use; each adds readOnly (and an accessible name) on top. */
export const YAML_EDITOR_OPTIONS = {
  minimap: { enabled: false },
  fontSize: 13,
  scrollBeyondLastLine: false,
  automaticLayout: true,
  tabSize: 2,
  wordWrap: 'off',
  quickSuggestions: { other: true, comments: false, strings: true },
} as const satisfies editor.IStandaloneEditorConstructionOptions;

/** `editSource` names the outside edits in Monaco's undo stack; `onFocus` runs when the text gets focus. */
export function useControlledEditor(
  value: string,
  onChange: (text: string) => void,
  editSource: string,
  onFocus?: () => void,
) {
  const editorRef = useRef<editor.IStandaloneCodeEditor | null>(null);
  const applying = useRef(false);
  const latest = useRef(value);
  latest.current = value;
  const focused = useRef(onFocus);
  focused.current = onFocus;
  // Monaco's theme is global to the page; every editor asks for the page's, so a switch repaints them all
  const theme = monacoTheme(useTheme());

  const onMount: OnMount = (ed) => {
    editorRef.current = ed;
    ed.onDidFocusEditorText(() => focused.current?.());
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
      ed.executeEdits(editSource, [
        {
          range: new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column),
          text: edit.text,
          forceMoveMarkers: true,
        },
      ]);
      ed.pushUndoStop();
    } finally {
      applying.current = false;
    }
  }, [value, editSource]);

  const editorProps = {
    language: 'yaml',
    theme,
    defaultValue: value,
    onChange: (text: string | undefined) => {
      if (!applying.current) onChange(text ?? '');
    },
    onMount,
    loading: <Skeleton height="12rem" label="Loading the editor…" />,
  } satisfies EditorProps;
  return { editorRef, editorProps };
}
