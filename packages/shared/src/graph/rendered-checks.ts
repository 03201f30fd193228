// The children the preview renders for the design's sample, checked as the API server would check
// them before anything is installed: each value against its kind's schema (from the cluster's
// OpenAPI v3, or the bundled schemas of the built-in kinds when no cluster answers), each kind
// against what the cluster serves, and each name against its kind's rule (the planner's own
// check, kept an error here: the sample is what the design says a custom resource looks like).
// Without these, a string in an integer field, a kind no CRD defines or a name with `_` passes
// every check and then fails half-applied, in the API server's words, at run time.
// Paths are the graph's (`resources[1].template.spec.replicas`): the deepest place the template
// itself has, so a value an expression computes is marked at that expression.
import type { JSONValue } from '../crd/types';
import { CEL_EXPRESSION_PATTERN, kindJsonSchema, splitApiVersion, type JsonSchema } from '../kube/openapi-schema';
import { error, warning, type Issue } from '../validate/issue';
import { childPath } from './expressions';
import { KIND_SCHEMAS as bundled } from './kind-schemas.generated';
import type { PlanError } from './conditions';
import type { KubeObject, ResourceGraph } from './model';
import type { ChildPreview } from './preview';

export interface RenderedChecks {
  /** the kind's template schema (kube/openapi-schema.ts's form); undefined when none is known */
  readonly schemaOf: (apiVersion: string, kind: string) => JsonSchema | undefined;
  /** whether the cluster serves the kind; undefined when no cluster said */
  readonly served?: (apiVersion: string, kind: string) => boolean | undefined;
  /** a design that defines the kind (its CRD), when one does: THIS_DESIGN or `the design "x"` */
  readonly providedBy?: (apiVersion: string, kind: string) => string | undefined;
  /** whether names are checked (default true; a second pass over the same sample leaves them out) */
  readonly names?: boolean;
}

/** RenderedChecks.providedBy's answer for the design's own kind. */
export const THIS_DESIGN = 'this design';

const isRecord = (v: unknown): v is Record<string, JSONValue> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const bundledCache = new Map<string, JsonSchema | undefined>();

/** The bundled schema of a built-in child kind (scripts/kind-schemas.ts), in the template editor's form. */
export function bundledKindSchema(apiVersion: string, kind: string): JsonSchema | undefined {
  const key = `${apiVersion}/${kind}`;
  if (bundledCache.has(key)) return bundledCache.get(key);
  const known = (bundled.kinds as Record<string, string>)[key] !== undefined;
  const doc = { components: { schemas: bundled.components as Record<string, unknown> } };
  const schema = known ? (kindJsonSchema(doc, { ...splitApiVersion(apiVersion), kind }) ?? undefined) : undefined;
  bundledCache.set(key, schema);
  return schema;
}

/** Whether the bundled schemas know this kind (then no cluster is asked for its schema). */
export const isBundledKind = (apiVersion: string, kind: string): boolean =>
  (bundled.kinds as Record<string, string>)[`${apiVersion}/${kind}`] !== undefined;

const typeOf = (v: JSONValue): string =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'array'
      : typeof v === 'bigint'
        ? 'integer'
        : typeof v === 'number'
          ? Number.isInteger(v)
            ? 'integer'
            : 'number'
          : typeof v;

/** What a value is, for a message: `string "3.5.17"`, `number 1.5`, `object`. */
function shown(v: JSONValue): string {
  const t = typeOf(v);
  if (typeof v === 'string') return `string ${JSON.stringify(v.length > 60 ? `${v.slice(0, 57)}...` : v)}`;
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return `${t} ${String(v)}`;
  return t;
}

const fits = (type: string, v: JSONValue): boolean => {
  const t = typeOf(v);
  return t === type || (type === 'number' && t === 'integer');
};

/** The alternatives of an `anyOf` that a rendered value can be (a `${…}` is gone once rendered). */
const alternatives = (s: JsonSchema): JsonSchema[] =>
  Array.isArray(s.anyOf)
    ? s.anyOf.filter(
        (a): a is JsonSchema => isRecord(a) && !(a.type === 'string' && a.pattern === CEL_EXPRESSION_PATTERN),
      )
    : [];

interface Found {
  /** the field in the rendered object: `spec.replicas` */
  readonly field: string;
  readonly segments: readonly (string | number)[];
  readonly message: string;
}

