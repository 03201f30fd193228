'use client';
// Two YAML documents side by side in Monaco's diff editor, both read-only: the apply dialog's
// "live object | after apply". Side by side even in a narrow dialog (Monaco would switch to the
// inline view under 900px, and the dialog asks for the two columns). Loaded with next/dynamic,
// ssr: false (Monaco needs a window); the theme follows the page's, like the other editors.
// The wrapper (@monaco-editor/react 4.7) disposes the two models before the widget on unmount,
// which Monaco reports as "TextModel got disposed before DiffEditorWidget model got reset" on
// every close: the models are kept from the wrapper and released here, widget first.
import { DiffEditor } from '@monaco-editor/react';
import type { DiffOnMount } from '@monaco-editor/react';
import type { editor } from 'monaco-editor';
import { useLayoutEffect, useRef } from 'react';
import { setUpMonaco } from './monaco-setup';
import { Skeleton } from '../shell/Skeleton';
import { monacoTheme, useTheme } from '../theme';
import diffStyles from './diff.module.css';
import styles from './monaco.module.css';

setUpMonaco();

/** Module-level, so the wrapper never re-sends them (an update re-derives the sides' options without their labels). */
const OPTIONS = {
  readOnly: true,
  originalEditable: false,
  renderSideBySide: true,
  useInlineViewWhenSpaceIsLimited: false,
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  automaticLayout: true,
  fontSize: 13,
  renderOverviewRuler: false,
  // the last line's number is not dimmed (axe: contrast)
  renderFinalNewline: 'on',
} as const satisfies editor.IDiffEditorConstructionOptions;

export interface YamlDiffEditorProps {
  readonly original: string;
  readonly modified: string;
  /** Accessible names of the two sides. */
  readonly originalLabel: string;
  readonly modifiedLabel: string;
  /** Unique per dialog shown, so the models never collide with an editor's model of the same object. */
  readonly modelPath: string;
}

export default function YamlDiffEditor({
  original,
  modified,
  originalLabel,
  modifiedLabel,
  modelPath,
}: YamlDiffEditorProps) {
  const theme = monacoTheme(useTheme());
  // Monaco 0.52 drops originalAriaLabel/modifiedAriaLabel when it first derives the sides' options:
  // name each side's text area directly
  const mounted = useRef<editor.IStandaloneDiffEditor | null>(null);
  const onMount: DiffOnMount = (diff) => {
    mounted.current = diff;
    diff.getOriginalEditor().updateOptions({ ariaLabel: originalLabel });
    diff.getModifiedEditor().updateOptions({ ariaLabel: modifiedLabel });
  };
  // a layout effect's clean-up runs before the wrapper's own (a passive effect): the widget lets
  // go of its models while it is still alive, then they are disposed
  useLayoutEffect(
    () => () => {
      const diff = mounted.current;
      if (diff === null) return;
      const models = diff.getModel();
      diff.setModel(null);
      models?.original.dispose();
      models?.modified.dispose();
    },
    [],
  );
  return (
    <div className={`${styles.frame} ${diffStyles.diff}`}>
      <DiffEditor
        original={original}
        modified={modified}
        language="yaml"
        theme={theme}
        originalModelPath={`${modelPath}.before.yaml`}
        modifiedModelPath={`${modelPath}.after.yaml`}
        loading={<Skeleton height="12rem" label="Loading the diff…" />}
        options={OPTIONS}
        onMount={onMount}
        keepCurrentOriginalModel
        keepCurrentModifiedModel
      />
    </div>
  );
}
