import assert from 'node:assert/strict';
import { BlockList } from 'node:net';
import { test } from 'node:test';
import { parseAllDocuments } from 'yaml';
import { KWOK_FALLBACK_CIDR, SERVICE_CIDR } from './flags';
import {
  kwokConfigYaml,
  NODE_COUNT,
  nodeKubeletStatusPatch,
  nodeManifest,
  nodePodCidr,
  PODS_PER_NODE,
} from './kwok-config';

test('three nodes, each with room for 1,020 pods and a pod CIDR that holds them', () => {
  assert.equal(NODE_COUNT, 3);
  for (let i = 0; i < NODE_COUNT; i++) {
    const node = nodeManifest(i) as {
      metadata: { name: string; annotations: Record<string, string> };
      spec: { podCIDR: string };
      status: { allocatable: { pods: string } };
    };
    assert.equal(node.metadata.name, `kwok-node-${i}`);
    assert.equal(node.metadata.annotations['kwok.x-k8s.io/node'], 'fake');
    assert.equal(node.status.allocatable.pods, String(PODS_PER_NODE));
    const prefix = Number(node.spec.podCIDR.split('/')[1]);
    assert.ok(2 ** (32 - prefix) - 2 >= PODS_PER_NODE, `${node.spec.podCIDR} is too small`);
  }
  // the replicated-store bench: 1,000 CRs of 3 replicas and its warm-up CR, Available at once
  assert.ok(NODE_COUNT * PODS_PER_NODE >= 3 * 1001);
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

test('the kwok config is a list of Stages for nodes and pods, and one ClusterLogs rule for every pod', () => {
  const docs = parseAllDocuments(kwokConfigYaml('/d/pod-logs')).map(
    (d) => d.toJSON() as { kind: string; spec: { resourceRef: { kind: string }; selector?: unknown } },
  );
  const stages = docs.filter((d) => d.kind === 'Stage');
  assert.ok(stages.some((d) => d.spec.resourceRef.kind === 'Node'));
  assert.ok(stages.filter((d) => d.spec.resourceRef.kind === 'Pod').length >= 2);
  const logs = docs.filter((d) => d.kind === 'ClusterLogs');
  assert.equal(logs.length, 1);
  assert.equal(logs[0]!.spec.selector, undefined, 'no selector: all pods');
  assert.equal(docs.length, stages.length + 1);
});

test("every node names a kubelet the API server can dial, on the profile's kwok port", () => {
  const patch = nodeKubeletStatusPatch(1, 20247);
  assert.deepEqual(patch.status.daemonEndpoints, { kubeletEndpoint: { Port: 20247 } });
  assert.ok(patch.status.addresses.some((a) => a.type === 'InternalDNS' && a.address === 'localhost'));
  // the whole list: a merge patch replaces it, and the fake InternalIP stays the pods' hostIP
  assert.deepEqual(patch.status.addresses, (nodeManifest(1) as { status: { addresses: unknown } }).status.addresses);
  // a sandbox made before PODS_PER_NODE changed gets the capacity too
  assert.equal(patch.status.allocatable.pods, String(PODS_PER_NODE));
  assert.equal(patch.status.capacity.pods, String(PODS_PER_NODE));
});

test('a running pod marked NotReady (by the node lifecycle controller) is made Ready again, a pending one is left to the running stage', () => {
  const docs = parseAllDocuments(kwokConfigYaml('/d/pod-logs')).map(
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
