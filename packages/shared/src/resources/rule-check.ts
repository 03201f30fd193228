// What the API server will say about a create or an update of a custom resource, before it is
// sent: the kind's schema, its x-kubernetes-validations included (oldSelf, messageExpression,
// ratcheting), run by the API server's own validator in the studio's CEL module
// (engine.validate, packages/cel/rules). The resource form runs it in a worker on every edit and
// shows each error at its field. Pure: the engine is handed in.
//
// An update is validated as the API server validates the merge patch the form sends: the object
// it would store (the patch applied to the version the draft was edited from, status as it was)
// against that version as the old object, so transition rules see oldSelf and a value the edit
// left alone is ratcheted (a warning, not an error), as on the server.
import type { CelEngine, CelValidated } from '../cel/engine';
import type { JSONSchemaProps, JSONValue } from '../crd/types';
import { isPlainObject } from './merge-patch';

export interface RuleCheckInput {
  /** the served version's openAPIV3Schema */
  readonly schema: JSONSchemaProps;
  /** the object the API server would validate */
  readonly object: Record<string, unknown>;
  /** the stored object, for an update; null for a create */
  readonly oldObject: Record<string, unknown> | null;
  /** `schema` as JSON text, when the caller checks many objects against it (sent as is) */
  readonly schemaText?: string;
}

/** One field error, as the API server would list it. */
export interface FieldVerdict {
  /** the API server's path: `spec.ports[0].name`, `spec.labels[app]`; '' for the object itself */
  readonly field: string;
  /** the same path as property names, map keys and list indices into the object */
  readonly path: readonly (string | number)[];
  /** the API server's message for the field: `Invalid value: "string": must be a DNS label` */
  readonly message: string;
  /** its words alone (a rule's message or messageExpression): `must be a DNS label` */
  readonly detail: string;
  /** the line the API server's refusal carries: `spec.name: Invalid value: "string": must be a DNS label` */
  readonly text: string;
  /** the API server's reason: FieldValueInvalid, FieldValueRequired, FieldValueTooLong … */
  readonly type: string;
  /** from x-kubernetes-validations; else one of the schema's own checks */
  readonly rule: boolean;
}

export interface RuleCheck {
  /**
   * What the API server would refuse the object for: the schema's checks, then whether they kept
   * the rules from running, then the rules' failures, each part by field. (The API server runs
   * the rules of an object's properties in Go's map order, so its own order changes from one
   * request to the next; a list that reorders itself on every keystroke is worse than a sorted one.)
   */
  readonly errors: readonly FieldVerdict[];
  /** failures of rules on values the edit left alone (ratcheting): the API server only warns */
  readonly warnings: readonly string[];
  /** rules the studio's CEL does not compile (the cluster's Kubernetes may be another version): not checked */
  readonly unchecked: readonly string[];
  /** why nothing was checked (the schema is not structural, the module failed) */
  readonly notRun?: string;
}

/** Does the schema carry any x-kubernetes-validations (else there is nothing for the module to add)? */
export function hasRules(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(hasRules);
  if (!isPlainObject(schema)) return false;
  const rules = schema['x-kubernetes-validations'];
  if (Array.isArray(rules) && rules.length > 0) return true;
  return Object.values(schema).some(hasRules);
}

const RULE_COMPILE_ERROR = 'rule compile error:';

export function checkRules(engine: CelEngine, input: RuleCheckInput): RuleCheck {
  const out = engine.validate({
    schema: input.schema,
    object: input.object as JSONValue,
    oldObject: (input.oldObject ?? null) as JSONValue,
    ...(input.schemaText !== undefined ? { schemaText: input.schemaText } : {}),
  });
  return ruleCheckOf(out, input.object);
}

export interface RuleCheckAllInput {
  readonly schema: JSONSchemaProps;
  readonly schemaText?: string;
  /** each validated as a create */
  readonly objects: readonly Record<string, unknown>[];
}

/**
 * Many objects checked as creates against one schema, in one call to the module per chunk, each
 * with the object as the API server would store it (pruned, defaults applied): `stored`, or
 * undefined when the module did not run.
 */
