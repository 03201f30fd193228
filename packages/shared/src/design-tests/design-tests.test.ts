/// <reference types="node" />
// Tests that live in the design (issue 32): a subset or exact match says where it differs, a
// render case runs the controller's planner on its custom resource with what the cluster reports,
// a broken template line fails exactly the cases that look at it, and the JUnit report is what
// CI systems read. (With the CEL module: apps/controller/src/cli/test-commands.test.ts.)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadCel } from '@opstudio/cel/node';
import { parseDesign, serializeDesign } from '../design/io';
import type { Design } from '../design/schema';
import { mismatches, mismatchText } from './match';
import { testRunJunit, testRunText } from './report';
import { runDesignTests } from './run';

const engine = await loadCel();
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const example = (name: string): Design => {
  const r = parseDesign(readFileSync(path.join(repo, 'examples', name), 'utf8'));
  assert.ok(r.ok, JSON.stringify(r));
  return r.design;
};

test('a subset match names each difference at its path; exact also names what is extra', () => {
  const got = { spec: { replicas: 5, template: { containers: [{ image: 'a:1' }] } }, extra: true };
  assert.deepEqual(mismatches({ spec: { replicas: 5 } }, got, false), []);
  assert.deepEqual(
    mismatches({ spec: { replicas: 3, template: { containers: [{ image: 'a:2' }] } } }, got, false).map(mismatchText),
    ['spec.replicas: expected 3, got 5', 'spec.template.containers[0].image: expected "a:2", got "a:1"'],
  );
  assert.deepEqual(mismatches({ spec: got.spec }, got, true).map(mismatchText), ['extra: expected absent, got true']);
  assert.deepEqual(mismatches({ spec: { gone: 1 } }, got, false).map(mismatchText), [
    'spec.gone: expected 1, got absent',
  ]);
  // a list is compared whole in length, item by item within
  assert.deepEqual(mismatches({ l: [1] }, { l: [1, 2] }, false).map(mismatchText), ['l: expected [1], got [1,2]']);
});

test("the replicated store's cases pass; without the CEL module none is reported as passed", () => {
  const design = example('replicated-store.design.yaml');
  const run = runDesignTests(design, engine);
  assert.ok(run.results.filter((r) => r.kind === 'render').length >= 3);
  assert.ok(run.results.filter((r) => r.kind === 'validation').length >= 3);
  assert.deepEqual(
    run.results.filter((r) => r.outcome !== 'passed').map((r) => r.failures),
    [],
  );
  const before = runDesignTests(design, undefined);
  assert.equal(before.notRun, run.results.length);
  assert.match(testRunText(before), /^0 passed, 0 failed, \d+ not run$/m);
});

test('a broken template line fails exactly the cases that look at it, each saying where', () => {
  const design = example('replicated-store.design.yaml');
  const broken = structuredClone(design);
  const pdb = broken.operand!.resources!.find((r) => r.id === 'pdb')!;
  (pdb.template as unknown as { spec: { minAvailable: string } }).spec.minAvailable = '${self.spec.replicas / 2}';
  const run = runDesignTests(broken, engine);
  const failed = run.results.filter((r) => r.outcome === 'failed');
  assert.deepEqual(
    failed.map((r) => [r.path, r.failures.map((f) => f.text)]),
    [['tests.render[0]', ['children.pdb.spec.minAvailable: expected 2, got 1']]],
  );
});

test('a case about a child the design does not have, or a missing one, says so', () => {
  const design: Design = {
    ...example('replicated-store.design.yaml'),
    tests: {
      render: [
        {
          name: 'asks about what is not there',
          observed: { nosuch: { status: {} } },
          expect: { children: { backup: { spec: {} } }, absent: ['peer'] },
        },
      ],
    },
  };
  const [r] = runDesignTests(design, engine).results;
  assert.deepEqual(
    r!.failures.map((f) => f.text),
    [
      'observed.nosuch: the design has no child or external reference nosuch',
      'children.backup: not created for this resource',
      'absent: peer is created for this resource',
    ],
  );
});

test('the tests section survives the YAML round trip, its objects in the order written', () => {
  const design = example('replicated-store.design.yaml');
  const again = parseDesign(serializeDesign(design));
  assert.ok(again.ok);
  assert.deepEqual(again.design.tests, design.tests);
  assert.match(serializeDesign(design), /\ntests:\n {2}render:\n {2}- name: /);
});

test('the JUnit report: a suite per kind of case, a failure with every difference, XML escaped', () => {
  const xml = testRunJunit('Kind<&>', {
    passed: 1,
    failed: 1,
    notRun: 1,
    results: [
      { kind: 'render', name: 'ok', path: 'tests.render[0]', outcome: 'passed', failures: [], ms: 2 },
      {
        kind: 'render',
        name: 'a "quoted" <name>',
        path: 'tests.render[1]',
        outcome: 'failed',
        failures: [{ where: 'status', text: 'status.x: expected 1, got 2' }],
        ms: 1,
      },
      {
        kind: 'validation',
        name: 'later',
        path: 'tests.validation[0]',
        outcome: 'not-run',
        failures: [{ where: 'run', text: 'the CEL module is not loaded yet' }],
        ms: 0,
      },
    ],
  });
  assert.match(
    xml,
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="Kind&lt;&amp;&gt;" tests="3" failures="1"/,
  );
  assert.match(xml, /<testsuite name="Kind&lt;&amp;&gt; render cases" tests="2" failures="1" errors="0" skipped="0"/);
  assert.match(xml, /<testcase classname="render" name="a &quot;quoted&quot; &lt;name&gt;" time="0.001">/);
  assert.match(
    xml,
    /<failure message="status.x: expected 1, got 2" type="CaseFailed">status.x: expected 1, got 2<\/failure>/,
  );
  assert.match(xml, /<skipped message="the CEL module is not loaded yet"\/>/);
  // balanced: every element opened is closed
  const opened = [...xml.matchAll(/<(testsuites|testsuite|testcase)[ >]/g)].length;
  const selfClosed = [...xml.matchAll(/<testcase [^>]*\/>/g)].length;
  const closed = [...xml.matchAll(/<\/(testsuites|testsuite|testcase)>/g)].length;
  assert.equal(opened, selfClosed + closed);
});
