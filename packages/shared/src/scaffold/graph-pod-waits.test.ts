// Issue 30, last point: the export says why a workload child's pods wait, as the embedded
// controller does (docs/design/0047). The Go port runs the studio's own case table; the controller
// watches Pods only for a design with workload children, reads them (and a Deployment's
// ReplicaSets) and nothing more, and plans with the waits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDesign } from '../design/io';
import type { Design } from '../design/schema';
import { WAITING_WORKLOAD_KINDS } from '../graph/pod-waits';
import { POD_WAIT_CASES, PROGRESSING_WAIT_CASE, WORKLOAD_WAIT_CASES } from '../graph/pod-waits-cases';
import { markerComment, rbacMarkers } from '../manifests/rbac';
import { scaffoldProject } from './scaffold';
import { loadCel } from '@opstudio/cel/node';

await loadCel();

const here = dirname(fileURLToPath(import.meta.url));

function load(name: string): Design {
  const parsed = parseDesign(readFileSync(join(here, '../../../../examples', name), 'utf8'));
  assert.ok(parsed.ok, name);
  return parsed.design;
}

const POD_WATCH =
  'Watches(&corev1.Pod{}, handler.EnqueueRequestsFromMapFunc(r.workloadOwnerOf), builder.WithPredicates(podWaitChanged))';
const PODS_MARKER = '// +kubebuilder:rbac:groups=core,resources=pods,verbs=get;list;watch';
const REPLICASETS_MARKER = '// +kubebuilder:rbac:groups=apps,resources=replicasets,verbs=get;list;watch';

test('a StatefulSet operator: the Go port, the case table, a Pod watch, pods read-only, planned with the waits', () => {
  const design = load('replicated-store.design.yaml');
  const { files } = scaffoldProject(design);
  const podWaits = files.get('internal/graph/pod_waits.go') ?? '';
  // the same rules and words as graph/pod-waits.ts
  for (const kind of WAITING_WORKLOAD_KINDS) assert.ok(podWaits.includes(`"${kind}": true`), kind);
  assert.ok(!podWaits.includes('"CronJob"'), "a CronJob's Jobs are not its children");
  for (const word of ['"PodScheduled"', '"Unschedulable"', '"ContainerCreating"', '"PodInitializing"', '"pod " + '])
    assert.ok(podWaits.includes(word), word);
  // the test runs exactly the studio's table
  assert.match(files.get('internal/graph/pod_waits_test.go') ?? '', /os\.ReadFile\("testdata\/pod_waits\.json"\)/);
  const table = JSON.parse(files.get('internal/graph/testdata/pod_waits.json') ?? '{}') as {
    pods: { name: string; want: string }[];
    workloads: { name: string; want: string }[];
    progressing: unknown;
  };
  assert.deepEqual(
    table.pods.map((c) => [c.name, c.want]),
    POD_WAIT_CASES.map((c) => [c.name, c.want ?? '']),
  );
  assert.deepEqual(
    table.workloads.map((c) => [c.name, c.want]),
    WORKLOAD_WAIT_CASES.map((c) => [c.name, c.want ?? '']),
  );
  assert.deepEqual(table.progressing, PROGRESSING_WAIT_CASE);
  // the Progressing message names why after the child's id, as graph/conditions.ts does
  assert.match(files.get('internal/graph/conditions.go') ?? '', /named = append\(named, id\+" \("\+w\+"\)"\)/);

  const controller = files.get('internal/controller/replicatedstore_controller.go') ?? '';
  assert.ok(controller.includes(POD_WATCH));
  assert.match(controller, /waits, err := r\.workloadWaits\(ctx, design, observed\)/);
  assert.match(controller, /plan := design\.PlanWaiting\(cr, observed, nil, owned, waits\)/);
  assert.ok(!controller.includes('design.PlanAll('));
  // the pods a StatefulSet's selector matches, from the cache; a pod maps up to the workload's owner
  assert.match(
    controller,
    /r\.List\(ctx, pods, client\.InNamespace\(workload\.GetNamespace\(\)\), client\.MatchingLabels\(labels\)\)/,
  );
  assert.match(
    controller,
    /owner\.Kind == "ReplicatedStore" && strings\.HasPrefix\(owner\.APIVersion, "storage\.example\.com\/"\)/,
  );
  assert.ok(!controller.includes('appsv1.ReplicaSet'), 'no Deployment: no ReplicaSet read');
  // pods are only read, and no ReplicaSets without a Deployment
  const markers = rbacMarkers(design).map(markerComment);
  assert.ok(controller.includes(PODS_MARKER));
  assert.ok(markers.includes(PODS_MARKER));
  assert.ok(!markers.some((m) => m.includes('resources=replicasets')));
  assert.equal(markers.filter((m) => m.includes('resources=pods')).length, 1);
});

test('a Deployment operator: a pod maps through its ReplicaSet, read-only', () => {
  const design = load('webapp.design.yaml');
  const { files } = scaffoldProject(design);
  const controller = files.get('internal/controller/webapp_controller.go') ?? '';
  assert.ok(controller.includes(POD_WATCH));
  assert.match(controller, /rs := &appsv1\.ReplicaSet\{\}/);
  assert.match(controller, /if ref = metav1\.GetControllerOf\(rs\); ref == nil/);
  const markers = rbacMarkers(design).map(markerComment);
  assert.ok(markers.includes(PODS_MARKER) && markers.includes(REPLICASETS_MARKER));
  assert.ok(controller.includes(REPLICASETS_MARKER));
  assert.ok(files.has('internal/graph/pod_waits.go'));
});

for (const name of ['app-config.design.yaml', 'memcached.design.yaml']) {
  test(`${name}: no workload child (or the image form), so no Pod watch, no pod reads, no port`, () => {
    const design = load(name);
    const { files } = scaffoldProject(design);
    const controller = [...files].find(([p]) => p.endsWith('_controller.go'))?.[1] ?? '';
    assert.ok(!controller.includes('workloadOwnerOf'));
    assert.ok(!controller.includes('PlanWaiting'));
    assert.ok(!files.has('internal/graph/pod_waits.go'));
    assert.ok(!files.has('internal/graph/testdata/pod_waits.json'));
    assert.ok(!rbacMarkers(design).some((m) => m.resources.includes('replicasets')));
    if (name === 'app-config.design.yaml') assert.ok(!rbacMarkers(design).some((m) => m.resources.includes('pods')));
  });
}
