// One kind's JSON schema for the template editor (issue 14), from the cluster's OpenAPI v3
// document of its group-version (`/openapi/v3/apis/apps/v1`, `/openapi/v3/api/v1` for core; a
// CRD's group-version document carries its schema the same way). The result is self-contained
// (refs inlined, so monaco-yaml needs nothing else) and bounded: expansion stops at a ref that
// repeats on its own path (JSONSchemaProps-like recursion), below `maxDepth` nested fields, and
// after `maxNodes` schemas in all; what is not expanded accepts anything, so a bound never
// produces a false diagnostic. A template writes `${…}` CEL where a value is computed
// (`replicas: ${self.spec.replicas}`): every scalar, object and array also accepts a whole-string
// `${…}`, and constrained strings (enum, format, pattern) do too.
import type { JSONValue } from '../crd/types';

export type JsonSchema = { [key: string]: JSONValue };

/** What this module reads of an OpenAPI v3 group-version document. */
export interface OpenApiDocument {
  readonly components?: { readonly schemas?: Readonly<Record<string, unknown>> };
}

export interface GroupVersionKind {
  /** '' for the core group (`v1`). */
  readonly group: string;
  readonly version: string;
  readonly kind: string;
}

export interface KindSchemaOptions {
  /** Nested fields expanded below the kind (default 16: CronJob's containers sit at 7). */
  readonly maxDepth?: number;
  /** Schemas emitted in all (default 20,000: a Deployment takes about half). */
  readonly maxNodes?: number;
}

/** A whole-string `${…}` CEL expression, as the planner evaluates it into any JSON value. */
export const CEL_EXPRESSION_PATTERN = '^\\$\\{[\\s\\S]*\\}$';
const CEL: JsonSchema = {
  type: 'string',
  pattern: CEL_EXPRESSION_PATTERN,
  // monaco-yaml's wording when neither the field's own type nor a `${…}` fits
  patternErrorMessage: "Expected the field's type, or one whole ${…} CEL expression.",
};
const REF_PREFIX = '#/components/schemas/';
const INT_OR_STRING = 'io.k8s.apimachinery.pkg.util.intstr.IntOrString';
const QUANTITY = 'io.k8s.apimachinery.pkg.api.resource.Quantity';

/** What the planner does with the child's metadata (graph/plan.ts `withPlannerMetadata`). */
const CONTROLLER_SET: Record<string, string> = {
  name: 'Optional: the controller names the child <custom resource name>-<id> when it is left out.',
  namespace:
    "Optional: the custom resource's namespace when left out (none for a cluster-scoped kind); a name or ${…}, which a namespaced kind may only set to its own namespace, one under operand.namespaces, or a Namespace the design creates.",
  ownerReferences:
    'Set by the controller: the custom resource owns every child, by owner reference or, where Kubernetes allows none, by the studio.opstudio.dev/owner-uid label (leave it out).',
};

/** `apps/v1` → apps, v1; `v1` → '', v1. */
export function splitApiVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.indexOf('/');
  return slash < 0
    ? { group: '', version: apiVersion }
    : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

/** The OpenAPI v3 path of a group-version, relative to `/openapi/v3/`: `apis/apps/v1`, `api/v1`. */
export function openApiPathOf(apiVersion: string): string {
  const { group, version } = splitApiVersion(apiVersion);
  return group === '' ? `api/${version}` : `apis/${group}/${version}`;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The name under `components.schemas` of the schema tagged with this group-version-kind. */
export function findKindSchemaName(doc: OpenApiDocument, gvk: GroupVersionKind): string | undefined {
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
    const tags = isRecord(schema) ? schema['x-kubernetes-group-version-kind'] : undefined;
    if (
      Array.isArray(tags) &&
      tags.some((t) => isRecord(t) && (t.group ?? '') === gvk.group && t.version === gvk.version && t.kind === gvk.kind)
    )
      return name;
  }
  return undefined;
}

/**
 * The kind's schema for a template, or null when the document has no schema for it. `status` is
 * left out (a template never sets it, so writing one is flagged), and the metadata fields the
 * controller sets say so in their descriptions.
 */
export function kindJsonSchema(
  doc: OpenApiDocument,
  gvk: GroupVersionKind,
  opts: KindSchemaOptions = {},
): JsonSchema | null {
  const name = findKindSchemaName(doc, gvk);
  if (name === undefined) return null;
  const c = new Converter(doc.components?.schemas ?? {}, opts.maxDepth ?? 16, opts.maxNodes ?? 20_000);
  const root = c.convert({ $ref: REF_PREFIX + name }, 0, false);
  const props = isRecord(root.properties) ? { ...root.properties } : {};
  delete props.status;
  const meta = props.metadata;
  if (isRecord(meta) && isRecord(meta.properties)) {
    const fields = { ...meta.properties };
    for (const [field, note] of Object.entries(CONTROLLER_SET)) {
      const f = fields[field];
      if (isRecord(f)) fields[field] = { ...f, description: [note, str(f.description)].filter(Boolean).join('\n\n') };
    }
    props.metadata = { ...meta, properties: fields };
  }
  return { ...root, properties: props, required: ['apiVersion', 'kind'] };
}

