import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeDrift, fieldDrift } from './drift';

const desired = {
  metadata: { name: 'm', labels: { a: '1' } },
  spec: {
    replicas: 5,
    template: {
      spec: { containers: [{ name: 'memcached', image: 'memcached:2', ports: [{ containerPort: 11211 }] }] },
    },
  },
};
const observedMatching = {
  metadata: { name: 'm', uid: 'u', labels: { a: '1', other: 'x' }, managedFields: [] },
  spec: {
    replicas: 5,
    progressDeadlineSeconds: 600,
    template: {
      spec: {
        dnsPolicy: 'ClusterFirst',
        containers: [
          {
            name: 'memcached',
            image: 'memcached:2',
            terminationMessagePath: '/dev/termination-log',
            ports: [{ containerPort: 11211, protocol: 'TCP' }],
          },
        ],
      },
    },
  },
  status: { replicas: 5 },
};

const cases: { name: string; observed: unknown; expect: string }[] = [
  { name: 'server defaults and status are not drift', observed: observedMatching, expect: 'Deployment m unchanged' },
  { name: 'a missing object differs everywhere', observed: undefined, expect: 'Deployment m created' },
  {
    name: 'a scale shows old → new replicas',
    observed: { ...observedMatching, spec: { ...observedMatching.spec, replicas: 3 } },
    expect: 'Deployment m replicas 3→5',
  },
  {
    name: 'an image edit by hand is drift',
    observed: {
      ...observedMatching,
      spec: {
        ...observedMatching.spec,
        template: {
          spec: { containers: [{ name: 'memcached', image: 'memcached:1', ports: [{ containerPort: 11211 }] }] },
        },
      },
    },
    expect: 'Deployment m image memcached:1→memcached:2',
  },
  {
    name: 'a removed label is drift',
    observed: { ...observedMatching, metadata: { name: 'm', labels: {} } },
    expect: 'Deployment m metadata.labels.a ∅→1',
  },
];

for (const c of cases) {
  test(`fieldDrift: ${c.name}`, () => {
    assert.equal(describeDrift('Deployment', 'm', fieldDrift(desired, c.observed)), c.expect);
  });
}

test('describeDrift cuts long change lists', () => {
  const changes = [1, 2, 3, 4].map((i) => ({ path: `p${i}`, from: i, to: i + 1 }));
  assert.equal(describeDrift('Deployment', 'm', changes, 2), 'Deployment m p1 1→2, p2 2→3, …');
});

test('a long value shows where it changed, not the prefix both sides share (issue 30, point 6)', () => {
  const peers = (n: number) => Array.from({ length: n }, (_, i) => `db-${i}=http://db-${i}.db-peer:2380`).join(',');
  const line = describeDrift('ConfigMap', 'db-peers', [{ path: 'data.peers', from: peers(3), to: peers(5) }]);
  const [from, to] = line.slice('ConfigMap db-peers data.peers '.length).split('→');
  assert.notEqual(from, to, line);
  assert.match(to ?? '', /db-3=http/, 'the added peer is in view');
  assert.ok((from ?? '').startsWith('…') && (to ?? '').startsWith('…'), line);
  assert.ok((to ?? '').length <= 41, line);
  assert.equal(
    describeDrift('Deployment', 'm', [{ path: 'spec.replicas', from: 1, to: 2 }]),
    'Deployment m replicas 1→2',
  );
});
