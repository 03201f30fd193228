'use client';
// The designer's one list of problems (shared/designer/problems.ts), computed from the deferred
// design: the editor text's own errors, local validation (validateDesign or zod's shape errors,
// computed in the previews' worker) and the API server's refusals that are still about the
// design as it is. The form reads it by path, the YAML editor as markers (their ranges located
// in the worker too: locating parses the whole text), the header and the Problems panel as counts.
import type { Issue } from '@opstudio/shared';
import type { Design } from '@opstudio/shared/design/schema';
import type { TextRange } from '@opstudio/shared/designer/locate';
import {
  countProblems,
  mergeProblems,
  problemMessage,
  problemsByPath,
  type ServerProblem,
} from '@opstudio/shared/designer/problems';
import { useDeferredValue, useMemo } from 'react';

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
  /** the studio's checks of `design`, computed with the previews in their worker (use-previews.ts) */
  local: readonly Issue[],
  /** where the problems' paths sit in the editor's text (from the same worker answer) */
  ranges: ReadonlyMap<string, TextRange>,
  text: string,
  textIssues: readonly Issue[] | null,
  textErrorLine: number | null,
  serverProblems: readonly ServerProblem[],
) {
  // the server's problems follow the design at once (not debounced): a fixed value clears its error
  const problems = useMemo(
    () => mergeProblems([...(textIssues ?? []), ...local], serverProblems, design),
    [textIssues, local, serverProblems, design],
  );
  const counts = useMemo(() => countProblems(problems), [problems]);
  const byPath = useMemo(() => problemsByPath(problems), [problems]);
  const deferredText = useDeferredValue(text);
  const markers = useMemo((): EditorMarkerAt[] => {
    const textProblem = (message: string, path: string) => (path === '' ? message : `${path}: ${message}`);
    // the editor's text is the truth for markers; when it does not parse, only its error is marked
    if (textIssues !== null) {
      const at = textErrorLine !== null ? lineOffset(deferredText, textErrorLine) : { start: 0, end: 1 };
      return textIssues.map((i) => ({ ...at, message: textProblem(i.message, i.path), severity: 'error' }));
    }
    return problems.map((p) => ({
      ...(ranges.get(p.path) ?? { start: 0, end: 1 }),
      message: textProblem(problemMessage(p), p.path),
      severity: p.severity,
    }));
  }, [deferredText, textIssues, textErrorLine, problems, ranges]);
  return { problems, counts, byPath, markers };
}
