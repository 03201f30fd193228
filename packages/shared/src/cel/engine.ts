// The studio's one CEL, as the pure code sees it: cel-go with the API server's environment,
// built to WebAssembly (packages/cel) and installed once per process or worker. Pure code never
// loads it; the controller, the designer's worker, the CLI and the tests install it at start.
// Until then (the designer's first paint on the main thread) `celEngine()` is undefined and
// expressions answer `pending`.
import type { JSONSchemaProps, JSONValue } from '../crd/types';

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

/**
 * A field error as the API server lists it: `field` its path (`spec.ports[0]`, `<nil>` for the
 * object itself; `openAPIV3Schema.properties[spec]…` in a CRD), `type` its reason
 * (FieldValueInvalid, FieldValueForbidden …), `detail` the words, `message` what the API server
 * shows for it (kind, value and detail), `text` the whole line.
 */
export interface CelFieldError {
  field: string;
  type: string;
  detail: string;
  message: string;
  text: string;
  /** the schema node of the rule it is about: `.name` a property, `[]` list items, `{}` map values; null: the whole schema */
  node?: string[] | null;
  /** the rule's index on that node; -1 when it is not about one rule */
  index: number;
}

/** What the API server worked out about one rule when compiling it. */
export interface CelRuleCost {
  node: string[];
  index: number;
  /** the worst case of one evaluation */
  cost: number;
  /** how many times the node can occur in one object (from maxItems/maxProperties above it) */
  cardinality: number;
  /** cost × cardinality: what the per-rule and per-CRD limits are checked against */
  estimated: number;
  messageExpressionCost?: number;
  usesOldSelf?: boolean;
}

/** A CRD version's rules compiled as a CRD create compiles them. */
export interface CelRulesCompiled {
  rules: CelRuleCost[];
  /** what the API server would refuse the CRD for, about its rules */
  problems: CelFieldError[];
  total: number;
  /** why nothing was compiled (the schema is not structural) */
  skipped?: string;
  /** the input was not a schema */
  error?: string;
}

export interface CelValidateRequest {
  /** the version's openAPIV3Schema */
  schema: JSONValue | JSONSchemaProps;
  object: JSONValue;
  /** the stored object: an update (transition rules, ratcheting) rather than a create */
  oldObject?: JSONValue | null;
  /** also run each rule on its own, to say which rule gave which error */
  byRule?: boolean;
  /** `schema` already as JSON text (jsonText), sent as is: a caller validating many objects against one schema */
  schemaText?: string;
  /** also give the object as the API server would store it: unknown fields pruned, defaults applied */
  stored?: boolean;
}

export interface CelValidateAllRequest {
  schema: JSONValue | JSONSchemaProps;
  /** `schema` already as JSON text (jsonText), sent as is */
  schemaText?: string;
  /** each a create (oldObject absent or null) or an update */
  items: readonly { object: JSONValue; oldObject?: JSONValue | null }[];
  /** also give each object as the API server would store it: unknown fields pruned, defaults applied */
  stored?: boolean;
}

/** What a create or update of the object would get from the API server. */
export interface CelValidated {
  /** in the API server's order; `rule` marks those from x-kubernetes-validations */
  errors: (CelFieldError & { rule?: boolean })[];
  /** a failure ratcheted on an unchanged value is a warning */
  warnings: string[];
  byRule?: { node: string[]; index: number; errors: CelFieldError[]; warnings: string[] }[];
  skipped?: string;
  error?: string;
  /** the object pruned and defaulted, when the request asked (`stored`) */
  object?: Record<string, JSONValue>;
}

export interface CelEngine {
  /** compiles against dynamic variables `vars` (cached by source and vars): what it reads, or why not */
  compile(source: string, vars: readonly string[]): CelCompiled;
  /**
   * decodes the variables once (ints stay ints); release it when done. With `parent`, the new
   * context holds the parent's variables with these set over them (a collection's element).
   */
  context(vars: Readonly<Record<string, JSONValue>>, parent?: number): number;
  release(context: number): void;
  evaluate(source: string, vars: readonly string[], context: number): CelEvaluated;
  /** each source evaluated as `evaluate` would, in one call (a template's expressions) */
  evaluateAll(sources: readonly string[], vars: readonly string[], context: number): CelEvaluated[];
  /** defines components (`{"components": {…}}`) that check requests name by `$ref` */
  defineSchemas(components: string): void;
  /** type-checks with schemas and estimates the cost, as the API server does for a rule */
  check(req: CelCheckRequest): CelChecked;
  /** the API server's limits: one expression, and one reconcile (one object's rules) */
  readonly limits: { readonly perCall: number; readonly perReconcile: number };
  /** compiles a version's x-kubernetes-validations as a CRD create does: errors, costs, limits */
  compileRules(schema: JSONValue | JSONSchemaProps): CelRulesCompiled;
  /** validates an object as a create (or, with oldObject, an update) of it would */
  validate(req: CelValidateRequest): CelValidated;
  /** validates many objects against one schema in one call, each as `validate` would */
  validateAll(req: CelValidateAllRequest): CelValidated[];
  /** the API server's rule limits: estimated per rule and per CRD, run time per call and per object */
  readonly ruleLimits: {
    readonly perRule: number;
    readonly perCRD: number;
    readonly perCall: number;
    readonly perObject: number;
  };
}

let installed: CelEngine | undefined;

export function installCelEngine(engine: CelEngine): void {
  installed = engine;
}

export function celEngine(): CelEngine | undefined {
  return installed;
}

export const CEL_PENDING = 'the CEL engine is still loading';
