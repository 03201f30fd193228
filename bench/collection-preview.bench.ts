/**
 * What a keystroke in the designer costs for a design with a collection (issue 29, docs/design/0041):
 * a 20-child design — the Web app example's six children (its own collection of extra-port
 * Services is empty for the sample), twelve ConfigMaps, Secrets and ServiceAccounts that read one
 * another in a chain, a summary, and a collection: a ConfigMap per shard of the sample's 50 —
 * previewed for its sample (66 objects: the Ingress and the PodDisruptionBudget are excluded for
 * it). Beside it, the same design with the shards as one object (17 objects), so the table shows
 * what the 50 elements add. Rows: previewGraph (one planner pass, every child taken as created
 * once planned), its YAML text, computePreviews (every tab the designer's worker fills),
 * validateDesign (type checks and the sample's plan) and one keystroke (the last two together, as
 * the worker answers): CEL evaluations per step (what the machine's load does not change), CPU
 * median and p95 of this process, wall median beside.
 * Run: node --import tsx bench/collection-preview.bench.ts [runs]
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { loadCel } from '../packages/cel/src/node';
import { parseDesign } from '../packages/shared/src/design/io';
import type { Design } from '../packages/shared/src/design/schema';
import { designGraphPreview, graphPreviewText } from '../packages/shared/src/designer/graph-preview';
import { computePreviews } from '../packages/shared/src/designer/previews';
import type { ChildResource, KubeObject } from '../packages/shared/src/graph/model';
import { validateDesign } from '../packages/shared/src/validate/design';

const engine = await loadCel();
// CEL evaluations per step: what the machine's load does not change
let evaluations = 0;
const evaluate = engine.evaluate.bind(engine);
engine.evaluate = (...args) => {
  evaluations++;
  return evaluate(...args);
};

const runs = Number(process.argv[2] ?? 50);
const SHARDS = 50;

function benchDesign(collection: boolean): Design {
  const parsed = parseDesign(readFileSync(new URL('../examples/webapp.design.yaml', import.meta.url), 'utf8'));
  if (!parsed.ok) throw new Error('examples/webapp.design.yaml does not parse');
  const d = structuredClone(parsed.design);
  const spec = d.crd.versions[0]!.schema!.fields!.find((f) => f.name === 'spec')!;
  spec.fields!.push({ name: 'shards', type: 'integer', default: SHARDS, minimum: 0, maximum: SHARDS });
  const shards: ChildResource = {
    id: 'shards',
    ...(collection
      ? {
          forEach: [{ shard: '${lists.range(self.spec.shards)}' }],
        }
      : {}),
    template: {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      data: collection
        ? { name: 'shard-${shard}', port: '${string(9000 + shard)}', greeting: '${config.data.GREETING}' }
        : { shards: '${string(self.spec.shards)}', greeting: '${config.data.GREETING}' },
    },
  };
  const more: ChildResource[] = Array.from({ length: 12 }, (_, i): ChildResource => {
    const kinds = ['ConfigMap', 'Secret', 'ServiceAccount'] as const;
    const kind = kinds[i % kinds.length]!;
    const reads = i === 0 ? 'config' : `extra${i - 1}`;
    const body: KubeObject =
      kind === 'ConfigMap'
        ? { data: { from: `\${${reads}.metadata.name}`, image: '${self.spec.image}' } }
        : kind === 'Secret'
          ? { stringData: { from: `\${${reads}.metadata.name}` } }
          : { metadata: { annotations: { from: `\${${reads}.metadata.name}` } } };
    return { id: `extra${i}`, template: { apiVersion: 'v1', kind, ...body } };
  });
  const summary: ChildResource = {
    id: 'summary',
    template: { apiVersion: 'v1', kind: 'ConfigMap', data: { shards: collection ? '${string(size(shards))}' : '1' } },
  };
  d.operand = { ...d.operand, resources: [...(d.operand?.resources ?? []), shards, ...more, summary] };
  return d;
}

interface Stats {
  median: number;
  p95: number;
  wall: number;
}

function measure(run: () => unknown): Stats {
  for (let i = 0; i < Math.max(5, runs / 5); i++) run();
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    run();
    wall.push(performance.now() - t);
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1000);
  }
  const at = (xs: number[], q: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
  return { median: at(cpu, 0.5), p95: at(cpu, 0.95), wall: at(wall, 0.5) };
}

const cases = [
  { name: 'collection of 50', design: benchDesign(true) },
  { name: 'no collection', design: benchDesign(false) },
];
for (const c of cases) {
  const preview = designGraphPreview(c.design);
  const objects = preview.children.reduce(
    (n, ch) => n + (ch.state === 'collection' ? ch.objects.length : ch.state === 'rendered' ? 1 : 0),
    0,
  );
  const errors = validateDesign(c.design); // none, not even a warning: the sample's plan runs too
  if (preview.children.length !== 20 || errors.length > 0)
    throw new Error(`${c.name}: the bench design should plan cleanly: ${JSON.stringify(errors[0])}`);
  (c as { objects?: number }).objects = objects;
}

console.log(
  `The designer's preview of a 20-child design for its sample, ${runs} runs after warm-up, node ${process.version}, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${availableParallelism()} cores`,
);
console.log('');
console.log('| design | objects | step | CEL evaluations | CPU median ms | CPU p95 ms | wall median ms |');
console.log('| --- | ---: | --- | ---: | ---: | ---: | ---: |');
for (const c of cases) {
  // a keystroke makes a new design object: the graph's analysis is done again (compiles and type
  // checks stay cached by their text, as in the designer's worker)
  const copies = Array.from({ length: 8 }, () => structuredClone(c.design));
  let n = 0;
  const next = () => copies[n++ % copies.length]!;
  const fresh = () => {
    const d = next();
    copies[(n - 1) % copies.length] = structuredClone(d);
    return d;
  };
  const steps: [string, () => unknown][] = [
    ['previewGraph (designGraphPreview)', () => designGraphPreview(fresh())],
    ['its YAML text (graphPreviewText)', () => graphPreviewText(designGraphPreview(fresh()))],
    ['computePreviews (every tab)', () => computePreviews(fresh())],
    ['validateDesign', () => validateDesign(fresh())],
    [
      'one keystroke (computePreviews + validateDesign)',
      () => {
        const d = fresh();
        return [computePreviews(d), validateDesign(d)];
      },
    ],
  ];
  for (const [step, run] of steps) {
    const s = measure(run);
    evaluations = 0;
    run();
    console.log(
      `| ${c.name} | ${(c as { objects?: number }).objects} | ${step} | ${evaluations} | ${s.median.toFixed(1)} | ${s.p95.toFixed(1)} | ${s.wall.toFixed(1)} |`,
    );
  }
}
