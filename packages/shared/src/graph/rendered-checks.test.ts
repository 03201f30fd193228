/// <reference types="node" />
// The three mistakes of issue 30 point 3, each refused at its design path before install: a kind
// the cluster does not serve, a string rendered into an integer field, a name the kind refuses.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadCel } from '@opstudio/cel/node';
import { parseDesign } from '../design/io';
import type { Design } from '../design/schema';
import { REPO_ROOT } from '../testing/corpus';
import { clusterChildIssues } from '../validate/design-rendered';
import { validateDesign } from '../validate/design';
import type { ResourceGraph } from './model';
import { previewGraph } from './preview';
import { bundledKindSchema, childApplyFailure, renderedChildIssues, schemaMismatches } from './rendered-checks';

await loadCel();

const webapp = readFileSync(`${REPO_ROOT}/examples/webapp.design.yaml`, 'utf8');
const design = (text: string): Design => {
  const parsed = parseDesign(text);
  assert.ok(parsed.ok, JSON.stringify(!parsed.ok && parsed.errors));
  return parsed.design;
};
const BACKUP_CHILD = `  - id: backup
    template:
      apiVersion: backup.acme.io/v1
      kind: Backup
      spec:
        schedule: "@daily"
  status:
    readyReplicas`;
const withBackup = webapp.replace('  status:\n    readyReplicas', BACKUP_CHILD);
const at = (issues: ReturnType<typeof validateDesign>, path: string) => issues.filter((i) => i.path === path);

test('the Web app example has no rendered-child problems', () => {
  const issues = validateDesign(design(webapp));
  assert.deepEqual(issues, []);
});

test('a string rendered into an integer field: an error at the field, naming both types', () => {
  const issues = validateDesign(design(webapp.replace('replicas: ${self.spec.replicas}', 'replicas: 3.5.17')));
  assert.deepEqual(at(issues, 'operand.resources[1].template.spec.replicas'), [
    {
      path: 'operand.resources[1].template.spec.replicas',
      severity: 'error',
      message: 'spec.replicas: expected integer, got string "3.5.17"',
    },
  ]);
});

test('a name the kind refuses: an error (not a warning) at metadata.name', () => {
  const text = webapp.replace(
    '      kind: ConfigMap\n',
    "      kind: ConfigMap\n      metadata:\n        name: ${self.metadata.name + '_Config'}\n",
  );
  const [issue, ...rest] = at(validateDesign(design(text)), 'operand.resources[0].template.metadata.name');
  assert.equal(rest.length, 0);
  assert.equal(issue?.severity, 'error');
  assert.match(issue.message, /"webapp-sample_Config" is not a valid ConfigMap name: lower-case letters/);
});

test('a name an expression cannot compute for the sample stays a warning (not a name the kind refuses)', () => {
  const text = webapp.replace(
    '      kind: ConfigMap\n',
    '      kind: ConfigMap\n      metadata:\n        name: ${self.spec.host}\n',
  );
  const found = at(validateDesign(design(text)), 'operand.resources[0].template.metadata.name');
  assert.deepEqual(
    found.map((i) => i.severity),
    ['warning'],
    JSON.stringify(found),
  );
});

test('a kind the cluster does not serve: an error at its kind when a cluster says so; nothing offline', () => {
  const d = design(withBackup);
  assert.deepEqual(validateDesign(d), [], 'offline, only the grammar is known');
  const issues = clusterChildIssues(d, { served: { 'backup.acme.io/v1/Backup': false }, schemas: {}, providers: [] });
  assert.deepEqual(issues, [
    {
      path: 'operand.resources[6].template.kind',
      severity: 'error',
      message:
        'the cluster does not serve Backup in backup.acme.io/v1: install the CRD that defines it first, or fix apiVersion and kind (backup could never be applied)',
    },
  ]);
});

