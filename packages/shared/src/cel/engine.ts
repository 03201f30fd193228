// The studio's one CEL, as the pure code sees it: cel-go with the API server's environment,
// built to WebAssembly (packages/cel) and installed once per process or worker. Pure code never
// loads it; the controller, the designer's worker, the CLI and the tests install it at start.
// Until then (the designer's first paint on the main thread) `celEngine()` is undefined and
// expressions answer `pending`.
import type { JSONValue } from '../crd/types';

export type CelCompiled = { ok: true; reads: readonly string[] } | { ok: false; message: string };

export type CelEvaluated =
  | { ok: true; value: JSONValue; cost: number }
  /** `missing`: a field it reads is not there (yet); `compile`: it did not compile */
  | { ok: false; message: string; missing: boolean; compile: boolean; cost: number };

export interface CelCheckRequest {
  source: string;
  /** each variable's OpenAPI schema; null declares it dynamic */
  vars: Record<string, JSONValue>;
  /** the schema of the field the expression fills, when known; or of its object, with `expectAt` */
  expect?: JSONValue;
  /** the path from `expect` to the field (property names, map keys, list indices as digits) */
  expectAt?: readonly string[];
  /** the expression sits inside a longer string */
  text?: boolean;
}

export interface CelChecked {
  error?: string;
  /** the result's CEL type */
  type?: string;
  /** why the result cannot fill the field */
  mismatch?: string;
  /** the worst-case cost the API server's estimator gives */
  costMax: number;
  overLimit?: boolean;
  /** the estimator found no bound: only the run-time limit applies */
  unbounded?: boolean;
}

export interface CelEngine {
  /** compiles against dynamic variables `vars` (cached by source and vars): what it reads, or why not */
  compile(source: string, vars: readonly string[]): CelCompiled;
  /** decodes the variables once (ints stay ints); release it when done */
  context(vars: Readonly<Record<string, JSONValue>>): number;
  release(context: number): void;
  evaluate(source: string, vars: readonly string[], context: number): CelEvaluated;
  /** defines components (`{"components": {…}}`) that check requests name by `$ref` */
  defineSchemas(components: string): void;
  /** type-checks with schemas and estimates the cost, as the API server does for a rule */
  check(req: CelCheckRequest): CelChecked;
  /** the API server's limits: one expression, and one reconcile (one object's rules) */
  readonly limits: { readonly perCall: number; readonly perReconcile: number };
}

let installed: CelEngine | undefined;

export function installCelEngine(engine: CelEngine): void {
  installed = engine;
}

export function celEngine(): CelEngine | undefined {
  return installed;
}

export const CEL_PENDING = 'the CEL engine is still loading';
