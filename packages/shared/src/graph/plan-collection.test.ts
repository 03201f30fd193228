/// <reference types="node" />
// Collections (docs/design/0041): forEach over a list, a range and a product; names from the
// element; the cap; a leaving element's object pruned alone; a dependency on a collection.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadCel } from '@opstudio/cel/node';
import { staleChildren } from './child-sync';
import { ELEMENT_LABEL, elementKey, elementName, nameKey } from './collections';
import type { KubeObject, ResourceGraph } from './model';
import { plan, type Plan } from './plan';

await loadCel();

const cr = (spec: Record<string, unknown>): KubeObject => ({
  apiVersion: 'example.com/v1',
  kind: 'App',
  metadata: { name: 'site', namespace: 'web', uid: 'u-1' },
  spec: spec as KubeObject,
});

const portsGraph = (extra: Partial<ResourceGraph['resources'][number]> = {}): ResourceGraph => ({
  resources: [
    {
      id: 'ports',
      forEach: [{ port: '${self.spec.ports}' }],
      template: { apiVersion: 'v1', kind: 'ConfigMap', data: { number: '${string(port.number)}' } },
      ...extra,
    },
    {
      id: 'summary',
      template: {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        data: { names: "${ports.map(p, p.metadata.name).join(',')}" },
      },
    },
  ],
  status: { count: '${size(ports)}' },
});

const http = { name: 'http', number: 80 };
const metrics = { name: 'metrics', number: 9090 };
const admin = { name: 'admin', number: 8081 };

const names = (p: Plan, id: string) =>
  p.desired.filter((d) => d.id === id).map((d) => (d.object.metadata as { name: string }).name);
const byId = (p: Plan) => {
  const out = new Map<string, KubeObject | KubeObject[]>();
  for (const d of p.desired) {
    if (d.key === undefined) out.set(d.id, d.object);
    else out.set(d.id, [...((out.get(d.id) as KubeObject[] | undefined) ?? []), d.object]);
  }
  return out;
};

