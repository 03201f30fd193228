// Every case of a design's `tests` (docs/design/0052), in the order written: render cases, then
// validation cases. Both need the CEL module (the graph's expressions, the API server's
// defaulting and validation); without it every case is reported as not run, never as passed. One result per case, for the designer's Tests tab, `opstudio test` and its JSON
// and JUnit reports.
import type { CelEngine } from '../cel/engine';
import { crdObject } from '../crd/generate';
import type { Design } from '../design/schema';
import { runRenderCase, type CaseFailure, type Rendered } from './render-case';
import { runValidationCase } from './validation-case';

export type CaseKind = 'render' | 'validation';

export interface CaseResult {
  readonly kind: CaseKind;
  readonly name: string;
  /** the case's place in the design: `tests.render[0]` */
  readonly path: string;
  readonly outcome: 'passed' | 'failed' | 'not-run';
  readonly failures: readonly CaseFailure[];
  readonly ms: number;
  /** a render case's children, status and conditions as the controller would make them (the designer's "Save as expected") */
  readonly rendered?: Rendered;
}

export interface TestRun {
  readonly results: readonly CaseResult[];
  readonly passed: number;
  readonly failed: number;
  readonly notRun: number;
}

export function runDesignTests(design: Design, engine: CelEngine | undefined): TestRun {
  const results: CaseResult[] = [];
  const timed = (kind: CaseKind, name: string, path: string, run: () => CaseFailure[] | undefined): CaseResult => {
    const t0 = performance.now();
    let failures: CaseFailure[] | undefined;
    try {
      failures = run();
    } catch (err) {
      failures = [
        { where: 'run', text: `the case could not run: ${err instanceof Error ? err.message : String(err)}` },
      ];
    }
    const ms = Math.round((performance.now() - t0) * 10) / 10;
    if (failures === undefined)
      return {
        kind,
        name,
        path,
        outcome: 'not-run',
        failures: [{ where: 'run', text: 'the CEL module is not loaded yet' }],
        ms,
      };
    return { kind, name, path, outcome: failures.length === 0 ? 'passed' : 'failed', failures, ms };
  };
  (design.tests?.render ?? []).forEach((c, i) => {
    let rendered: Rendered | undefined;
    const result = timed('render', c.name, `tests.render[${i}]`, () => {
      if (engine === undefined) return undefined;
      const run = runRenderCase(design, c, engine);
      rendered = run.rendered;
      return run.failures;
    });
    results.push(rendered === undefined ? result : { ...result, rendered });
  });
  const validation = design.tests?.validation ?? [];
  const crd = validation.length > 0 ? crdObject(design) : undefined;
  validation.forEach((c, i) =>
    results.push(
      timed('validation', c.name, `tests.validation[${i}]`, () =>
        engine === undefined ? undefined : runValidationCase(engine, design, c, crd).failures,
      ),
    ),
  );
  const count = (o: CaseResult['outcome']) => results.filter((r) => r.outcome === o).length;
  return { results, passed: count('passed'), failed: count('failed'), notRun: count('not-run') };
}
