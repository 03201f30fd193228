/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { WEBAPP_GRAPH, website } from '../testing/webapp-graph';
import type { KubeObject, ResourceGraph } from './model';
import { childName, plan, type Plan } from './plan';
import { loadCel } from '@opstudio/cel/node';
import { installCelEngine } from '../cel/engine';

const engine = await loadCel();

/** What the cluster would hold after applying `desired`, with a status per id where given. */
function observe(p: Plan, statuses: Record<string, KubeObject> = {}): Map<string, KubeObject> {
  return new Map(p.desired.map((d) => [d.id, { ...d.object, ...(statuses[d.id] ? { status: statuses[d.id]! } : {}) }]));
}
const ids = (p: Plan) => p.desired.map((d) => d.id);
const condition = (p: Plan, type: string) => p.conditions.find((c) => c.type === type);
/** A field of a desired object by dotted path (`spec.ports.0.port`). */
const at = (p: Plan, id: string, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (o, k) => (o as Record<string, unknown> | undefined)?.[k],
      p.desired.find((d) => d.id === id)?.object,
    );

/** Plans repeatedly, applying each round's desired objects, until nothing new appears. */
function converge(cr: KubeObject, statuses: Record<string, KubeObject> = {}): Plan {
  let observed = new Map<string, KubeObject>();
  for (let round = 0; round < 5; round++) {
    const p = plan(WEBAPP_GRAPH, cr, observed);
    const next = observe(p, statuses);
    if (next.size === observed.size) return plan(WEBAPP_GRAPH, cr, next);
    observed = next;
  }
  throw new Error('did not converge');
}

