// What the designer computes from the whole design on every change, in one function so the
// previews' worker (previews.worker.ts) and the main-thread fallback (use-previews.ts) do the
// same: the previews, the studio's checks (with what the connected cluster said of its kinds), the design's YAML (unless the user's own text is
// given), the text ranges of the paths asked for plus those of every issue found, and the run of
// the design's test cases (design-tests' runDesignTests, the one runner `opstudio test` calls).
// Where the CEL module is (cel-status.ts) decides which of the checks' answers are problems, and
// whether the cases run at all.
import type { Issue } from '@opstudio/shared';
import { jsonText } from '@opstudio/shared/crd/json-text';
import type { Design } from '@opstudio/shared/design/schema';
import { serializeDesign } from '@opstudio/shared/design/io';
import { locateDesignPaths, type TextRange } from '@opstudio/shared/designer/locate';
import { computePreviews, type Previews } from '@opstudio/shared/designer/previews';
import { checkDesignValue } from '@opstudio/shared/designer/validate';
import { clusterChildIssues, type ClusterKinds } from '@opstudio/shared/validate/design-rendered';
import { celEngine } from '@opstudio/shared/cel/engine';
import { renderedView, type RenderedView } from '@opstudio/shared/design-tests/edit';
import { runDesignTests, type CaseResult, type TestRun } from '@opstudio/shared/design-tests/run';
import { celIssues, type CelStatus } from './cel-status';

/** A case's result as the Tests tab reads it: a render case's output as plain JSON. */
export type CaseAnswer = Omit<CaseResult, 'rendered'> & { readonly rendered?: RenderedView };
export type TestsAnswer = Omit<TestRun, 'results'> & { readonly results: readonly CaseAnswer[] };

function testsAnswer(design: Design, cel: CelStatus): TestsAnswer {
  const run = runDesignTests(design, cel === 'ready' ? celEngine() : undefined);
  return {
    ...run,
    results: run.results.map(({ rendered, ...r }) =>
      rendered === undefined ? r : { ...r, rendered: renderedView(rendered) },
    ),
  };
}

export interface PreviewsRequest {
  readonly seq: number;
  readonly design: Design;
  /** The editor's text when the user typed it (it parses to `design`); null: serialize the design. */
  readonly text: string | null;
  /** Design paths to locate in the text besides the issues' (the API server's problems, the selected field). */
  readonly locate: readonly string[];
  /** The page shows this design already (its first paint, without CEL): answer once the CEL module is ready. */
  readonly quiet?: boolean;
  /** What the connected cluster said about the design's kinds; null offline (bundled schemas only). */
  readonly cluster?: ClusterKinds | null;
}

export interface PreviewsAnswer {
  readonly seq: number;
  readonly previews: Omit<Previews, 'crdObject'>;
  /** `previews.crdObject` as JSON text (jsonText: exact integers stay exact), or null when there is none. */
  readonly crdJson: string | null;
  /** the studio's checks of the design (validateDesign over the CRD above) */
  readonly issues: readonly Issue[];
  /** The design's YAML when the request had no text (the editor shows it); null otherwise. */
  readonly yaml: string | null;
  /** Where each located path sits in the text (the request's, or `yaml`); absent when it does not resolve. */
  readonly ranges: readonly (readonly [string, TextRange])[];
  /** the CEL module's state when this was computed (expressions are pending until it is ready) */
  readonly cel: CelStatus;
  /** the design's test cases run (every one not run until the CEL module is ready) */
  readonly tests: TestsAnswer;
}

export function answerPreviews(
  { seq, design, text, locate, cluster }: PreviewsRequest,
  cel: CelStatus,
): PreviewsAnswer {
  const { crdObject, ...previews } = computePreviews(design);
  const checked = checkDesignValue(design, crdObject).issues;
  const fromCluster = cluster === undefined || cluster === null ? [] : clusterChildIssues(design, cluster);
  const issues = celIssues(fromCluster.length === 0 ? checked : [...checked, ...fromCluster], cel);
  const yaml = text === null ? serializeDesign(design) : null;
  // locating parses the whole text: only when something is to be marked
  const paths = [...new Set([...issues.map((i) => i.path), ...locate])];
  const found = locateDesignPaths(text ?? yaml ?? '', paths);
  const ranges = paths.flatMap((p, n) => (found[n] === undefined ? [] : [[p, found[n]] as const]));
  return {
    seq,
    previews,
    crdJson: crdObject === undefined ? null : jsonText(crdObject),
    issues,
    yaml,
    ranges,
    cel,
    tests: testsAnswer(design, cel),
  };
}