test('an unserved kind that another design (or this one) defines is a warning naming it', () => {
  const issues = clusterChildIssues(design(withBackup), {
    served: { 'backup.acme.io/v1/Backup': false },
    schemas: {},
    providers: [{ group: 'backup.acme.io', kind: 'Backup', name: 'backups' }],
  });
  assert.equal(issues.length, 1);
  assert.equal(issues[0]?.severity, 'warning');
  assert.match(
    issues[0]?.message ?? '',
    /does not serve Backup in backup\.acme\.io\/v1 yet: the design "backups" defines it/,
  );
  const own = design(
    withBackup.replace(
      'apiVersion: backup.acme.io/v1\n      kind: Backup',
      'apiVersion: web.example.com/v1alpha1\n      kind: WebApp',
    ),
  );
  const mine = clusterChildIssues(own, {
    served: { 'web.example.com/v1alpha1/WebApp': false },
    schemas: {},
    providers: [],
  });
  assert.deepEqual(
    mine.map((i) => [i.severity, i.message]),
    [
      [
        'warning',
        'the cluster does not serve WebApp in web.example.com/v1alpha1 yet: this design defines it, so it is served once the design is installed',
      ],
    ],
  );
});

test("a custom resource child is checked against the cluster's schema of its kind", () => {
  const schema = {
    type: 'object',
    properties: {
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: { type: 'object' },
      spec: { type: 'object', properties: { schedule: { type: 'integer' } }, additionalProperties: false },
    },
  };
  const issues = clusterChildIssues(design(withBackup), {
    served: { 'backup.acme.io/v1/Backup': true },
    schemas: { 'backup.acme.io/v1/Backup': schema },
    providers: [],
  });
  assert.deepEqual(issues, [
    {
      path: 'operand.resources[6].template.spec.schedule',
      severity: 'error',
      message: 'spec.schedule: expected integer, got string "@daily"',
    },
  ]);
});

test('schema walk: int-or-string, quantities, unknown fields, an expression-made list marked at its expression', () => {
  const deployment = bundledKindSchema('apps/v1', 'Deployment')!;
  const found = schemaMismatches(
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'x', labels: { a: 'b' } },
      spec: {
        replicas: 2,
        strategy: { rollingUpdate: { maxSurge: '25%', maxUnavailable: 1 } },
        template: {
          spec: {
            containers: [{ name: 'c', resources: { limits: { cpu: '1', memory: 2 } }, env: [{ name: 'A', value: 1 }] }],
            bogus: true,
          },
        },
      },
    },
    deployment,
  );
  assert.deepEqual(
    found.map((f) => `${f.field}: ${f.message}`),
    [
      'spec.template.spec.containers[0].env[0].value: expected string, got integer 1',
      'spec.template.spec.bogus: field not declared in schema',
    ],
  );
  const graph: ResourceGraph = {
    resources: [
      {
        id: 'deployment',
        template: {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          spec: {
            template: {
              spec: { containers: [{ name: 'c', image: 'i', env: "${[{'name': dyn('A'), 'value': dyn(1)}]}" }] },
            },
          },
        },
      },
    ],
  };
  const cr = { apiVersion: 'x.io/v1', kind: 'X', metadata: { name: 'x', namespace: 'default', uid: 'u' } };
  const issues = renderedChildIssues(graph, previewGraph(graph, cr).children, { schemaOf: bundledKindSchema });
  assert.deepEqual(
    issues.map((i) => [i.path, i.message]),
    [
      [
        'resources[0].template.spec.template.spec.containers[0].env',
        'spec.template.spec.containers[0].env[0].value: expected string, got integer 1',
      ],
    ],
  );
});

test('a failed apply names the child and its template path', () => {
  const graph = design(webapp).operand!;
  const g = { resources: graph.resources! } as ResourceGraph;
  assert.equal(
    childApplyFailure(g, 'deployment', 'Deployment.apps "x" is invalid: expected numeric'),
    'child "deployment" (operand.resources[1].template): Deployment.apps "x" is invalid: expected numeric',
  );
  assert.equal(childApplyFailure(g, 'deployment', 'm', { designPaths: false }), 'child "deployment": m');
});
