'use client';
// The studio's own markers in a YAML editor (the design's issues, a template's, a custom
// resource's validation errors), given as offsets into the model's text: one owner, so each
// call replaces the previous set.
import type { TextRange } from '@opstudio/shared/designer/locate';
import type { editor } from 'monaco-editor';
import { setUpMonaco } from './monaco-setup';

export interface TextMarker {
  /** offsets into the text, end exclusive (an empty range marks one character) */
  readonly start: number;
  readonly end: number;
  readonly message: string;
  readonly severity: 'error' | 'warning';
}

const monaco = setUpMonaco();

export function setTextMarkers(model: editor.ITextModel, markers: readonly TextMarker[]): void {
  const length = model.getValueLength();
  monaco.editor.setModelMarkers(
    model,
    'opstudio',
    markers.map((m) => {
      const start = model.getPositionAt(Math.min(m.start, length));
      const end = model.getPositionAt(Math.min(Math.max(m.end, m.start + 1), length));
      return {
        startLineNumber: start.lineNumber,
        startColumn: start.column,
        endLineNumber: end.lineNumber,
        endColumn: end.column,
        message: m.message,
        severity: m.severity === 'error' ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
      };
    }),
  );
}

export interface LocatedMarker {
  /** where it goes in the model's text (undefined: the start of the text) */
  readonly locate: (text: string) => TextRange | undefined;
  readonly message: string;
  readonly severity: 'error' | 'warning';
}

/** Markers found in the model's current text (by path, for the editors of plain objects). */
export function setLocatedMarkers(model: editor.ITextModel, markers: readonly LocatedMarker[]): void {
  const text = model.getValue();
  setTextMarkers(
    model,
    markers.map((m) => ({ ...(m.locate(text) ?? { start: 0, end: 1 }), message: m.message, severity: m.severity })),
  );
}
