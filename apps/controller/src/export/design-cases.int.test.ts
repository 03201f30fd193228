// The design's cases in the exported project (issue 32, docs/design/0052): the export of the
// test design apps/controller/testing/validation-table.design.yaml (59 validation cases, a
// two-ConfigMap operand with render cases, and no status: a status-less kind must compile too)
// writes its validation cases as a Ginkgo table run in envtest's kube-apiserver (the design's CRD
// installed, ratcheting's old objects stored first) and its render cases as a Ginkgo table run
// by the exported planner; `go test` passes. Then one rule's message is broken: exactly the
// validation cases that read it fail; and one template line: exactly the render cases that read
// it fail; each in `opstudio test` and in the exported `go test`, with the same lines. Needs Go
// and the sandbox's binaries (envtest), and a non-loopback address for envtest's kube-apiserver;
// not a running cluster.
// @lane: build exported Go projects, go build and go test
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadCel } from '@opstudio/cel/node';
import { parseDesign, serializeDesign } from '@opstudio/shared/design/io';
import type { Design } from '@opstudio/shared/design/schema';
import { scaffoldProject } from '@opstudio/shared/scaffold/scaffold';
import { binDir } from '@opstudio/sandbox';
import { repoRoot } from '../config';
import { goEnv, hasGo, run } from './go-check';
import { writeTree } from './write-tree';

await loadCel(); // the export reads what each child reads from the CEL engine

const skip = hasGo() ? false : 'go and make are needed to run the exported tests';
const TABLE = join(repoRoot, 'apps/controller/testing/validation-table.design.yaml');

interface SpecReport {
  ContainerHierarchyTexts?: string[];
  LeafNodeText: string;
  LeafNodeType: string;
  State: string;
  Failure?: { Message: string };
}

type Outcomes = Map<string, string[] | 'passed'>;

/** `go test` of the exported controller package: each validation and render case's state and failure lines. */
function goTest(design: Design, t: { after: (fn: () => void) => void }): { validation: Outcomes; render: Outcomes } {
  const dir = mkdtempSync(join(tmpdir(), 'opstudio-cases-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeTree(dir, scaffoldProject(design).files);
  const report = join(dir, 'report.json');
  const r = run(
    'go test ./internal/controller/',
    dir,
    'go',
    ['test', './internal/controller/', '-count=1', `-ginkgo.json-report=${report}`],
    goEnv({ KUBEBUILDER_ASSETS: binDir(), KUBEBUILDER_CONTROLPLANE_START_TIMEOUT: '120s' }),
  );
  let suites: { SpecReports?: SpecReport[] }[];
  try {
    suites = JSON.parse(readFileSync(report, 'utf8')) as typeof suites;
  } catch {
    assert.fail(`go test wrote no report:\n${r.output}`);
  }
  const out = { validation: new Map() as Outcomes, render: new Map() as Outcomes };
  for (const s of suites[0]?.SpecReports ?? []) {
    const container = s.ContainerHierarchyTexts?.[0] ?? '';
    const table = container.includes('validation cases')
      ? out.validation
      : container.includes('render cases')
        ? out.render
        : undefined;
    if (s.LeafNodeType !== 'It') continue;
    if (table === undefined) {
      // the controller's own test (reconciling the sample in envtest) passes too
      assert.equal(s.State, 'passed', `${s.LeafNodeText}: ${s.Failure?.Message ?? ''}`);
      continue;
    }
    // the failure: `tests.validation[1] "name":` then each line indented
    const lines = (s.Failure?.Message ?? '').split('\n').slice(1);
    table.set(s.LeafNodeText, s.State === 'passed' ? 'passed' : [s.State, ...lines.map((l) => l.trim())]);
  }
  return out;
}

function opstudioTest(file: string): Promise<{ cases: { name: string; outcome: string; failures: string[] }[] }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [join(repoRoot, 'apps/controller/bin/opstudio.js'), 'test', file, '-o', 'json'],
      { cwd: repoRoot, maxBuffer: 16 << 20 },
      (_err, stdout, stderr) => {
        try {
          resolve(JSON.parse(stdout) as { cases: { name: string; outcome: string; failures: string[] }[] });
        } catch {
          reject(new Error(`opstudio test printed no JSON: ${stderr}`));
        }
      },
    );
  });
}

function tableDesign(text: string): Design {
  const parsed = parseDesign(text);
  assert.ok(parsed.ok, 'the table design parses');
  return parsed.design;
}

