// `opstudio test`'s reports of a TestRun: lines for a terminal, JSON (docs/design/0028's table)
// and JUnit XML (what CI systems read: one <testsuite> per kind of case, a <failure> per
// failing case with every difference in its text).
import type { CaseResult, TestRun } from './run';

export function testRunText(run: TestRun): string {
  const lines = run.results.map((r) => {
    const mark = r.outcome === 'passed' ? '✔' : r.outcome === 'failed' ? '✘' : '-';
    const head = `${mark} ${r.kind}: ${r.name}`;
    return r.outcome === 'passed' ? head : [head, ...r.failures.map((f) => `    ${f.text}`)].join('\n');
  });
  const tail = `${run.passed} passed, ${run.failed} failed${run.notRun > 0 ? `, ${run.notRun} not run` : ''}`;
  return [...lines, run.results.length === 0 ? 'the design has no test cases (add a tests section)' : tail].join('\n');
}

export function testRunJson(design: string, run: TestRun): object {
  return {
    design,
    passed: run.passed,
    failed: run.failed,
    notRun: run.notRun,
    cases: run.results.map((r) => ({
      kind: r.kind,
      name: r.name,
      path: r.path,
      outcome: r.outcome,
      ms: r.ms,
      failures: r.failures.map((f) => f.text),
    })),
  };
}

const xml = (s: string): string =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // characters XML 1.0 cannot hold at all
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

function testcase(r: CaseResult): string {
  const open = `    <testcase classname="${xml(r.kind)}" name="${xml(r.name)}" time="${(r.ms / 1000).toFixed(3)}"`;
  if (r.outcome === 'passed') return `${open}/>`;
  const text = r.failures.map((f) => f.text).join('\n');
  const inner =
    r.outcome === 'not-run'
      ? `<skipped message="${xml(text)}"/>`
      : `<failure message="${xml(r.failures[0]?.text ?? 'failed')}" type="CaseFailed">${xml(text)}</failure>`;
  return `${open}>\n      ${inner}\n    </testcase>`;
}

export function testRunJunit(design: string, run: TestRun): string {
  const suites = (['render', 'validation'] as const).map((kind) => {
    const cases = run.results.filter((r) => r.kind === kind);
    const failed = cases.filter((r) => r.outcome === 'failed').length;
    const skipped = cases.filter((r) => r.outcome === 'not-run').length;
    const time = (cases.reduce((s, r) => s + r.ms, 0) / 1000).toFixed(3);
    const head = `  <testsuite name="${xml(`${design} ${kind} cases`)}" tests="${cases.length}" failures="${failed}" errors="0" skipped="${skipped}" time="${time}">`;
    return [head, ...cases.map(testcase), '  </testsuite>'].join('\n');
  });
  const total = run.results.length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(design)}" tests="${total}" failures="${run.failed}" errors="0" skipped="${run.notRun}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
