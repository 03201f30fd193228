// The design's render cases in the export (docs/design/0052): the cases reach the Go project as
// JSON only (each custom resource defaulted as the API server stores it, as `opstudio test` plans
// it), beside a static Go table test; and a kind without a status exports a controller that
// neither reads nor writes one (the Go build itself: export/design-cases.int.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCel } from '@opstudio/cel/node';
import { parseDesign } from '../design/io';
import type { Design } from '../design/schema';
import { scaffoldProject } from './scaffold';

await loadCel();

const here = dirname(fileURLToPath(import.meta.url));

function load(path: string): Design {
  const parsed = parseDesign(readFileSync(join(here, '../../../..', path), 'utf8'));
  assert.ok(parsed.ok, path);
  return parsed.design;
}

const TABLE = 'apps/controller/testing/validation-table.design.yaml';

test("the render cases are JSON testdata: the case's custom resource defaulted, what it expects in the order written", () => {
  const design = load(TABLE);
  const files = scaffoldProject(design).files;
  const data = JSON.parse(files.get('internal/controller/testdata/render_cases.json') ?? '{}') as {
    cases: { name: string; path: string; cr: { spec: Record<string, unknown> }; expect: Record<string, unknown> }[];
  };
  assert.deepEqual(
    data.cases.map((c) => [c.path, c.name]),
    (design.tests?.render ?? []).map((c, i) => [`tests.render[${i}]`, c.name]),
  );
  // the sample has no replicas and no mode: the API server's defaults are in, as opstudio test plans it
  assert.equal(data.cases[0]?.cr.spec.replicas, 1);
  assert.equal(data.cases[0]?.cr.spec.mode, 'Steady');
  // a patch over the sample, applied
  assert.equal(data.cases[1]?.cr.spec.mode, 'Burst');
  assert.deepEqual(Object.keys(data.cases[1]?.expect.children ?? {}), ['settings', 'burst']);
  const go = files.get('internal/controller/render_cases_test.go') ?? '';
  assert.match(go, /design\.PlanAll\(/);
  for (const c of design.tests?.render ?? []) assert.ok(!go.includes(c.name), `${c.name} is not in the Go source`);
});

test('a design without render cases writes no render table', () => {
  const design = load(TABLE);
  const files = scaffoldProject({ ...design, tests: { validation: design.tests?.validation ?? [] } }).files;
  assert.equal(files.has('internal/controller/render_cases_test.go'), false);
  assert.equal(files.has('internal/controller/testdata/render_cases.json'), false);
});

test('a kind without a status exports a controller that reads and writes none', () => {
  const design = load(TABLE);
  assert.equal(
    design.crd.versions[0]?.schema?.fields?.some((f) => f.name === 'status'),
    false,
    'the test design has no status',
  );
  const files = scaffoldProject(design).files;
  const types = files.get('api/v1/ledger_types.go') ?? '';
  assert.doesNotMatch(types, /LedgerStatus/, 'no status type');
  const controller = files.get('internal/controller/ledger_controller.go') ?? '';
  assert.doesNotMatch(controller, /LedgerStatus|ledger\.Status\b/, 'the controller refers to no status');
  assert.match(
    controller,
    /func \(r \*LedgerReconciler\) updateStatus\(_ context\.Context, _ \*tablesv1\.Ledger, _ \*struct\{\}\) error \{\n\treturn nil\n\}/,
  );
  // a kind with a status keeps reading and writing it
  const webapp = scaffoldProject(load('examples/webapp.design.yaml')).files.get(
    'internal/controller/webapp_controller.go',
  );
  assert.match(webapp ?? '', /before := webApp\.Status\.DeepCopy\(\)/);
  assert.match(webapp ?? '', /r\.Status\(\)\.Patch\(/);
});