describe('plan: the Web app example', () => {
  const ready = { deployment: { readyReplicas: 3 } };
  const cases: {
    name: string;
    cr: KubeObject;
    statuses?: Record<string, KubeObject>;
    desired: string[];
    status: Record<string, unknown>;
    ready: string;
  }[] = [
    {
      name: 'replicas 1, no host: no Ingress, no PodDisruptionBudget',
      cr: website({ replicas: 1 }),
      statuses: { deployment: { readyReplicas: 1 } },
      desired: ['config', 'deployment', 'service'],
      status: { url: 'http://site-service:80', readyReplicas: 1 },
      ready: 'True: all 3 resources ready',
    },
    {
      name: 'replicas 3 with a host: Ingress and PodDisruptionBudget, one not ready yet',
      cr: website({ replicas: 3, host: 'web.example.com' }),
      statuses: ready,
      desired: ['config', 'deployment', 'service', 'ingress', 'pdb'],
      status: { url: 'http://site-service:80', readyReplicas: 3 },
      ready: 'True: all 5 resources ready',
    },
    {
      name: 'replicas 3, the Deployment has 1 ready pod: status read back, Ready false',
      cr: website({ replicas: 3 }),
      statuses: { deployment: { readyReplicas: 1 } },
      desired: ['config', 'deployment', 'service', 'pdb'],
      status: { url: 'http://site-service:80', readyReplicas: 1 },
      ready: 'False: 3 of 4 resources ready: waiting for deployment',
    },
    {
      name: 'the Deployment has not reported readyReplicas: the field waits, nothing is degraded',
      cr: website({ replicas: 1 }),
      desired: ['config', 'deployment', 'service'],
      status: { url: 'http://site-service:80' },
      ready: 'False: 2 of 3 resources ready: waiting for deployment',
    },
  ];
  for (const c of cases)
    test(c.name, () => {
      const p = converge(c.cr, c.statuses);
      assert.deepEqual(p.errors, []);
      assert.deepEqual(ids(p), c.desired);
      assert.deepEqual(p.status, c.status);
      const r = condition(p, 'Ready')!;
      assert.equal(`${r.status}: ${r.message}`, c.ready);
      assert.equal(condition(p, 'Degraded')?.status, 'False');
      assert.deepEqual(p.prune, []);
      assert.deepEqual(p.blocked, []);
    });

  test('nothing observed yet: children that read others wait for them, in dependency order', () => {
    const p = plan(WEBAPP_GRAPH, website({ replicas: 3, host: 'h.example.com' }), new Map());
    assert.deepEqual(ids(p), ['config', 'service', 'pdb']);
    assert.deepEqual(p.blocked, [
      { id: 'deployment', waitingFor: ['config'] },
      { id: 'ingress', waitingFor: ['service'] },
    ]);
    assert.deepEqual(p.status, {});
    assert.equal(
      condition(p, 'Ready')?.message,
      '0 of 5 resources ready: waiting for config, deployment, service, ingress, pdb',
    );
    assert.equal(condition(p, 'Progressing')?.status, 'True');
  });

  test('the planner names, labels, places and owns every child; typed values stay typed', () => {
    const p = converge(website({ replicas: 3 }));
    assert.deepEqual(at(p, 'deployment', 'metadata'), {
      name: 'site-deployment',
      namespace: 'web',
      labels: {
        'app.kubernetes.io/managed-by': 'operator-studio',
        'app.kubernetes.io/instance': 'site',
        'app.kubernetes.io/component': 'deployment',
      },
      ownerReferences: [
        {
          apiVersion: 'demo.example.com/v1',
          kind: 'Website',
          name: 'site',
          uid: 'uid-1',
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    });
    assert.equal(at(p, 'deployment', 'spec.replicas'), 3);
    assert.equal(at(p, 'deployment', 'spec.template.spec.containers.0.image'), 'httpd:2.4');
    assert.equal(at(p, 'deployment', 'spec.template.spec.containers.0.ports.0.containerPort'), 8080);
    assert.equal(at(p, 'deployment', 'spec.template.spec.containers.0.envFrom.0.configMapRef.name'), 'site-config');
    assert.equal(at(p, 'config', 'data.GREETING'), 'hello from site');
  });

  test('includeWhen turning false prunes the observed Ingress and PodDisruptionBudget', () => {
    const before = converge(website({ replicas: 3, host: 'h.example.com' }));
    const observed = observe(before, { deployment: { readyReplicas: 1 } });
    const after = plan(WEBAPP_GRAPH, website({ replicas: 1 }), observed);
    assert.deepEqual(ids(after), ['config', 'deployment', 'service']);
    assert.deepEqual(after.prune, ['ingress', 'pdb']);
    assert.equal(condition(after, 'Ready')?.message, 'all 3 resources ready');
  });
});

describe('plan: names, errors and refusals', () => {
  const one = (template: KubeObject, extra: Partial<ResourceGraph['resources'][number]> = {}): ResourceGraph => ({
    resources: [{ id: 'cm', template: { apiVersion: 'v1', kind: 'ConfigMap', ...template }, ...extra }],
  });
  const cr = website({ replicas: 1 });

  test('a template may name its child, and its labels are kept beside the planner’s', () => {
    const p = plan(
      one({ metadata: { name: '${self.metadata.name}-settings', labels: { tier: 'web' } } }),
      cr,
      new Map(),
    );
    assert.equal(at(p, 'cm', 'metadata.name'), 'site-settings');
    assert.deepEqual(at(p, 'cm', 'metadata.labels'), {
      tier: 'web',
      'app.kubernetes.io/managed-by': 'operator-studio',
      'app.kubernetes.io/instance': 'site',
      'app.kubernetes.io/component': 'cm',
    });
  });

  test('an expression that fails at run time is Degraded at its path; the child is left alone', () => {
    const p = plan(one({ data: { n: '${string(self.spec.replicas / 0)}' } }), cr, new Map());
    assert.deepEqual(ids(p), []);
    assert.equal(p.errors[0]?.path, 'resources[0].template.data.n');
    assert.equal(condition(p, 'Degraded')?.status, 'True');
    assert.equal(condition(p, 'Ready')?.reason, 'EvaluationFailed');
  });

  test('a reference to a missing spec field is an error, not a wait (nothing will ever fill it)', () => {
    const p = plan(one({ data: { h: '${self.spec.host}' } }), cr, new Map());
    assert.match(p.errors[0]?.message ?? '', /\$\{self\.spec\.host\}: no such key: host/);
  });

  test('a template reading a field its dependency has not reported yet waits for it', () => {
    const g: ResourceGraph = {
      resources: [
        { id: 'a', template: { apiVersion: 'v1', kind: 'ConfigMap' } },
        { id: 'b', template: { apiVersion: 'v1', kind: 'ConfigMap', data: { n: '${string(a.status.count)}' } } },
      ],
    };
    const first = plan(g, cr, new Map());
    assert.deepEqual(first.blocked, [{ id: 'b', waitingFor: ['a'] }]);
    const second = plan(g, cr, observe(first));
    assert.deepEqual([ids(second), second.blocked, second.errors], [['a'], [{ id: 'b', waitingFor: ['a'] }], []]);
    const third = plan(g, cr, observe(first, { a: { count: 2 } }));
    assert.equal(at(third, 'b', 'data.n'), '2');
  });

  test('includeWhen that is not a bool is an error', () => {
    const p = plan(one({}, { includeWhen: 'self.spec.replicas' }), cr, new Map());
    assert.deepEqual(p.errors, [{ path: 'resources[0].includeWhen', message: 'includeWhen must give true or false' }]);
  });

  test('a graph with a cycle plans nothing and reports it', () => {
    const g: ResourceGraph = {
      resources: [
        { id: 'a', template: { apiVersion: 'v1', kind: 'ConfigMap', data: { x: '${b.metadata.name}' } } },
        { id: 'b', template: { apiVersion: 'v1', kind: 'ConfigMap', data: { x: '${a.metadata.name}' } } },
      ],
    };
    const p = plan(g, cr, new Map());
    assert.deepEqual(ids(p), []);
    assert.match(p.errors[0]?.message ?? '', /a → b → a/);
    assert.equal(condition(p, 'Degraded')?.status, 'True');
  });

  test('a custom resource without a uid cannot own children', () => {
    const p = plan(one({}), { ...cr, metadata: { name: 'site' } }, new Map());
    assert.match(p.errors[0]?.message ?? '', /metadata.uid/);
  });
});

test('a child name longer than a DNS label is cut and told apart by a hash of the whole name', () => {
  assert.equal(childName('site', 'service'), 'site-service');
  const long = 'a'.repeat(60);
  const name = childName(long, 'service');
  assert.equal(name.length <= 63, true);
  assert.match(name, /^a+-[0-9a-f]{8}-service$/);
  assert.notEqual(childName(`${long}b`, 'service'), childName(`${long}c`, 'service'));
  // the hash is Go's hash/fnv New32a of the name (the export computes names the same way)
  assert.equal(name, `${'a'.repeat(46)}-HASH-service`.replace('HASH', GO_FNV32A_OF_60_A));
});
const GO_FNV32A_OF_60_A = '92b9e111';

test('past the per-object CEL budget the plan stops whole, naming where it ran out (as the export does)', () => {
  // the API server's per-object budget, as the export's planner has it too
  assert.equal(engine.limits.perReconcile, 10_000_000);
  // run against a budget of 100k, so that crossing it takes a few expressions, not seconds of them:
  // each costs about 41k, the third crosses it
  const heavy = 'string(lists.range(100).map(a, lists.range(100).filter(b, a == b)).size())';
  const data: Record<string, string> = {};
  for (let i = 0; i < 20; i++) data[`k${String(i).padStart(2, '0')}`] = `\${${heavy}}`;
  const graph: ResourceGraph = {
    resources: [{ id: 'config', template: { apiVersion: 'v1', kind: 'ConfigMap', data } }],
  };
  installCelEngine({ ...engine, limits: { ...engine.limits, perReconcile: 100_000 } });
  try {
    const p = plan(graph, budgetCr, new Map());
    assert.deepEqual(p.desired, []);
    assert.equal(p.errors.length, 1);
    assert.match(
      p.errors[0]!.message,
      /^the CEL cost of this reconcile exceeded the limit of 100000 \(the API server's per-object budget\) at resources\[0\]\.template\.data\.k0[2-3]$/,
    );
  } finally {
    installCelEngine(engine);
  }
});

const budgetCr = {
  apiVersion: 'example.com/v1',
  kind: 'Thing',
  metadata: { name: 't', namespace: 'default', uid: 'u' },
  spec: {},
};
