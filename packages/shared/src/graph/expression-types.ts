// What the type checker is told about a design's expressions: `self` typed from the CRD's schema
// (with the ObjectMeta fields a controller reads, not only the name the API server's validation
// rules see), each child id dynamic until its kind's schema is known. The API server's own
// compiler then refuses a field the schema lacks, a result of the wrong type for the field it
// fills, and an expression whose worst-case cost exceeds the per-call limit.
import type { CelCheckRequest, CelChecked, CelEngine } from '../cel/engine';
import type { JSONSchemaProps, JSONValue } from '../crd/types';
import { KIND_SCHEMAS as bundled } from './kind-schemas.generated';

const str = { type: 'string' };
// the API server's own bounds (names are DNS subdomains, label values 63 characters), so that
// the cost estimator sizes them as they are, not as any string in a 3 MiB request
const bounded = (maxLength: number) => ({ type: 'string', maxLength });
const stringMap = { type: 'object', additionalProperties: bounded(63) };

/** The ObjectMeta fields an expression reads from `self.metadata` (and the types it sees). */
export const SELF_METADATA: JSONSchemaProps = {
  type: 'object',
  properties: {
    name: bounded(253),
    generateName: bounded(253),
    namespace: bounded(63),
    uid: bounded(36),
    labels: stringMap,
    annotations: { type: 'object', additionalProperties: str },
    generation: { type: 'integer', format: 'int64' },
    resourceVersion: str,
    creationTimestamp: { type: 'string', format: 'date-time' },
  },
};

/** The CRD's version schema as `self`: apiVersion, kind and metadata as a stored object has them. */
export function selfSchema(root: JSONSchemaProps | undefined): JSONSchemaProps | null {
  if (root === undefined) return null;
  return {
    ...root,
    properties: { ...(root.properties ?? {}), apiVersion: str, kind: str, metadata: SELF_METADATA },
  };
}

/** The bundled schema of a built-in child kind (scripts/kind-schemas.ts), by reference; null for others. */
export function kindSchemaRef(apiVersion: string, kind: string): JSONValue {
  const name = (bundled.kinds as Record<string, string>)[`${apiVersion}/${kind}`];
  return name === undefined ? null : { $ref: `#/components/schemas/${name}` };
}

const defined = new WeakSet<CelEngine>();
const checked = new Map<string, CelChecked>();

/**
 * The engine's check, remembered by request (a keystroke rarely changes an expression's inputs).
 * `varsKey` is `req.vars` as text, made once by the caller for all of a design's expressions.
 */
export function checkExpression(engine: CelEngine, req: CelCheckRequest, varsKey: string): CelChecked {
  if (!defined.has(engine)) {
    engine.defineSchemas(JSON.stringify({ components: bundled.components }));
    defined.add(engine);
  }
  const { vars: _vars, ...rest } = req;
  const key = `${varsKey}\u0000${JSON.stringify(rest)}`;
  let hit = checked.get(key);
  if (hit === undefined) {
    if (checked.size > 2000) checked.clear();
    hit = engine.check(req);
    checked.set(key, hit);
  }
  return hit;
}

const BOUND_HINT =
  'bound what it reads in the schema (maxItems, maxLength, maxProperties, and a maximum for the number given to lists.range) or simplify it';

/** Why a checked expression cannot be installed (an error), or what to know before it runs (a warning). */
export function checkProblem(
  source: string,
  c: CelChecked,
  perCall: number,
): { severity: 'error' | 'warning'; message: string } | undefined {
  const error = (message: string) => ({ severity: 'error' as const, message: `\${${source}}: ${message}` });
  if (c.error !== undefined) return error(c.error);
  if (c.mismatch !== undefined) return error(c.mismatch);
  if (c.overLimit === true)
    return error(
      `its estimated cost (${c.costMax}) exceeds the API server's limit of ${perCall} per expression: ${BOUND_HINT}`,
    );
  if (c.unbounded === true)
    return {
      severity: 'warning',
      message: `\${${source}}: its cost has no bound before it runs, so only the limit of ${perCall} per expression stops it then: ${BOUND_HINT}`,
    };
  return undefined;
}

export type VarSchemas = Record<string, JSONValue>;
