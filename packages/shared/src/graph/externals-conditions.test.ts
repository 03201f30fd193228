/// <reference types="node" />
// External references and the design's own conditions in the planner: what an external names for
// a custom resource, a child waiting for a missing one (named in Ready), a list by selector, and
// conditions True/False/Unknown with their reasons, Events on status changes only.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadCel } from '@opstudio/cel/node';
import { conditionEvents, graphStatus } from './cr-status';
import { closeCelContext, openCelContext } from './evaluate';
import { analyzeGraph } from './dependencies';
import { describeTarget, resolveExternals, sortedSelection, targetMatches } from './externals';
import { selectorMatches } from './label-selector';
import { RESOURCE_GRAPH, type KubeObject, type ResourceGraph } from './model';
import { plan, type Observed, type Plan } from './plan';

await loadCel();

const cr = (spec: KubeObject, name = 'site'): KubeObject => ({
  apiVersion: 'demo.example.com/v1',
  kind: 'Greeting',
  metadata: { name, namespace: 'team', uid: 'u1', generation: 2 },
  spec,
});
const cm = (name: string, data: Record<string, string>, labels: Record<string, string> = {}, namespace = 'team') => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace, labels },
  data,
});

const graph: ResourceGraph = RESOURCE_GRAPH.parse({
  externalRefs: [
    { id: 'defaults', apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: '${self.spec.defaults}' } },
    {
      id: 'extras',
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        namespace: '${self.metadata.namespace}',
        selector: {
          matchLabels: { 'demo.example.com/greeting': '${self.metadata.name}' },
          matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['off'] }],
        },
      },
    },
  ],
  resources: [
    {
      id: 'config',
      template: {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        data: {
          greeting: "${defaults.data.?greeting.orValue('hello')}",
          extras: "${extras.map(e, e.metadata.name).join(',')}",
        },
      },
    },
  ],
  status: { extras: '${size(extras)}' },
  conditions: [
    {
      type: 'Greeted',
      status: "${config.data.greeting != ''}",
      reason: "${self.spec.?loud.orValue(false) ? 'Loud' : 'Quiet'}",
      message: "${'greets with ' + config.data.greeting}",
    },
    { type: 'Short', status: '${size(self.spec.defaults) < 5}' },
  ],
});

const condition = (p: Plan, type: string) => p.conditions.find((c) => c.type === type);

describe('external references', () => {
  test('without a CEL context nothing resolves: each expression is an error at its path', () => {
    const r = resolveExternals(graph, cr({ defaults: 'greeting-defaults' }), undefined, () => true);
    assert.deepEqual(r.targets, []);
    assert.deepEqual(
      r.errors.map((e) => e.path),
      ['externalRefs[0].metadata.name', 'externalRefs[1].metadata.namespace'],
    );
  });

  test('a child reading a missing external waits, and Ready names the object', () => {
    const observed: Observed = new Map([['extras', []]]);
    const p = plan(graph, cr({ defaults: 'greeting-defaults' }), observed);
    assert.deepEqual(p.desired, []);
    assert.deepEqual(p.blocked, [{ id: 'config', waitingFor: ['defaults'] }]);
    assert.deepEqual(condition(p, 'Ready'), {
      type: 'Ready',
      status: 'False',
      reason: 'WaitingForExternal',
      message: '0 of 1 resource ready: waiting for config; ConfigMap team/greeting-defaults does not exist',
    });
    assert.equal(condition(p, 'Progressing')?.reason, 'WaitingForExternal');
    assert.deepEqual(condition(p, 'Greeted'), {
      type: 'Greeted',
      status: 'Unknown',
      reason: 'WaitingForResources',
      message: 'waiting for config',
    });
    assert.deepEqual(condition(p, 'Short'), {
      type: 'Short',
      status: 'False',
      reason: 'ExpressionFalse',
      message: 'the status expression gave false',
    });
  });

  test('once read, its data and a sorted selection reach the child and the status', () => {
    const extras = sortedSelection([cm('b', {}), cm('a', {})]);
    const observed: Observed = new Map<string, KubeObject | KubeObject[]>([
      ['defaults', cm('greeting-defaults', { greeting: 'hi' })],
      ['extras', extras],
    ]);
    const p = plan(graph, cr({ defaults: 'dflt' }), observed);
    assert.deepEqual(p.desired[0]?.object.data, { greeting: 'hi', extras: 'a,b' });
    const withConfig = new Map([...observed, ['config', p.desired[0].object]]);
    const q = plan(graph, cr({ defaults: 'dflt', loud: true }), withConfig);
    assert.deepEqual(q.status, { extras: 2 });
    assert.deepEqual(condition(q, 'Greeted'), {
      type: 'Greeted',
      status: 'True',
      reason: 'Loud',
      message: 'greets with hi',
    });
    assert.equal(condition(q, 'Short')?.status, 'True');
    assert.equal(condition(q, 'Ready')?.status, 'True');
    assert.deepEqual(
      q.conditions.map((c) => c.type),
      ['Ready', 'Available', 'Progressing', 'Degraded', 'Greeted', 'Short'],
    );
  });

  test('the targets, their matching and their descriptions', () => {
    assert.deepEqual(plan(graph, cr({ defaults: 'd' }), new Map()).errors, []);
    const targets = resolved(cr({ defaults: 'd' }));
    assert.deepEqual(targets, [
      { id: 'defaults', apiVersion: 'v1', kind: 'ConfigMap', namespace: 'team', name: 'd' },
      {
        id: 'extras',
        apiVersion: 'v1',
        kind: 'ConfigMap',
        namespace: 'team',
        selector: {
          matchLabels: { 'demo.example.com/greeting': 'site' },
          matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['off'] }],
        },
      },
    ]);
    const [byName, bySelector] = targets;
    assert.equal(targetMatches(byName!, { name: 'd', namespace: 'team' }), true);
    assert.equal(targetMatches(byName!, { name: 'd', namespace: 'other' }), false);
    assert.equal(
      targetMatches(bySelector!, { namespace: 'team', labels: { 'demo.example.com/greeting': 'site' } }),
      true,
    );
    assert.equal(
      targetMatches(bySelector!, { namespace: 'team', labels: { 'demo.example.com/greeting': 'site', tier: 'off' } }),
      false,
    );
    assert.equal(describeTarget(byName!), 'ConfigMap team/d');
    assert.equal(
      describeTarget(bySelector!),
      'ConfigMap objects matching demo.example.com/greeting=site,tier notin (off) in team',
    );
  });

  test('an external reference reads only self, and its fixed parts are checked', () => {
    const bad = RESOURCE_GRAPH.parse({
      externalRefs: [
        { id: 'a', apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: '${config.metadata.name}' } },
        { id: 'b', apiVersion: 'v1', kind: 'Secret', metadata: { name: 'x/y', namespace: 'Bad_NS' } },
      ],
      resources: [{ id: 'config', template: { apiVersion: 'v1', kind: 'ConfigMap' } }],
      conditions: [
        { type: 'Synced', status: 'yes', reason: 'not camel' },
        { type: 'Synced', status: '${true}' },
      ],
    });
    assert.deepEqual(
      analyzeGraph(bad).issues.map((i) => i.path),
      [
        'externalRefs[0].metadata.name',
        'externalRefs[1].metadata.name',
        'externalRefs[1].metadata.namespace',
        'conditions[0].status',
        'conditions[0].reason',
        'conditions[1].type',
      ],
    );
    assert.equal(
      RESOURCE_GRAPH.safeParse({
        resources: [],
        externalRefs: [{ id: 'a', apiVersion: 'v1', kind: 'ConfigMap', metadata: {} }],
      }).success,
      false,
    );
    assert.equal(
      RESOURCE_GRAPH.safeParse({ resources: [], conditions: [{ type: 'Ready', status: '${true}' }] }).success,
      false,
    );
  });
});

