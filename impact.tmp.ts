import { setFlagsFromString } from "node:v8"; if (process.env.BUDGET) setFlagsFromString("--wasm-tiering-budget=" + process.env.BUDGET);
/**
 * How long the impact before install takes for 1,000 live resources (issue 31: under 2 s): the
 * Web app example against its acceptance draft (new image, `minimum` raised on spec.port, the
 * Ingress removed), 10 resources below the new minimum and every 10th with a host (an Ingress
 * to delete). Prints the first run (validators compiled, graph analysed) and the median of the
 * next runs (CPU time, and wall time: the machine is shared), and each part alone: rendering the
 * draft's changed children, and validating every object as a create (the draft's defaults applied).
 * Run: node --import tsx bench/impact.bench.ts [resources] [runs]
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { loadCel } from './packages/cel/src/node';
import { crdObject } from './packages/shared/src/crd/generate';
import { jsonText } from './packages/shared/src/crd/json-text';
import { parseDesign } from './packages/shared/src/design/io';
import type { Design } from './packages/shared/src/design/schema';
import { childRenderers } from './packages/shared/src/impact/children';
import { planImpact } from './packages/shared/src/impact/impact';
import { webappDraft, webapps } from './packages/shared/src/impact/webapp-draft';
import { checkRulesAll } from './packages/shared/src/resources/rule-check';

const n = Number(process.argv[2] ?? 1000);
const runs = Number(process.argv[3] ?? 5);
const engine = await loadCel(); if (process.env.RESET) setFlagsFromString("--wasm-tiering-budget=1800000"); { const m = process.memoryUsage(); console.log("rss after cel", Math.round(m.rss/1048576)); }
const parsed = parseDesign(readFileSync(new URL('./examples/webapp.design.yaml', import.meta.url), 'utf8'));
if (!parsed.ok) throw new Error('examples/webapp.design.yaml does not parse');
const installed = parsed.design;
const draft = webappDraft(installed);
const side = (d: Design) => ({ design: d, schema: crdObject(d).spec.versions[0]!.schema!.openAPIV3Schema! });
const objects = webapps(n, { lowPorts: 10, hostEvery: 10 });

/** CPU time, not wall time: the machine is shared, and the CPU a run takes is what it costs */
const walls: number[] = [];
const time = (f: () => void): number => {
  const [t, w] = [process.cpuUsage(), performance.now()];
  f();
  const d = process.cpuUsage(t);
  walls.push(performance.now() - w);
  return (d.user + d.system) / 1000;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

let summary = '';
const first = time(() => {
  summary = planImpact({ installed: side(installed), draft: side(draft), objects, engine }).summary;
});
const rest = Array.from({ length: runs }, () =>
  time(() => planImpact({ installed: side(installed), draft: side(draft), objects, engine })),
);
const [, render] = childRenderers(installed, draft);
const rendering = time(() => objects.forEach((o) => render(o)));
const schema = side(draft).schema;
const schemaText = jsonText(schema);
const validating = time(() => checkRulesAll(engine, { schema, schemaText, objects }));

console.log(`impact of the Web app draft on ${n} resources (load ${loadavg()[0]!.toFixed(2)})`);
console.log(summary);
console.log(`first run      ${first.toFixed(0)} ms CPU`);
console.log(
  `median of ${runs}    ${median(rest).toFixed(0)} ms CPU, ${median(walls.slice(1, runs + 1)).toFixed(0)} ms wall   (target: under 2000 ms)`,
);
console.log(
  `  render the draft's changed children: ${rendering.toFixed(0)} ms; validate as creates (with defaults): ${validating.toFixed(0)} ms`,
);
