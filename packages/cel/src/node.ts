// The CEL module in Node (the embedded controller, the CLI, the tests): built if needed, compiled
// once per process and installed as the process's engine. Starting it is the Go runtime's and
// the Kubernetes libraries' initialisation (measured in bench/cel.bench.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
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
    const module = await wasmApi.compile(readFileSync(built.wasm));
    const engine = await startEngine(module);
    installCelEngine(engine);
    return engine;
  })();
  return loading;
}
