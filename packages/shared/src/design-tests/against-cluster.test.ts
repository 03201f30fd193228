// `opstudio test --against-cluster`'s pure half: the temporary CRDs, the API server's answers read
// as verdicts, and the comparison (the run itself: cli/test-against-cluster.int.test.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clusterCopy, permissiveSchema, refusalLines, verdictDifferences, warningText } from './against-cluster';
import { clusterJunit, clusterText, testRunJunit } from './report';
import type { CustomResourceDefinition } from '../crd/types';

test('the permissive schema keeps structure and defaults, drops value checks and rules', () => {
  assert.deepEqual(
    permissiveSchema({
      type: 'object',
      required: ['spec'],
      'x-kubernetes-validations': [{ rule: 'self.spec.a > 1' }],
      properties: {
        spec: {
          type: 'object',
          properties: {
            a: { type: 'integer', default: 3, minimum: 2, maximum: 9 },
            s: { type: 'string', format: 'ipv4', pattern: '^x', maxLength: 4 },
            l: {
              type: 'array',
              maxItems: 2,
              'x-kubernetes-list-type': 'set',
              items: { type: 'string', enum: ['a'] },
            },
          },
        },
      },
    }),
    {
      type: 'object',
      required: ['spec'],
      properties: {
        spec: {
          type: 'object',
          properties: {
            a: { type: 'integer', default: 3 },
            s: { type: 'string' },
            l: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string' } },
          },
        },
      },
    },
  );
});

test('the copy lives in a group of its own, without subresources; the permissive one keeps unknown fields at the root', () => {
  const crd: CustomResourceDefinition = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'ledgers.tables.example.com' },
    spec: {
      group: 'tables.example.com',
      names: { kind: 'Ledger', plural: 'ledgers' },
      scope: 'Namespaced',
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          subresources: { status: {} },
          schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-validations': [{ rule: 'true' }] } },
        },
      ],
    },
  };
  const copy = clusterCopy(crd, 'tabc');
  assert.equal(copy.name, 'ledgers.tabc.tables.example.com');
  assert.deepEqual(copy.real.spec.versions[0], {
    name: 'v1',
    served: true,
    storage: true,
    schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-validations': [{ rule: 'true' }] } },
  });
  assert.deepEqual(copy.permissive.spec.versions[0]?.schema?.openAPIV3Schema, {
    type: 'object',
    'x-kubernetes-preserve-unknown-fields': true,
  });
});

test("reads a refusal's causes as the studio's lines, and a Warning header's text", () => {
  assert.deepEqual(
    refusalLines({
      kind: 'Status',
      message: 'Ledger "x" is invalid: …',
      details: {
        causes: [
          { field: 'spec.replicas', message: 'Invalid value: 4: replicas must be odd' },
          { field: '<nil>', message: 'Invalid value: name must be short' },
        ],
      },
    }),
    ['spec.replicas: Invalid value: 4: replicas must be odd', '<nil>: Invalid value: name must be short'],
  );
  assert.equal(warningText('299 - "spec.a: Invalid value: \\"x\\": bad"'), 'spec.a: Invalid value: "x": bad');
});

test('names every difference between two verdicts', () => {
  assert.deepEqual(
    verdictDifferences(
      { allowed: true, errors: [], warnings: ['w'] },
      { allowed: false, errors: ['metadata.name: Invalid value'], warnings: [] },
    ),
    [
      'the studio allowed it, the API server refused it',
      'error only the API server gives: "metadata.name: Invalid value"',
      'warning only the studio gives: "w"',
    ],
  );
  assert.deepEqual(
    verdictDifferences(
      { allowed: false, errors: ['a', 'b'], warnings: [] },
      { allowed: false, errors: ['b', 'a'], warnings: [] },
    ),
    [],
  );
});

test('the reports: the lines name each disagreement; JUnit counts the comparison as a suite of its own', () => {
  const run = {
    server: 'https://127.0.0.1:16443',
    disagreements: 1,
    cases: [
      {
        name: 'agrees',
        path: 'tests.validation[0]',
        studio: { allowed: true, errors: [], warnings: [] },
        cluster: { allowed: true, errors: [], warnings: [] },
        differences: [],
      },
      {
        name: 'a <bad> name',
        path: 'tests.validation[1]',
        studio: { allowed: true, errors: [], warnings: [] },
        cluster: { allowed: false, errors: ['metadata.name: Invalid value'], warnings: [] },
        differences: ['the studio allowed it, the API server refused it'],
      },
    ],
  };
  assert.equal(
    clusterText(run),
    [
      'against the API server at https://127.0.0.1:16443:',
      '✘ validation: a <bad> name (tests.validation[1])',
      '    the studio allowed it, the API server refused it',
      '    studio:     allowed',
      '    API server: refused: metadata.name: Invalid value',
      '1 of 2 validation cases get the same verdict from the API server, 1 do not',
    ].join('\n'),
  );
  const xml = testRunJunit('Ledger', { results: [], passed: 0, failed: 0, notRun: 0 }, clusterJunit('Ledger', run));
  assert.match(xml, /<testsuites name="Ledger" tests="2" failures="1" /);
  assert.match(xml, /<testcase classname="against-cluster" name="a &lt;bad&gt; name" time="0.000">\n\s+<failure /);
});
