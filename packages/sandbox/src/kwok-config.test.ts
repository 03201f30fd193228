import assert from 'node:assert/strict';
import { BlockList } from 'node:net';
import { test } from 'node:test';
import { parseAllDocuments } from 'yaml';
import { KWOK_FALLBACK_CIDR, SERVICE_CIDR } from './flags';
import { kwokConfigYaml, NODE_COUNT, nodeManifest, nodePodCidr } from './kwok-config';

test('three nodes, each with room for 500 pods and a pod CIDR that holds them', () => {
  assert.equal(NODE_COUNT, 3);
  for (let i = 0; i < NODE_COUNT; i++) {
    const node = nodeManifest(i) as {
      metadata: { name: string; annotations: Record<string, string> };
      spec: { podCIDR: string };
      status: { allocatable: { pods: string } };
    };
    assert.equal(node.metadata.name, `kwok-node-${i}`);
    assert.equal(node.metadata.annotations['kwok.x-k8s.io/node'], 'fake');
    assert.equal(node.status.allocatable.pods, '500');
    const prefix = Number(node.spec.podCIDR.split('/')[1]);
    assert.ok(2 ** (32 - prefix) - 2 >= 500, `${node.spec.podCIDR} is too small`);
  }
});

test('pod CIDRs overlap neither each other, the fallback pool nor the service range', () => {
  const cidrs = [...Array.from({ length: NODE_COUNT }, (_, i) => nodePodCidr(i)), KWOK_FALLBACK_CIDR, SERVICE_CIDR];
  for (const [i, a] of cidrs.entries()) {
    const [net, bits] = a.split('/');
    const list = new BlockList();
    list.addSubnet(net!, Number(bits));
    for (const b of cidrs.slice(i + 1)) assert.ok(!list.check(b.split('/')[0]!), `${a} overlaps ${b}`);
  }
});

test('the kwok config is a list of Stages for nodes and pods', () => {
  const docs = parseAllDocuments(kwokConfigYaml()).map(
    (d) => d.toJSON() as { kind: string; spec: { resourceRef: { kind: string } } },
  );
  assert.ok(docs.every((d) => d.kind === 'Stage'));
  assert.ok(docs.some((d) => d.spec.resourceRef.kind === 'Node'));
  assert.ok(docs.filter((d) => d.spec.resourceRef.kind === 'Pod').length >= 2);
});

test('a running pod marked NotReady (by the node lifecycle controller) is made Ready again, a pending one is left to the running stage', () => {
  const docs = parseAllDocuments(kwokConfigYaml()).map(
    (d) =>
      d.toJSON() as {
        metadata: { name: string };
        spec: {
          selector: { matchExpressions: { key: string; operator: string; values?: string[] }[] };
          next: { statusTemplate?: string };
        };
      },
  );
  const again = docs.find((d) => d.metadata.name === 'opstudio-pod-ready-again');
  assert.ok(again);
  const phase = again.spec.selector.matchExpressions.find((e) => e.key === '.status.phase');
  assert.deepEqual(phase?.values, ['Running']);
  assert.ok(again.spec.selector.matchExpressions.some((e) => e.key.includes('"Ready"') && e.operator === 'NotIn'));
  // a strategic-merge status patch of conditions only: IPs and container states stay as they are
  assert.doesNotMatch(again.spec.next.statusTemplate ?? '', /podIP|phase|containerStatuses/);
});
