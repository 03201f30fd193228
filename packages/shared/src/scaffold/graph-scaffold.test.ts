import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDesign } from '../design/io';
import { designGraph } from '../design/operand-form';
import type { Design } from '../design/schema';
import { analyzeGraph } from '../graph/dependencies';
import { markerComment, rbacMarkers } from '../manifests/rbac';
import { goMod } from './go-deps';
import { GO_MOD_TXT } from './go-deps.generated';
import { scaffoldProject } from './scaffold';
import { loadCel } from '@opstudio/cel/node';

await loadCel();

const here = dirname(fileURLToPath(import.meta.url));

function load(name: string): Design {
  const parsed = parseDesign(readFileSync(join(here, '../../../../examples', name), 'utf8'));
  assert.ok(parsed.ok, name);
  return parsed.design;
}

const GRAPH_FILES = [
  'design.json',
  'graph.go',
  'eval.go',
  'render.go',
  'plan.go',
  'names.go',
  'conditions.go',
  'kinds.go',
  'kinds_test.go',
  'eval_test.go',
  'externals.go',
  'custom_conditions.go',
  'externals_test.go',
];

for (const [name, kind, owns] of [
  [
    'webapp.design.yaml',
    'webapp',
    [
      '&corev1.ConfigMap{}',
      '&appsv1.Deployment{}',
      '&corev1.Service{}',
      '&networkingv1.Ingress{}',
      '&policyv1.PodDisruptionBudget{}',
    ],
  ],
  ['redis.design.yaml', 'redis', ['&corev1.ConfigMap{}', '&corev1.Service{}', '&appsv1.StatefulSet{}']],
] as const) {
  test(`${name}: the graph package, the data, a controller that owns each kind of child`, () => {
    const design = load(name);
    const { files } = scaffoldProject(design);
    for (const f of GRAPH_FILES) assert.ok(files.has(`internal/graph/${f}`), f);
    const controller = files.get(`internal/controller/${kind}_controller.go`) ?? '';
    assert.deepEqual(
      [...controller.matchAll(/^\t\tOwns\((.*)\)\.$/gm)].map((m) => m[1]),
      owns,
      'one Owns per kind, in design order',
    );
    for (const m of rbacMarkers(design)) assert.ok(controller.includes(markerComment(m)), markerComment(m));
    assert.doesNotMatch(controller, /deploymentFor/, 'not the Memcached reconciler');
    assert.match(controller, /is controlled by %s %s \(uid %s\); left untouched/);
    // the data: the studio's order and reads, the templates untouched
    const data = JSON.parse(files.get('internal/graph/design.json')!) as {
      children: { id: string; template: unknown; reads: { include: string[]; template: string[]; ready: string[] } }[];
      status: { field: string; value: string; reads: string[] }[];
    };
    const graph = designGraph(design)!;
    const analysis = analyzeGraph(graph);
    assert.deepEqual(
      data.children.map((c) => c.id),
      analysis.order.map((a) => a.child.id),
    );
    for (const [i, a] of analysis.order.entries()) {
      assert.deepEqual(data.children[i]!.template, a.child.template);
      assert.deepEqual(data.children[i]!.reads.template, [...a.reads.template]);
    }
    assert.deepEqual(
      data.status.map((s) => s.field),
      Object.keys(graph.status ?? {}),
    );
    // the static Go holds no design text: only design.json and the controller do (and the
    // module path, in the import of internal/celenv)
    const module = `github.com/example/${kind}-operator`;
    for (const f of GRAPH_FILES.filter((x) => x.endsWith('.go')))
      assert.doesNotMatch(files.get(`internal/graph/${f}`)!.replaceAll(module, ''), new RegExp(kind, 'i'), f);
    const mod = files.get('go.mod') ?? '';
    assert.match(mod, /^require \(\n\tgithub\.com\/google\/cel-go v0\.26\.0\n/m);
    assert.match(mod, /^\tk8s\.io\/apiserver v0\.36\.3$/m);
    assert.doesNotMatch(mod, /(cel-go v0\.26\.0|apiserver v0\.36\.3) \/\/ indirect/);
  });
}

test('app-config: each external kind is watched through a map function, read-only in RBAC, and in the data', () => {
  const design = load('app-config.design.yaml');
  const { files } = scaffoldProject(design);
  const controller = files.get('internal/controller/appconfig_controller.go') ?? '';
  assert.deepEqual(
    [...controller.matchAll(/^\t\tWatches\((.*)\)\.$/gm)].map((m) => m[1]),
    ['&corev1.ConfigMap{}, handler.EnqueueRequestsFromMapFunc(r.readersOf("v1", "ConfigMap"))'],
  );
  assert.match(controller, /plan := design\.PlanAll\(cr, observed, externals, owned\)/);
  // the ConfigMap is also a child kind: its verbs are the child's; a kind only read gets get/list/watch
  const readOnly = rbacMarkers({
    ...design,
    operand: { ...design.operand!, resources: [] },
  }).filter((m) => m.resources.includes('configmaps'));
  assert.deepEqual(readOnly, [{ groups: ['core'], resources: ['configmaps'], verbs: ['get', 'list', 'watch'] }]);
  const data = JSON.parse(files.get('internal/graph/design.json')!) as {
    externals: { id: string; path: string; name?: string; selector?: unknown }[];
    conditions: { type: string; reads: string[] }[];
  };
  assert.deepEqual(
    data.externals.map((x) => [x.id, x.path, x.name ?? null]),
    [
      ['defaults', 'externalRefs[0]', '${self.spec.defaults}'],
      ['fragments', 'externalRefs[1]', null],
    ],
  );
  assert.deepEqual(data.conditions, [
    { type: 'FragmentsFound', status: '${size(fragments) > 0}', path: 'conditions[0]', reads: ['fragments'] },
  ]);
  // a design without external references neither watches nor reads any
  const redis = scaffoldProject(load('redis.design.yaml')).files.get('internal/controller/redis_controller.go')!;
  assert.doesNotMatch(redis, /readersOf\(|readExternals/);
});

test('go.mod: cel-go and k8s.io/apiserver move from indirect to direct, in every export', () => {
  const mod = goMod('x.io/y');
  assert.equal(mod.split('\n').length, GO_MOD_TXT.split('\n').length);
  assert.match(mod, /^module x\.io\/y$/m);
  assert.equal(mod.match(/cel-go/g)?.length, 1);
  assert.equal(mod.match(/k8s\.io\/apiserver /g)?.length, 1);
  assert.doesNotMatch(mod, /cel-go .* \/\/ indirect/);
  // the image form is a graph too (docs/design/0046): the Memcached export carries the planner
  const memcached = scaffoldProject(load('memcached.design.yaml')).files;
  assert.ok(memcached.has('internal/graph/design.json'));
  assert.equal(memcached.get('go.mod'), goMod('github.com/example/memcached-operator'));
});

test('the Memcached reconciler refuses a Deployment another controller owns before applying', () => {
  const controller = scaffoldProject(load('memcached.design.yaml')).files.get(
    'internal/controller/memcached_controller.go',
  )!;
  const check = controller.indexOf('owner.UID != memcached.UID');
  assert.ok(check > 0);
  assert.ok(
    check < controller.indexOf('r.Apply(ctx, client.ApplyConfigurationFromUnstructured'),
    'the check comes before the apply',
  );
  assert.match(controller, /reasonAlreadyOwned += "AlreadyOwned"/);
});