/** Every place `value` differs from `schema` in type, or holds a field the schema does not declare. */
export function schemaMismatches(value: JSONValue, schema: JsonSchema): Found[] {
  const out: Found[] = [];
  const walk = (v: JSONValue, s: JsonSchema, segments: (string | number)[]) => {
    // null is "unset" to the API server; an open schema takes anything
    if (v === null) return;
    const alts = alternatives(s);
    if (alts.length === 1) return walk(v, alts[0]!, segments);
    const field = segments.reduce<string>((p, k) => childPath(p, k), '');
    const mismatch = (expected: string) =>
      out.push({ field, segments: [...segments], message: `expected ${expected}, got ${shown(v)}` });
    if (alts.length > 1) {
      const types = alts.map((a) => (typeof a.type === 'string' ? a.type : undefined));
      if (types.some((t) => t === undefined)) return;
      if (!types.some((t) => fits(t!, v))) mismatch(types.join(' or '));
      return;
    }
    const type = typeof s.type === 'string' ? s.type : undefined;
    if (type === undefined) return;
    if (!fits(type, v)) return mismatch(type);
    if (type === 'array' && Array.isArray(v) && isRecord(s.items))
      v.forEach((item, i) => walk(item, s.items as JsonSchema, [...segments, i]));
    if (type !== 'object' || !isRecord(v)) return;
    const props = isRecord(s.properties) ? s.properties : {};
    for (const [k, item] of Object.entries(v)) {
      const p = props[k];
      if (isRecord(p)) walk(item, p, [...segments, k]);
      else if (isRecord(s.additionalProperties)) walk(item, s.additionalProperties, [...segments, k]);
      else if (s.additionalProperties === false) {
        const at = childPath(field, k);
        out.push({ field: at, segments: [...segments, k], message: 'field not declared in schema' });
      }
    }
  };
  walk(value, schema, []);
  return out;
}

/** The deepest path the template itself has along `segments` (a value an expression computes stops there). */
function templatePath(template: JSONValue, segments: readonly (string | number)[], base: string): string {
  let at = base;
  let node: JSONValue | undefined = template;
  for (const k of segments) {
    const next: JSONValue | undefined =
      typeof k === 'number' ? (Array.isArray(node) ? node[k] : undefined) : isRecord(node) ? node[k] : undefined;
    if (next === undefined) break;
    at = childPath(at, k);
    node = next;
  }
  return at;
}

const renderedObjects = (c: ChildPreview): { key?: string; object: KubeObject }[] =>
  c.state === 'rendered' ? [{ object: c.object }] : c.state === 'collection' ? c.objects : [];

/**
 * A name the API server would refuse, as the planner found it (plan.ts childNameProblem: `child
 * <id>: metadata.name …`, after `element <key>: ` in a collection); not an expression that failed
 * on the sample at the same place, which stays a warning.
 */
const isNameProblem = (e: PlanError): boolean =>
  /\.template\.metadata\.name$/.test(e.path) &&
  /^(?:element [^:]*: )?child [a-z][a-z0-9]*: metadata\.name /.test(e.message);

/**
 * The problems of the rendered children (`children`: previewGraph's, in the graph's order), at
 * graph paths. A collection's objects are checked each; one finding per place is kept.
 */
export function renderedChildIssues(
  graph: ResourceGraph,
  children: readonly ChildPreview[],
  checks: RenderedChecks,
): Issue[] {
  const out: Issue[] = [];
  const seen = new Set<string>();
  const push = (i: Issue, key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    out.push(i);
  };
  graph.resources.forEach((r, i) => {
    const base = `resources[${i}].template`;
    const { apiVersion, kind } = r.template;
    const served = checks.served?.(apiVersion, kind);
    if (served === false) {
      const provider = checks.providedBy?.(apiVersion, kind);
      const at = `${base}.kind`;
      const says = `the cluster does not serve ${kind} in ${apiVersion}`;
      if (provider === THIS_DESIGN)
        push(warning(at, `${says} yet: this design defines it, so it is served once the design is installed`), at);
      else if (provider !== undefined)
        push(warning(at, `${says} yet: ${provider} defines it; install that first, or ${r.id} fails to apply`), at);
      else
        push(
          error(
            at,
            `${says}: install the CRD that defines it first, or fix apiVersion and kind (${r.id} could never be applied)`,
          ),
          at,
        );
    }
    const child = children[i];
    if (child === undefined || child.id !== r.id) return;
    if (child.state === 'failed' && checks.names !== false)
      for (const e of child.errors)
        if (isNameProblem(e)) push(error(e.path, `with the sample custom resource: ${e.message}`), e.path);
    const schema = served === false ? undefined : checks.schemaOf(apiVersion, kind);
    if (schema === undefined) return;
    for (const { key, object } of renderedObjects(child))
      for (const m of schemaMismatches(object, schema)) {
        const path = templatePath(r.template, m.segments, base);
        const element = key === undefined ? '' : `element ${key}: `;
        push(error(path, `${element}${m.field}: ${m.message}`), `${path}\u0000${m.field}\u0000${m.message}`);
      }
  });
  return out;
}

/**
 * A child's apply refused at run time, named as the design names it: `child "config"
 * (operand.resources[1].template): <the API server's message>` (for the CR's condition). The
 * image form has no resources list in the design: its one child is named by id alone.
 */
export function childApplyFailure(
  graph: ResourceGraph,
  id: string,
  message: string,
  opts: { designPaths: boolean } = { designPaths: true },
): string {
  const i = graph.resources.findIndex((r) => r.id === id);
  if (i < 0) return message;
  return opts.designPaths
    ? `child "${id}" (operand.resources[${i}].template): ${message}`
    : `child "${id}": ${message}`;
}