/** Keywords copied as they are (the rest of OpenAPI's: x-kubernetes-*, format, pattern, nullable… are not). */
const NUMERIC_KEYS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'] as const;

class Converter {
  private nodes = 0;
  private readonly onPath = new Set<string>();

  constructor(
    private readonly schemas: Readonly<Record<string, unknown>>,
    private readonly maxDepth: number,
    private readonly maxNodes: number,
  ) {}

  /** `celToo`: the value may also be a whole `${…}` (everywhere but the kind itself and its metadata). */
  convert(source: unknown, depth: number, celToo: boolean): JsonSchema {
    const s = isRecord(source) ? source : {};
    const description = str(s.description);
    const open = (why?: string): JsonSchema =>
      withDescription({}, [description, why].filter(Boolean).join(' ') || undefined);
    if (++this.nodes > this.maxNodes) return open('(not expanded: the schema is too large)');

    // `{$ref}` and OpenAPI v3's `{allOf: [{$ref}], description, default}` wrapper: the wrapper's description wins
    const wrapped: unknown = Array.isArray(s.allOf) && s.allOf.length === 1 ? s.allOf[0] : undefined;
    const ref = str(s.$ref) ?? (isRecord(wrapped) ? str(wrapped.$ref) : undefined);
    if (ref !== undefined) {
      const name = ref.startsWith(REF_PREFIX) ? ref.slice(REF_PREFIX.length) : ref;
      if (name === INT_OR_STRING || name === QUANTITY) {
        const target = this.schemas[name];
        const text = description ?? (isRecord(target) ? str(target.description) : undefined);
        return withDescription(
          { anyOf: [{ type: name === QUANTITY ? 'number' : 'integer' }, { type: 'string' }] },
          text,
        );
      }
      const target = this.schemas[name];
      if (!isRecord(target)) return open();
      if (this.onPath.has(name)) return open(`(${shortName(name)}, not expanded again inside itself)`);
      this.onPath.add(name);
      try {
        const inner = this.convert(target, depth, celToo);
        return description === undefined ? inner : { ...inner, description };
      } finally {
        this.onPath.delete(name);
      }
    }
    if (depth > this.maxDepth) return open('(not expanded: nested too deeply)');

    if (s.format === 'int-or-string' || s['x-kubernetes-int-or-string'] === true)
      return withDescription({ anyOf: [{ type: 'integer' }, { type: 'string' }] }, description);

    const type = str(s.type) ?? (isRecord(s.properties) || isRecord(s.additionalProperties) ? 'object' : undefined);
    const cel = (base: JsonSchema): JsonSchema => withDescription(celToo ? { anyOf: [base, CEL] } : base, description);
    switch (type) {
      case 'object': {
        const out: JsonSchema = { type: 'object' };
        const props = isRecord(s.properties) ? s.properties : undefined;
        if (props !== undefined) {
          const converted: JsonSchema = {};
          // the kind's own metadata is a map the planner reads (never one `${…}`)
          for (const [k, v] of Object.entries(props))
            converted[k] = this.convert(v, depth + 1, depth > 0 || k !== 'metadata');
          out.properties = converted;
          const required = Array.isArray(s.required)
            ? s.required.filter((r) => typeof r === 'string' && r in props)
            : [];
          if (required.length > 0) out.required = required as string[];
        }
        if (isRecord(s.additionalProperties))
          out.additionalProperties = this.convert(s.additionalProperties, depth + 1, true);
        else if (s.additionalProperties === true || s['x-kubernetes-preserve-unknown-fields'] === true)
          out.additionalProperties = true;
        else if (props !== undefined) out.additionalProperties = false; // a typed object: unknown fields are refused, as kubectl's validation does
        return cel(out);
      }
      case 'array': {
        const out: JsonSchema = { type: 'array' };
        if (s.items !== undefined) out.items = this.convert(s.items, depth + 1, true);
        for (const k of ['minItems', 'maxItems'] as const) if (typeof s[k] === 'number') out[k] = s[k];
        return cel(out);
      }
      case 'integer':
      case 'number':
      case 'boolean': {
        const out: JsonSchema = { type };
        for (const k of NUMERIC_KEYS) if (typeof s[k] === 'number' || typeof s[k] === 'boolean') out[k] = s[k];
        if (Array.isArray(s.enum)) out.enum = s.enum as JSONValue[];
        return cel(out);
      }
      case 'string': {
        // Go's RE2 patterns and OpenAPI's formats are not the editor's to check: left out
        const out: JsonSchema = { type: 'string' };
        if (Array.isArray(s.enum)) out.enum = s.enum as JSONValue[];
        for (const k of ['minLength', 'maxLength'] as const) if (typeof s[k] === 'number') out[k] = s[k];
        return Object.keys(out).length > 1 ? cel(out) : withDescription(out, description);
      }
      default:
        return open(); // no type (x-kubernetes-preserve-unknown-fields, RawExtension): anything
    }
  }
}

function withDescription(schema: JsonSchema, description: string | undefined): JsonSchema {
  return description === undefined ? schema : { ...schema, description };
}

/** `io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps` → JSONSchemaProps. */
function shortName(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1);
}
