// What one evaluation costs with its program cached, for a handful of expressions a design's
// children use: the WebAssembly module in this Node process (through its CelEngine, as the
// controller and the designer's worker call it: JSON text across the boundary), cel-js (the
// library the studio used before, while it is still installed; n/a where it lacks the function)
// and the same Go code natively (bench/cel-go, via `go run`).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { loadCel } from '@opstudio/cel/node';
import type { JSONValue } from '@opstudio/shared/crd/types';
import type * as CelJs from '@marcbachmann/cel-js';

export interface EvalCase {
  readonly name: string;
  readonly source: string;
}

export const CASES: readonly EvalCase[] = [
  { name: 'field read', source: 'self.spec.replicas' },
  { name: 'string concat', source: "self.metadata.name + '-' + self.spec.image" },
  {
    name: 'lists.range + map + join',
    source: "lists.range(self.spec.replicas).map(i, self.metadata.name + '-' + string(i)).join(',')",
  },
  { name: 'quantity', source: 'quantity(self.spec.memory).asInteger()' },
];

export const VARS: Record<string, JSONValue> = {
  self: {
    apiVersion: 'web.example.com/v1',
    kind: 'WebApp',
    metadata: { name: 'webapp-sample', namespace: 'default' },
    spec: { replicas: 5, image: 'nginx:1.27', memory: '1Gi', port: 8080 },
  },
};

const WARM_MS = 8000;

export interface EvalCost {
  readonly name: string;
  /** ns per evaluation; NaN when that implementation cannot evaluate it */
  readonly wasm: number;
  readonly celJs: number;
  readonly go: number;
  readonly value: JSONValue;
}

/** ns per call of `fn`: the median of 7 batches of about `batchMs` each. */
function timeIt(fn: () => unknown, batchMs = 150): number {
  let n = 1;
  for (;;) {
    const t = performance.now();
    for (let i = 0; i < n; i++) fn();
    if (performance.now() - t > batchMs / 4) break;
    n *= 4;
  }
  const perBatch = Math.max(1, Math.round(n * 4));
  const samples: number[] = [];
  for (let b = 0; b < 7; b++) {
    const t = performance.now();
    for (let i = 0; i < perBatch; i++) fn();
    samples.push(((performance.now() - t) * 1e6) / perBatch);
  }
  return samples.sort((a, b) => a - b)[3] ?? NaN;
}

async function wasmCosts(): Promise<{ ns: number; value: JSONValue }[]> {
  const engine = await loadCel();
  const vars = Object.keys(VARS);
  const context = engine.context(VARS);
  try {
    // V8 runs a module's functions on its baseline compiler first and optimises the hot ones in
    // the background: time the steady state, as a long-running controller or worker sees it
    const warmUntil = performance.now() + WARM_MS;
    while (performance.now() < warmUntil) for (const c of CASES) engine.evaluate(c.source, vars, context);
    return CASES.map((c) => {
      const first = engine.evaluate(c.source, vars, context);
      if (!first.ok) throw new Error(`wasm: ${c.source}: ${first.message}`);
      return { ns: timeIt(() => engine.evaluate(c.source, vars, context)), value: first.value };
    });
  } finally {
    engine.release(context);
  }
}

/** cel-js with its parse cached; ints as BigInt as the studio converted them. */
async function celJsCosts(): Promise<number[]> {
  let lib: typeof CelJs;
  try {
    lib = await import('@marcbachmann/cel-js');
  } catch {
    return CASES.map(() => NaN); // removed from the repository: nothing to compare
  }
  const env = new lib.Environment({ enableOptionalTypes: true, unlistedVariablesAreDyn: true });
  const toCel = (v: JSONValue): unknown =>
    typeof v === 'number' && Number.isInteger(v)
      ? BigInt(v)
      : Array.isArray(v)
        ? v.map(toCel)
        : v !== null && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toCel(x)]))
          : v;
  const context = toCel(VARS) as Record<string, unknown>;
  return CASES.map((c) => {
    try {
      const program = env.parse(c.source);
      program(context);
      return timeIt(() => program(context));
    } catch {
      return NaN;
    }
  });
}

function goCosts(): number[] {
  const out = execFileSync('go', ['run', '.'], {
    cwd: path.join(import.meta.dirname, '../cel-go'),
    input: JSON.stringify({ vars: VARS, expressions: CASES.map((c) => c.source) }),
    encoding: 'utf8',
    env: { ...process.env, GOFLAGS: '-mod=mod' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const rows = JSON.parse(out) as { nsPerOp: number; error?: string }[];
  return rows.map((r) => (r.error === undefined ? r.nsPerOp : NaN));
}

export async function evalCosts(): Promise<EvalCost[]> {
  const wasm = await wasmCosts();
  const celJs = await celJsCosts();
  const go = goCosts();
  return CASES.map((c, i) => ({
    name: c.name,
    wasm: wasm[i]?.ns ?? NaN,
    celJs: celJs[i] ?? NaN,
    go: go[i] ?? NaN,
    value: wasm[i]?.value ?? null,
  }));
}