/** A changed copy of the test design: `opstudio test`'s failing cases and `go test`'s, which must be the same with the same lines. */
async function brokenCopy(
  t: { after: (fn: () => void) => void },
  text: string,
  from: string,
  to: string,
): Promise<{ studio: Map<string, string[]>; go: { validation: Outcomes; render: Outcomes } }> {
  const broken = text.replace(from, to);
  assert.notEqual(broken, text, `the design has ${from}`);
  const dir = mkdtempSync(join(tmpdir(), 'opstudio-broken-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'broken.design.yaml');
  writeFileSync(file, serializeDesign(tableDesign(broken)));
  const studio = await opstudioTest(file);
  return {
    studio: new Map(studio.cases.filter((c) => c.outcome !== 'passed').map((c) => [c.name, c.failures])),
    go: goTest(tableDesign(broken), t),
  };
}

/** The failing cases of one table, which must be exactly `expected` in both, with the same lines. */
function sameFailures(studio: Map<string, string[]>, go: Outcomes, names: string[], expected: string[]): void {
  const studioFailed = new Map([...studio].filter(([name]) => names.includes(name)));
  assert.deepEqual([...studioFailed.keys()].sort(), [...expected].sort(), 'opstudio test fails exactly these cases');
  assert.equal(go.size, names.length, 'every case ran');
  const goFailed = new Map([...go].filter(([, v]) => v !== 'passed') as [string, string[]][]);
  assert.deepEqual([...goFailed.keys()].sort(), [...expected].sort(), 'go test fails the same cases');
  for (const [name, lines] of studioFailed)
    assert.deepEqual(goFailed.get(name), ['failed', ...lines], `the same lines for ${name}`);
}

test(
  "the export runs the design's validation cases in envtest and its render cases in the exported planner; a broken rule or template line fails the same cases with the same lines",
  { skip, timeout: 30 * 60_000 },
  async (t) => {
    const text = readFileSync(TABLE, 'utf8');
    const design = tableDesign(text);
    assert.equal(
      design.crd.versions[0]?.schema?.fields?.some((f) => f.name === 'status'),
      false,
      'the kind has no status (its export must compile all the same)',
    );
    const validation = (design.tests?.validation ?? []).map((c) => c.name);
    const render = (design.tests?.render ?? []).map((c) => c.name);
    assert.ok(render.length >= 3, 'the design has render cases');

    const green = goTest(design, t);
    assert.deepEqual([...green.validation.keys()].sort(), [...validation].sort(), 'one spec per validation case');
    assert.deepEqual([...green.render.keys()].sort(), [...render].sort(), 'one spec per render case');
    const notPassed = [...green.validation, ...green.render].filter(([, v]) => v !== 'passed');
    assert.deepEqual(notPassed, [], 'every case passes in the exported project');

    // one rule's words changed: the validation cases that pin them fail, and no other case
    const rule = await brokenCopy(t, text, ': "replicas must be odd"', ': "replicas must be uneven"');
    sameFailures(rule.studio, rule.go.validation, validation, [
      'an even replica count is refused by its rule',
      'negative: the minimum and the rule both refuse',
    ]);
    assert.deepEqual(
      [...rule.go.render].filter(([, v]) => v !== 'passed'),
      [],
      'no render case reads the rule',
    );
    assert.deepEqual(rule.studio.get('an even replica count is refused by its rule'), [
      'errors: expected "spec.replicas: Invalid value: 4: replicas must be odd", not given',
      'errors: not expected: "spec.replicas: Invalid value: 4: replicas must be uneven"',
    ]);

    // one template line changed: the render cases that read that field fail, and no other case
    const template = await brokenCopy(
      t,
      text,
      'replicas: ${string(self.spec.replicas)}',
      'replicas: ${string(self.spec.replicas + 1)}',
    );
    sameFailures(template.studio, template.go.render, render, [
      "the sample's settings, defaulted as the API server stores them",
      'burst mode adds a second ConfigMap that names the first',
    ]);
    assert.deepEqual(
      [...template.go.validation].filter(([, v]) => v !== 'passed'),
      [],
      'no validation case reads the template',
    );
    assert.deepEqual(template.studio.get("the sample's settings, defaulted as the API server stores them"), [
      'children.settings.data.replicas: expected "1", got "2"',
    ]);
  },
);
