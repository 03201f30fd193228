// One process's start of the CEL module in Node, as loadCel() does it (packages/cel/src/node.ts),
// timed by phase: read the file, compile it (V8), start it (the Go runtime and the Kubernetes CEL
// libraries' initialisation), the first evaluation. Prints one JSON line; cel.bench.ts runs it in
// fresh processes. Run: node --import tsx bench/cel/start-once.ts
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ensureCel } from '@opstudio/cel/build';
import { startEngine } from '@opstudio/cel/engine';

const built = await ensureCel();
await import(pathToFileURL(built.wasmExec).href);
const t0 = performance.now();
const bytes = readFileSync(built.wasm);
const t1 = performance.now();
const module = await WebAssembly.compile(bytes);
const t2 = performance.now();
const engine = await startEngine(module);
const t3 = performance.now();
const context = engine.context({ self: { metadata: { name: 'web' }, spec: { replicas: 3 } } });
const first = engine.evaluate(
  "lists.range(self.spec.replicas).map(i, self.metadata.name + '-' + string(i)).join(',')",
  ['self'],
  context,
);
const t4 = performance.now();
if (!first.ok || first.value !== 'web-0,web-1,web-2')
  throw new Error(`unexpected first answer: ${JSON.stringify(first)}`);
console.log(
  JSON.stringify({
    readMs: t1 - t0,
    compileMs: t2 - t1,
    startMs: t3 - t2,
    firstEvalMs: t4 - t3,
    rssMiB: process.memoryUsage().rss / 1048576,
  }),
);
process.exit(0); // the Go runtime waits for calls for ever
