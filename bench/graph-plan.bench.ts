/**
 * What one reconcile's planning costs: plan() for a 10-child design (the Web app example's five
 * children plus a Secret, ServiceAccount, Role, RoleBinding and a second ConfigMap that read the
 * others) against a custom resource with every child observed, as in a steady-state reconcile.
 * Prints median and p99 over N runs (issue 14's target: under 1 ms), for the design object
 * reused (the controller's case: the analysis is kept per graph) and for a fresh copy each run
 * (the designer's case after an edit: the graph is analysed again, parses stay cached).
 * Run: node --import tsx bench/graph-plan.bench.ts [runs]
 */
import { availableParallelism, loadavg } from 'node:os';
import { loadCel } from '../packages/cel/src/node';
import type { KubeObject, ResourceGraph } from '../packages/shared/src/graph/model';
import { plan } from '../packages/shared/src/graph/plan';
import { WEBAPP_GRAPH, website } from '../packages/shared/src/testing/webapp-graph';

await loadCel(); // the graph's expressions are CEL: without the engine every one answers `pending`

const runs = Number(process.argv[2] ?? 1000);
const meta = (name: string) => ({ name: `\${${name}.metadata.name}` });

const graph: ResourceGraph = {
  resources: [
    ...WEBAPP_GRAPH.resources,
    {
      id: 'secret',
      template: { apiVersion: 'v1', kind: 'Secret', stringData: { url: "${'http://' + service.metadata.name}" } },
    },
    { id: 'account', template: { apiVersion: 'v1', kind: 'ServiceAccount' } },
    {
      id: 'role',
      template: {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'Role',
        rules: [
          { apiGroups: [''], resources: ['configmaps'], resourceNames: ['${config.metadata.name}'], verbs: ['get'] },
        ],
      },
    },
    {
      id: 'binding',
      template: {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'RoleBinding',
        roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', ...meta('role') },
        subjects: [{ kind: 'ServiceAccount', ...meta('account') }],
      },
    },
    {
      id: 'summary',
      template: {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        data: {
          replicas: '${string(deployment.spec.replicas)}',
          secret: '${secret.metadata.name}',
          host: "${self.spec.?host.orValue('')}",
        },
      },
    },
  ],
  status: WEBAPP_GRAPH.status ?? {},
};

const cr = website({ replicas: 3, host: 'web.example.com' });
// observed = what applying the plan twice leaves, with a Deployment status as the API server reports it
let observed = new Map<string, KubeObject>();
for (let i = 0; i < 4; i++) {
  const p = plan(graph, cr, observed);
  observed = new Map(p.desired.map((d) => [d.id, d.object]));
}
const dep = observed.get('deployment')!;
observed.set('deployment', {
  ...dep,
  status: { replicas: 3, readyReplicas: 3, availableReplicas: 3, observedGeneration: 2 },
});
const check = plan(graph, cr, observed);
if (check.desired.length !== 10 || check.errors.length > 0 || check.conditions[0]?.status !== 'True')
  throw new Error(
    `the bench design does not plan cleanly: ${JSON.stringify(check.errors)} ${check.conditions[0]?.message}`,
  );

function measure(makeGraph: () => ResourceGraph): { median: number; p99: number } {
  for (let i = 0; i < 200; i++) plan(makeGraph(), cr, observed); // warm-up: JIT
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const g = makeGraph();
    const t0 = performance.now();
    plan(g, cr, observed);
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)]!, p99: ms[Math.min(ms.length - 1, Math.floor(ms.length * 0.99))]! };
}

const rows = [
  { case: 'plan(), graph reused (reconcile)', ...measure(() => graph) },
  { case: 'plan(), fresh graph copy (designer edit)', ...measure(() => structuredClone(graph)) },
];
console.log(
  `10 children, ${runs} runs, node ${process.version}, ${availableParallelism()} CPUs, load ${loadavg()[0]?.toFixed(2)}`,
);
console.log('| case | median ms | p99 ms | target |');
console.log('| --- | --- | --- | --- |');
for (const r of rows)
  console.log(
    `| ${r.case} | ${r.median.toFixed(3)} | ${r.p99.toFixed(3)} | ${r.p99 < 1 ? 'under 1 ms' : 'OVER 1 ms'} |`,
  );
