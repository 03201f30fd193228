// Type-checks a rule against the schema of the field it sits on, the way the API server
// compiles rules when a CRD is written: a rule that names a field the schema does not
// have (a typo, a renamed field) is rejected there. Only that error is reported here;
// other type errors are left to the API server, because Kubernetes' own functions
// (quantity(), url(), ip() …) are unknown to the library and would be false alarms.
import type { Environment } from '@marcbachmann/cel-js';
import type { JSONSchemaProps } from '../crd/types';
import { celEnvironment } from './env';
import { describeCelError } from './parse';

export type CelCheckResult = { ok: true } | { ok: false; unknownField: boolean; message: string; offset?: number };

const RESERVED = new Set([
  'true',
  'false',
  'null',
  'in',
  'as',
  'break',
  'const',
  'continue',
  'else',
  'for',
  'function',
  'if',
  'import',
  'let',
  'loop',
  'package',
  'namespace',
  'return',
  'var',
  'void',
  'while',
]);

/** How a property is spelled in CEL (Kubernetes escapes `-`, `.`, `/`, `__` and keywords); undefined if unreachable. */
export function celFieldName(name: string): string | undefined {
  if (RESERVED.has(name)) return `__${name}__`;
  if (!/^[A-Za-z_./-][A-Za-z0-9_./-]*$/.test(name)) return undefined;
  return name
    .replace(/__/g, '__underscores__')
    .replace(/\./g, '__dot__')
    .replace(/-/g, '__dash__')
    .replace(/\//g, '__slash__');
}

const SCALARS: Record<string, string> = { integer: 'int', number: 'double', boolean: 'bool' };
const OPAQUE_FORMATS = new Set(['date', 'date-time', 'duration', 'byte']);

/**
 * Declares the CEL type of a schema node in `env`, registering object types as needed.
 * Below MAX_DEPTH levels the type is dyn: rules rarely reach deeper, and declaring a whole
 * PodTemplateSpec for every rule would cost more than a keystroke may.
 */
const MAX_DEPTH = 4;

function declare(env: Environment, s: JSONSchemaProps, names: { n: number }, objectLike = false, depth = 0): string {
  if (s['x-kubernetes-int-or-string'] || depth > MAX_DEPTH) return 'dyn';
  if (s.type !== undefined && SCALARS[s.type]) return SCALARS[s.type]!;
  if (s.type === 'string') return s.format !== undefined && OPAQUE_FORMATS.has(s.format) ? 'dyn' : 'string';
  if (s.type === 'array')
    return s.items && !Array.isArray(s.items) ? `list<${declare(env, s.items, names, false, depth + 1)}>` : 'list<dyn>';
  if (s.type !== 'object') return 'dyn';
  if (typeof s.additionalProperties === 'object')
    return `map<string, ${declare(env, s.additionalProperties, names, false, depth + 1)}>`;
  const props = Object.entries(s.properties ?? {});
  const embedded = objectLike || s['x-kubernetes-embedded-resource'] === true;
  if (props.length === 0 && !embedded) return 'dyn';
  const fields: Record<string, string> = {};
  if (embedded) {
    fields.apiVersion = 'string';
    fields.kind = 'string';
    const meta = `S${++names.n}`;
    env.registerType({ name: meta, fields: { name: 'string', generateName: 'string' } });
    fields.metadata = meta;
  }
  for (const [name, child] of props) {
    const key = celFieldName(name);
    if (key !== undefined && !(embedded && name === 'metadata'))
      fields[key] = declare(env, child, names, false, depth + 1);
  }
  const type = `S${++names.n}`;
  env.registerType({ name: type, fields });
  return type;
}

const cache = new WeakMap<JSONSchemaProps, Environment | null>();

function environmentFor(schema: JSONSchemaProps, isRoot: boolean): Environment | null {
  if (!isRoot && cache.has(schema)) return cache.get(schema) ?? null;
  let env: Environment | null;
  try {
    env = celEnvironment().clone();
    env.registerVariable('self', declare(env, schema, { n: 0 }, isRoot));
  } catch {
    env = null; // a schema the library cannot express: skip the check rather than guess
  }
  if (!isRoot) cache.set(schema, env);
  return env;
}

export function checkCel(rule: string, schema: JSONSchemaProps, options: { isRoot?: boolean } = {}): CelCheckResult {
  const env = environmentFor(schema, options.isRoot === true);
  if (env === null) return { ok: true };
  try {
    const result = env.check(rule) as { valid: boolean; error?: unknown };
    if (result.valid) return { ok: true };
    const code = (result.error as { code?: string } | undefined)?.code;
    return { ok: false, unknownField: code === 'no_such_key', ...describeCelError(result.error) };
  } catch (err) {
    return { ok: false, unknownField: false, ...describeCelError(err) };
  }
}
