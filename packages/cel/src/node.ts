// The CEL module in Node (the embedded controller, the CLI, the tests): built if needed, compiled
// once per process and installed as the process's engine. Starting it is the Go runtime's and
// the Kubernetes libraries' initialisation (measured in bench/cel.bench.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { celEngine, installCelEngine, type CelEngine } from '@opstudio/shared/cel/engine';
import { ensureCel } from './build';
import { startEngine, wasmApi } from './engine';

let loading: Promise<CelEngine> | undefined;

/** The process's CEL engine, started on first call and installed for the pure code. */
export function loadCel(): Promise<CelEngine> {
  const ready = celEngine();
  if (ready !== undefined) return Promise.resolve(ready);
  loading ??= (async () => {
    // a folder given (the container image, which has no Go to build one), else built here
    const given = process.env.OPSTUDIO_CEL_DIR;
    const built =
      given !== undefined && given !== ''
        ? { wasm: join(given, 'cel.wasm'), wasmExec: join(given, 'wasm_exec.js') }
        : await ensureCel();
    await import(pathToFileURL(built.wasmExec).href);
    const engine = await startingCold(async () => startEngine(await wasmApi.compile(readFileSync(built.wasm))));
    installCelEngine(engine);
    return engine;
  })();
  return loading;
}

/**
 * V8's budget before a WebAssembly function is compiled again by its optimising tier (its default,
 * Node 20), and the one the module starts under. Starting runs the Go runtime's and the Kubernetes
 * libraries' initialisers once each; at the default budget V8 optimised many of them, which kept
 * ~50 MiB of code and made the start slower (bench/impact.bench.ts: RSS after the start 224–230 →
 * 177–179 MiB, the first impact 8.9–11.4 → 5.5–6.1 s of CPU). Once started, the default is back,
 * so the functions evaluation runs hot are optimised as before. A budget given on the command line wins.
 */
const DEFAULT_TIERING_BUDGET = 1_800_000;
const START_TIERING_BUDGET = 180_000_000;

async function startingCold<T>(start: () => Promise<T>): Promise<T> {
  if (process.execArgv.some((a) => a.startsWith('--wasm-tiering-budget'))) return start();
  setFlagsFromString(`--wasm-tiering-budget=${START_TIERING_BUDGET}`);
  try {
    return await start();
  } finally {
    setFlagsFromString(`--wasm-tiering-budget=${DEFAULT_TIERING_BUDGET}`);
  }
}
