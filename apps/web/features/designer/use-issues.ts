'use client';
// The designer's issues, computed from the deferred design: local validation (validateDesign
// or zod's shape errors), the editor text's own errors, and the API server's dry-run causes.
// Grouped by path for the form; located in the YAML text for the editor's markers.
import type { Issue } from '@opstudio/shared';
import type { Design } from '@opstudio/shared/design/schema';
import { locateDesignPaths } from '@opstudio/shared/designer/locate';
import type { Previews } from '@opstudio/shared/designer/previews';
import { checkDesignValue } from '@opstudio/shared/designer/validate';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';

/** `value`, once it has stayed the same for `ms` (the first value at once). */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export interface EditorMarkerAt {
  readonly start: number;
  readonly end: number;
  readonly message: string;
  readonly severity: 'error' | 'warning';
}

function lineOffset(text: string, line: number): { start: number; end: number } {
  let start = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf('\n', start);
    if (next === -1) break;
    start = next + 1;
  }
  const end = text.indexOf('\n', start);
  return { start, end: end === -1 ? text.length : end };
}

export function useIssues(
  design: Design,
  previews: Previews,
  text: string,
  textIssues: readonly Issue[] | null,
  textErrorLine: number | null,
  serverIssues: readonly Issue[],
) {
  // checking a 200-field design costs more than a keystroke may: check once typing pauses
  const settled = useDebounced(
    useMemo(() => ({ design, previews }), [design, previews]),
    150,
  );
  const local = useMemo(() => checkDesignValue(settled.design, settled.previews.crdObject).issues, [settled]);
  const all = useMemo(() => [...(textIssues ?? []), ...local, ...serverIssues], [textIssues, local, serverIssues]);
  const byPath = useMemo(() => {
    const map = new Map<string, Issue[]>();
    for (const i of all) map.set(i.path, [...(map.get(i.path) ?? []), i]);
    return map;
  }, [all]);
  const deferredText = useDeferredValue(text);
  const markers = useMemo((): EditorMarkerAt[] => {
    // the editor's text is the truth for markers; when it does not parse, only its error is marked
    if (textIssues !== null) {
      const at = textErrorLine !== null ? lineOffset(deferredText, textErrorLine) : { start: 0, end: 1 };
      return textIssues.map((i) => ({
        ...at,
        message: i.path === '' ? i.message : `${i.path}: ${i.message}`,
        severity: 'error',
      }));
    }
    const shown = [...local, ...serverIssues];
    const ranges = locateDesignPaths(
      deferredText,
      shown.map((i) => i.path),
    );
    return shown.map((i, n) => ({
      ...(ranges[n] ?? { start: 0, end: 1 }),
      message: i.path === '' ? i.message : `${i.path}: ${i.message}`,
      severity: i.severity,
    }));
  }, [deferredText, textIssues, textErrorLine, local, serverIssues]);
  return { all, byPath, markers };
}
