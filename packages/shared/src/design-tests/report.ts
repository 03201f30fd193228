// `opstudio test`'s reports of a TestRun: lines for a terminal, JSON (docs/design/0028's table)
// and JUnit XML (what CI systems read: one <testsuite> per kind of case, a <failure> per
// failing case with every difference in its text).
import type { AgainstClusterRun } from './against-cluster';
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

/** `extra`: another <testsuite> (clusterJunit's), counted in the totals. */
export function testRunJunit(
  design: string,
  run: TestRun,
  extra?: { xml: string; tests: number; failures: number },
): string {
  const suites = (['render', 'validation'] as const).map((kind) => {
    const cases = run.results.filter((r) => r.kind === kind);
    const failed = cases.filter((r) => r.outcome === 'failed').length;
    const skipped = cases.filter((r) => r.outcome === 'not-run').length;
    const time = (cases.reduce((s, r) => s + r.ms, 0) / 1000).toFixed(3);
    const head = `  <testsuite name="${xml(`${design} ${kind} cases`)}" tests="${cases.length}" failures="${failed}" errors="0" skipped="${skipped}" time="${time}">`;
    return [head, ...cases.map(testcase), '  </testsuite>'].join('\n');
  });
  const total = run.results.length + (extra?.tests ?? 0);
  const failures = run.failed + (extra?.failures ?? 0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(design)}" tests="${total}" failures="${failures}" errors="0" skipped="${run.notRun}">`,
    ...suites,
    ...(extra !== undefined ? [extra.xml] : []),
    '</testsuites>',
    '',
  ].join('\n');
}

// --against-cluster: each validation case's verdict from the studio and from the API server

const verdictWords = (v: { allowed: boolean; errors: readonly string[] } | undefined): string =>
  v === undefined ? 'no verdict' : v.allowed ? 'allowed' : `refused: ${v.errors.join('; ')}`;

export function clusterText(run: AgainstClusterRun): string {
  const lines = [`against the API server at ${run.server}:`];
  for (const c of run.cases)
    if (c.differences.length > 0)
      lines.push(
        `✘ validation: ${c.name} (${c.path})`,
        ...c.differences.map((d) => `    ${d}`),
        `    studio:     ${verdictWords(c.studio)}`,
        `    API server: ${verdictWords(c.cluster)}`,
      );
  const agreed = run.cases.length - run.disagreements;
  lines.push(
    run.cases.length === 0
      ? 'the design has no validation cases to compare'
      : `${agreed} of ${run.cases.length} validation cases get the same verdict from the API server${run.disagreements > 0 ? `, ${run.disagreements} do not` : ''}`,
  );
  return lines.join('\n');
}

export function clusterJson(run: AgainstClusterRun): object {
  return {
    server: run.server,
    agreed: run.cases.length - run.disagreements,
    disagreed: run.disagreements,
    cases: run.cases.map((c) => ({
      name: c.name,
      path: c.path,
      agrees: c.differences.length === 0,
      differences: c.differences,
      studio: c.studio ?? null,
      cluster: c.cluster ?? null,
    })),
  };
}

export function clusterJunit(design: string, run: AgainstClusterRun): { xml: string; tests: number; failures: number } {
  const cases = run.cases.map((c) => {
    const open = `    <testcase classname="against-cluster" name="${xml(c.name)}" time="0.000"`;
    if (c.differences.length === 0) return `${open}/>`;
    const text = c.differences.join('\n');
    return `${open}>\n      <failure message="${xml(c.differences[0]!)}" type="VerdictsDiffer">${xml(text)}</failure>\n    </testcase>`;
  });
  const head = `  <testsuite name="${xml(`${design} validation cases against ${run.server}`)}" tests="${run.cases.length}" failures="${run.disagreements}" errors="0" skipped="0" time="0.000">`;
  return { xml: [head, ...cases, '  </testsuite>'].join('\n'), tests: run.cases.length, failures: run.disagreements };
}