export function checkRulesAll(
  engine: CelEngine,
  input: RuleCheckAllInput,
): (RuleCheck & { stored: Record<string, unknown> | undefined })[] {
  const out: (RuleCheck & { stored: Record<string, unknown> | undefined })[] = [];
  for (let i = 0; i < input.objects.length; i += CHUNK) {
    const chunk = input.objects.slice(i, i + CHUNK);
    const results = engine.validateAll({
      schema: input.schema,
      ...(input.schemaText !== undefined ? { schemaText: input.schemaText } : {}),
      items: chunk.map((object) => ({ object: object as JSONValue, oldObject: null })),
      stored: true,
    });
    results.forEach((r, j) => out.push({ ...ruleCheckOf(r, chunk[j]!), stored: r.object }));
  }
  return out;
}

/** objects per call: the request and the answer stay a few MB */
const CHUNK = 500;

function ruleCheckOf(out: CelValidated, object: Record<string, unknown>): RuleCheck {
  const notRun = out.error ?? out.skipped;
  if (notRun !== undefined) return { errors: [], warnings: [], unchecked: [], notRun };
  const errors: FieldVerdict[] = [];
  const unchecked: string[] = [];
  for (const e of out.errors) {
    if (e.rule === true && e.detail.startsWith(RULE_COMPILE_ERROR)) {
      unchecked.push(e.text);
      continue;
    }
    const field = e.field === '<nil>' ? '' : e.field;
    errors.push({
      field,
      path: valuePathOf(field, object),
      message: e.message,
      detail: e.detail,
      text: e.text,
      type: e.type,
      rule: e.rule === true,
    });
  }
  return { errors: errors.sort(byPlace), warnings: out.warnings, unchecked };
}

const part = (e: FieldVerdict): number => (e.rule ? 2 : e.field === '' ? 1 : 0);

function byPlace(a: FieldVerdict, b: FieldVerdict): number {
  if (part(a) !== part(b)) return part(a) - part(b);
  for (let i = 0; i < Math.min(a.path.length, b.path.length); i++) {
    const x = a.path[i]!;
    const y = b.path[i]!;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return a.path.length - b.path.length || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0);
}

/**
 * The API server's field path (`spec.ports[0].name`, `spec.labels[app.kubernetes.io/name]`: map
 * keys in brackets, unquoted) as steps into `obj`. The object decides what a step is: a name or a
 * bracket is matched against the keys present (so a key with dots or brackets resolves), a
 * bracket on a list is an index. What does not resolve is read as plain syntax.
 */
export function valuePathOf(field: string, obj: unknown): (string | number)[] {
  const out: (string | number)[] = [];
  let cur: unknown = obj;
  let i = 0;
  while (i < field.length) {
    if (field[i] === '.') i++;
    const bracket = field[i] === '[';
    const start = bracket ? i + 1 : i;
    let step: string | number | undefined;
    if (Array.isArray(cur) && bracket) {
      const m = /^(\d+)\]/.exec(field.slice(start));
      if (m !== null) {
        step = Number(m[1]);
        i = start + m[0].length;
      }
    } else if (isPlainObject(cur)) {
      // the longest key present that ends where a step can end
      const ends = bracket ? [']'] : ['.', '[', undefined];
      const key = Object.keys(cur)
        .filter((k) => field.startsWith(k, start) && ends.includes(field[start + k.length]))
        .sort((a, b) => b.length - a.length)[0];
      if (key !== undefined) {
        step = key;
        i = start + key.length + (bracket ? 1 : 0);
      }
    }
    if (step === undefined) {
      // not in the object: the rest by syntax alone
      const m = bracket ? /^([^\]]*)\]/.exec(field.slice(start)) : /^([^.[]+)/.exec(field.slice(start));
      if (m === null) break;
      step = bracket && /^\d+$/.test(m[1]!) ? Number(m[1]) : m[1]!;
      i = start + m[0].length;
    }
    out.push(step);
    cur =
      Array.isArray(cur) && typeof step === 'number' ? cur[step] : isPlainObject(cur) ? cur[String(step)] : undefined;
  }
  return out;
}
