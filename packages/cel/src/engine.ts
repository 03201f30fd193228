// The WebAssembly module's functions (packages/cel/wasm/main.go) as a CelEngine: JSON text
// crosses the boundary, one string each way per call, which is cheaper than walking objects
// through syscall/js.
import type {
  CelCheckRequest,
  CelChecked,
  CelCompiled,
  CelEngine,
  CelEvaluated,
  CelRulesCompiled,
  CelValidated,
} from '@opstudio/shared/cel/engine';
import { jsonText } from '@opstudio/shared/crd/json-text';
import type { JSONValue } from '@opstudio/shared/crd/types';

interface Exports {
  compile(source: string, vars: string): string;
  context(json: string, parent?: number, released?: string): number;
  /** one context, or several listed as "3,5" */
  release(ids: number | string): void;
  evaluate(source: string, vars: string, context: number): string;
  evaluateAll(sources: string, vars: string, context: number): string;
  check(json: string): string;
  schemas(json: string): string;
  limits: string;
  compileRules(schema: string): string;
  validate(json: string): string;
  validateAll(json: string): string;
  ruleLimits: string;
}

interface GoRuntime {
  importObject: object;
  run(instance: object): Promise<void>;
}

/** The part of the WebAssembly API used here (typed locally: the pure package has no DOM types). */
interface WasmApi {
  compile(bytes: Uint8Array): Promise<object>;
  instantiate(module: object, imports: object): Promise<object>;
}
export const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/** Starts the module (wasm_exec.js must have defined globalThis.Go) and wraps its functions. */
export async function startEngine(module: object): Promise<CelEngine> {
  const Go = (globalThis as unknown as { Go?: new () => GoRuntime }).Go;
  if (Go === undefined) throw new Error("Go's wasm_exec.js is not loaded");
  const go = new Go();
  const instance = await wasmApi.instantiate(module, go.importObject);
  void go.run(instance); // main registers globalThis.opstudioCel, then waits for calls
  const cel = (globalThis as unknown as { opstudioCel?: Exports }).opstudioCel;
  if (cel === undefined) throw new Error('the CEL module did not start');
  return wrap(cel);
}

/** The request as JSON: a schema given as text is spliced in rather than serialized again for every object. */
function withSchemaText(req: { schema: unknown; schemaText?: string }): string {
  const { schemaText, ...rest } = req;
  if (schemaText === undefined) return jsonText(rest);
  const others = jsonText({ ...rest, schema: undefined });
  return `{"schema":${schemaText}${others === '{}' ? '}' : `,${others.slice(1)}`}`;
}

/** One evaluation as the module answers it. */
interface Answer {
  value?: JSONValue;
  error?: string;
  missing?: boolean;
  compile?: boolean;
  cost?: number;
}

function evaluated(r: Answer): CelEvaluated {
  const cost = r.cost ?? 0;
  if (r.error !== undefined)
    return { ok: false, message: r.error, missing: r.missing ?? false, compile: r.compile ?? false, cost };
  return { ok: true, value: r.value ?? null, cost };
}

/**
 * Contexts released but not yet told to the module: each call into it costs more than a release
 * does, so releases ride along with the next context() call (a plan opens one after another).
 * A released id is never used again, so only the memory waits; past a few, they go at once.
 */
const HELD_RELEASES = 64;

function wrap(cel: Exports): CelEngine {
  const limits = JSON.parse(cel.limits) as { perCall: number; perReconcile: number };
  let released: number[] = [];
  const takeReleased = (): string => {
    const ids = released.join(',');
    released = [];
    return ids;
  };
  return {
    limits,
    compile(source, vars): CelCompiled {
      const r = JSON.parse(cel.compile(source, vars.join(','))) as { reads?: string[]; error?: string };
      return r.error !== undefined ? { ok: false, message: r.error } : { ok: true, reads: r.reads ?? [] };
    },
    context(vars: Readonly<Record<string, JSONValue>>, parent?: number): number {
      const json = jsonText(vars);
      const id = cel.context(json, parent, takeReleased());
      if (id === 0) throw new Error('the CEL variables are not a JSON object');
      return id;
    },
    release(id) {
      released.push(id);
      if (released.length >= HELD_RELEASES) cel.release(takeReleased());
    },
    evaluate(source, vars, context): CelEvaluated {
      return evaluated(JSON.parse(cel.evaluate(source, vars.join(','), context)) as Answer);
    },
    evaluateAll(sources, vars, context): CelEvaluated[] {
      const r = JSON.parse(cel.evaluateAll(jsonText([...sources]), vars.join(','), context)) as Answer[] | Answer;
      if (!Array.isArray(r)) throw new Error(`the CEL module: ${r.error ?? 'evaluateAll gave no list'}`);
      return r.map(evaluated);
    },
    defineSchemas(components: string): void {
      const problem = cel.schemas(components);
      if (problem !== '') throw new Error(`the bundled kind schemas: ${problem}`);
    },
    check(req: CelCheckRequest): CelChecked {
      return JSON.parse(cel.check(jsonText(req))) as CelChecked;
    },
    ruleLimits: JSON.parse(cel.ruleLimits) as CelEngine['ruleLimits'],
    compileRules(schema): CelRulesCompiled {
      const r = JSON.parse(cel.compileRules(jsonText(schema))) as Partial<CelRulesCompiled>;
      return { rules: [], problems: [], total: 0, ...r };
    },
    validate(req): CelValidated {
      const r = JSON.parse(cel.validate(withSchemaText(req))) as Partial<CelValidated>;
      return { errors: [], warnings: [], ...r };
    },
    validateAll(req): CelValidated[] {
      const r = JSON.parse(cel.validateAll(withSchemaText(req))) as Partial<CelValidated>[] | { error?: string };
      if (!Array.isArray(r)) throw new Error(`the CEL module: ${r.error ?? 'validateAll gave no list'}`);
      return r.map((v) => ({ errors: [], warnings: [], ...v }));
    },
  };
}
