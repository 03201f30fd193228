// The design's validation cases in the exported project (issue 32, docs/design/0052): the export
// of the 59-case validation table (apps/controller/testing/validation-table.design.yaml) writes
// them as a Ginkgo table in internal/controller, and `go test` runs every case in envtest's
// kube-apiserver (the design's CRD installed, ratcheting's old objects stored first) and passes.
// Then one rule's message is broken: exactly the cases that read it fail, in `opstudio test` and
// in the exported `go test`, with the same lines. Needs Go and the sandbox's binaries (envtest),
// and a non-loopback address for envtest's kube-apiserver; not a running cluster.
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
  LeafNodeText: string;
  LeafNodeType: string;
  State: string;
  Failure?: { Message: string };
}

/** `go test` of the exported controller package: each validation case's state and failure lines. */
function goTest(design: Design, t: { after: (fn: () => void) => void }): Map<string, string[] | 'passed'> {
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
  const out = new Map<string, string[] | 'passed'>();
  for (const s of suites[0]?.SpecReports ?? []) {
    if (s.LeafNodeType !== 'It' || s.LeafNodeText.startsWith('should create the children')) continue;
    // the failure: `tests.validation[1] "name":` then each line indented
    const lines = (s.Failure?.Message ?? '').split('\n').slice(1);
    out.set(s.LeafNodeText, s.State === 'passed' ? 'passed' : [s.State, ...lines.map((l) => l.trim())]);
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

test(
  "the export runs the design's validation cases in envtest; a broken rule fails the same cases with the same lines",
  { skip, timeout: 20 * 60_000 },
  async (t) => {
    const text = readFileSync(TABLE, 'utf8');
    const design = tableDesign(text);
    const names = (design.tests?.validation ?? []).map((c) => c.name);

    const green = goTest(design, t);
    assert.deepEqual([...green.keys()].sort(), [...names].sort(), 'one spec per validation case');
    const notPassed = [...green].filter(([, v]) => v !== 'passed');
    assert.deepEqual(notPassed, [], 'every case passes in the exported project');

    // one rule's words changed: the cases that pin them fail, and no other
    const broken = text.replace(': "replicas must be odd"', ': "replicas must be uneven"');
    assert.notEqual(broken, text);
    const dir = mkdtempSync(join(tmpdir(), 'opstudio-broken-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'broken.design.yaml');
    writeFileSync(file, serializeDesign(tableDesign(broken)));
    const studio = await opstudioTest(file);
    const studioFailed = new Map(studio.cases.filter((c) => c.outcome !== 'passed').map((c) => [c.name, c.failures]));
    assert.deepEqual(
      [...studioFailed.keys()].sort(),
      ['an even replica count is refused by its rule', 'negative: the minimum and the rule both refuse'],
      'opstudio test fails exactly the cases that read the rule',
    );
    const go = goTest(tableDesign(broken), t);
    const goFailed = new Map([...go].filter(([, v]) => v !== 'passed') as [string, string[]][]);
    assert.equal(go.size, names.length, 'every case ran');
    assert.deepEqual([...goFailed.keys()].sort(), [...studioFailed.keys()].sort(), 'go test fails the same cases');
    for (const [name, lines] of studioFailed)
      assert.deepEqual(goFailed.get(name), ['failed', ...lines], `the same lines for ${name}`);
    assert.deepEqual(studioFailed.get('an even replica count is refused by its rule'), [
      'errors: expected "spec.replicas: Invalid value: 4: replicas must be odd", not given',
      'errors: not expected: "spec.replicas: Invalid value: 4: replicas must be uneven"',
    ]);
  },
);