/** The targets through a context of the graph's variables, as the reconciler's planner resolves them. */
function resolved(o: KubeObject) {
  const context = openCelContext(['defaults', 'extras', 'config'], o, new Map());
  try {
    const r = resolveExternals(graph, o, context, () => true);
    assert.deepEqual(r.errors, []);
    return r.targets;
  } finally {
    if (context !== undefined) closeCelContext(context);
  }
}

describe('label selectors', () => {
  test('matchLabels and every operator, as labels.Selector does', () => {
    const labels = { app: 'db', tier: 'gold' };
    assert.equal(selectorMatches({}, labels), true);
    assert.equal(selectorMatches({ matchLabels: { app: 'db' } }, labels), true);
    assert.equal(selectorMatches({ matchLabels: { app: 'web' } }, labels), false);
    assert.equal(
      selectorMatches({ matchExpressions: [{ key: 'tier', operator: 'In', values: ['gold'] }] }, labels),
      true,
    );
    assert.equal(selectorMatches({ matchExpressions: [{ key: 'x', operator: 'NotIn', values: ['a'] }] }, labels), true);
    assert.equal(selectorMatches({ matchExpressions: [{ key: 'x', operator: 'Exists' }] }, labels), false);
    assert.equal(selectorMatches({ matchExpressions: [{ key: 'x', operator: 'DoesNotExist' }] }, labels), true);
  });
});

describe('the design’s conditions in the status', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  const later = new Date('2026-01-01T00:05:00Z');
  const planned = (status: 'True' | 'False', message = 'm') => ({
    status: {},
    conditions: [{ type: 'Greeted', status, reason: status === 'True' ? 'Loud' : 'Quiet', message }],
  });
  test('written with observedGeneration; lastTransitionTime moves with the status only; Events on changes', () => {
    const first = graphStatus({ before: [], plan: planned('True'), generation: 1, now });
    assert.deepEqual(first.conditions, [
      {
        type: 'Greeted',
        status: 'True',
        observedGeneration: 1,
        lastTransitionTime: '2026-01-01T00:00:00Z',
        reason: 'Loud',
        message: 'm',
      },
    ]);
    assert.deepEqual(first.events, [
      { type: 'Normal', reason: 'Loud', action: 'Reconcile', note: 'Greeted is True: m' },
    ]);
    const same = graphStatus({ before: first.conditions, plan: planned('True', 'n'), generation: 2, now: later });
    assert.equal(same.conditions[0]?.lastTransitionTime, '2026-01-01T00:00:00Z');
    assert.equal(same.conditions[0]?.observedGeneration, 2);
    assert.deepEqual(same.events, []);
    const flipped = graphStatus({ before: same.conditions, plan: planned('False'), generation: 3, now: later });
    assert.equal(flipped.conditions[0]?.lastTransitionTime, '2026-01-01T00:05:00Z');
    assert.deepEqual(flipped.events, [
      { type: 'Warning', reason: 'Quiet', action: 'Reconcile', note: 'Greeted is False: m' },
    ]);
    // the built-in conditions keep their own Events (Degraded's Warning): none from here
    assert.deepEqual(
      conditionEvents([], [{ type: 'Ready', status: 'True', reason: 'R', message: '', lastTransitionTime: '' }]),
      [],
    );
  });
});