describe('plan: collections', () => {
  test('one object per element, named <cr>-<id>-<element name>, labelled with its id and key', () => {
    const p = plan(portsGraph(), cr({ ports: [http, metrics] }), new Map());
    assert.deepEqual(names(p, 'ports'), ['site-ports-http', 'site-ports-metrics']);
    const first = p.desired[0]!.object;
    assert.deepEqual(first.data, { number: '80' });
    const labels = (first.metadata as { labels: Record<string, string> }).labels;
    assert.equal(labels['app.kubernetes.io/component'], 'ports');
    assert.equal(labels[ELEMENT_LABEL], 'http');
    assert.deepEqual(p.blocked, [{ id: 'summary', waitingFor: ['ports'] }]);
  });

  test('a dependency on a collection waits for all of its objects, then reads them in element order', () => {
    const graph = portsGraph();
    const spec = cr({ ports: [http, metrics] });
    const first = plan(graph, spec, new Map());
    const [one] = first.desired;
    const partial = plan(graph, spec, new Map([['ports', [one!.object]]]));
    assert.deepEqual(partial.blocked, [{ id: 'summary', waitingFor: ['ports'] }]);
    assert.deepEqual(partial.status, {});
    // the cluster lists them in another order: the dependent still reads the elements' order
    const observed = byId(first);
    observed.set('ports', [...(observed.get('ports') as KubeObject[])].reverse());
    const all = plan(graph, spec, observed);
    const summary = all.desired.find((d) => d.id === 'summary')?.object;
    assert.deepEqual(summary?.data, { names: 'site-ports-http,site-ports-metrics' });
    assert.deepEqual(all.status, { count: 2 });
  });

  test('an element that leaves prunes its object only', () => {
    const graph = portsGraph();
    const before = plan(graph, cr({ ports: [http, metrics, admin] }), new Map());
    const observed = byId(before);
    const after = plan(graph, cr({ ports: [http, admin] }), observed);
    assert.deepEqual(names(after, 'ports'), ['site-ports-http', 'site-ports-admin']);
    assert.deepEqual(after.collections, { ports: ['site-ports-http', 'site-ports-admin'] });
    const owned = (observed.get('ports') as KubeObject[]).map((o) => o as never);
    const stale = staleChildren(graph, after, owned) as KubeObject[];
    assert.deepEqual(
      stale.map((o) => (o.metadata as { name: string }).name),
      ['site-ports-metrics'],
    );
  });

  test('the product of several lists, the first the outer loop; a range gives ints', () => {
    const graph: ResourceGraph = {
      resources: [
        {
          id: 'shards',
          forEach: [{ region: '${self.spec.regions}' }, { n: '${lists.range(2)}' }],
          template: { apiVersion: 'v1', kind: 'ConfigMap', data: { at: "${region + '/' + string(n)}" } },
        },
      ],
    };
    const p = plan(graph, cr({ regions: ['us-east', 'eu'] }), new Map());
    assert.deepEqual(names(p, 'shards'), [
      'site-shards-us-east-0',
      'site-shards-us-east-1',
      'site-shards-eu-0',
      'site-shards-eu-1',
    ]);
    assert.deepEqual(
      p.desired.map((d) => d.object.data),
      [{ at: 'us-east/0' }, { at: 'us-east/1' }, { at: 'eu/0' }, { at: 'eu/1' }],
    );
    const empty = plan(graph, cr({ regions: [] }), new Map());
    assert.deepEqual(empty.desired, []);
    assert.equal(empty.conditions.find((c) => c.type === 'Ready')?.status, 'True', 'an empty collection is ready');
  });

  test('a template name built from the iterator overrides the default; two elements with one name fail', () => {
    const named = portsGraph({
      template: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: "${'port-' + port.name}" } },
    });
    assert.deepEqual(names(plan(named, cr({ ports: [http, metrics] }), new Map()), 'ports'), [
      'port-http',
      'port-metrics',
    ]);
    const same = portsGraph({
      template: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: '${self.metadata.name}' } },
    });
    const p = plan(same, cr({ ports: [http, metrics] }), new Map());
    assert.deepEqual(names(p, 'ports'), []);
    assert.equal(p.errors[0]?.path, 'resources[0].template.metadata.name');
    assert.match(p.errors[0].message, /elements http and metrics both give the name site/);
  });

  test('over its limit nothing of the collection is applied or pruned: Degraded names the path and count', () => {
    const graph = portsGraph({ forEachLimit: 2 });
    const observed = byId(plan(graph, cr({ ports: [http, metrics] }), new Map()));
    const p = plan(graph, cr({ ports: [http, metrics, admin] }), observed);
    assert.deepEqual(names(p, 'ports'), []);
    assert.equal(p.collections, undefined);
    const owned = (observed.get('ports') as KubeObject[]).map((o) => o as never);
    assert.deepEqual(staleChildren(graph, p, owned), [], 'a failed collection keeps its objects');
    const degraded = p.conditions.find((c) => c.type === 'Degraded');
    assert.equal(degraded?.reason, 'CollectionTooLarge');
    assert.match(degraded.message, /resources\[0\]\.forEach: makes 3 objects, more than the limit of 2/);
    const defaultCap = plan(portsGraph(), cr({ ports: Array.from({ length: 1001 }, (_, i) => i) }), new Map());
    assert.match(defaultCap.errors[0]!.message, /makes 1001 objects, more than the limit of 1000/);
  });

  test('a forEach that gives no list fails at its path', () => {
    const graph = portsGraph({ forEach: [{ port: '${self.spec.name}' }] });
    const p = plan(graph, cr({ name: 'x' }), new Map());
    assert.deepEqual(p.errors[0], {
      path: 'resources[0].forEach[0]',
      message:
        '${self.spec.name} gives a string, not a list: forEach walks a list, such as ${self.spec.ports} or ${lists.range(3)}',
    });
  });

  test('readyWhen holds for each object (the id is that object), and includeWhen takes the whole collection', () => {
    const graph = portsGraph({ readyWhen: "ports.data.?ok.orValue('') == 'yes'" });
    const spec = cr({ ports: [http, metrics] });
    const observed = byId(plan(graph, spec, new Map()));
    const [a, b] = observed.get('ports') as KubeObject[];
    const withOk = (o: KubeObject, ok: string) => ({ ...o, data: { ...(o.data as object), ok } });
    const one = plan(graph, spec, new Map([...observed, ['ports', [withOk(a!, 'yes'), b!]]]));
    assert.match(one.conditions.find((c) => c.type === 'Ready')!.message, /waiting for ports/);
    const both = plan(graph, spec, new Map([...observed, ['ports', [withOk(a!, 'yes'), withOk(b!, 'yes')]]]));
    assert.doesNotMatch(both.conditions.find((c) => c.type === 'Ready')!.message, /waiting for ports/);

    const off = portsGraph({ includeWhen: 'false' });
    const p = plan(off, spec, observed);
    assert.deepEqual(names(p, 'ports'), []);
    assert.deepEqual(p.prune, ['ports']); // summary reads an excluded child: excluded too (never observed here)
    assert.ok(p.blocked.length === 0 && !p.desired.some((d) => d.id === 'summary'));
  });

  test('element keys and the names they give', () => {
    assert.equal(elementKey('alice', 0), 'alice');
    assert.equal(elementKey(7, 0), '7');
    assert.equal(elementKey({ name: 'db' }, 3), 'db');
    assert.equal(elementKey({ port: 1 }, 3), '3');
    assert.equal(elementKey(1.5, 2), '2');
    assert.equal(nameKey('HTTP_Port.v2', 'ports'), 'http-port-v2');
    assert.equal(nameKey('!!', 'ports'), '8cc339b7');
    const long = elementName('a'.repeat(60), 'ports', 'x'.repeat(80));
    assert.equal(long, `a-92b9e111-ports-${'x'.repeat(37)}-67b9d905`, 'the export gives the same (collection_test.go)');
    assert.ok(long.length <= 63, long);
  });
});
