// Checks a sample custom resource against one version's schema: the same value checks
// as the API server (value.ts), then every CEL rule on a field the sample sets,
// evaluated where the CEL library supports the functions used. Transition rules (those
// reading oldSelf) do not run on create and are skipped.
import { evaluateCel } from '../cel';
import type { JSONSchemaProps, JSONValue } from '../crd/types';
import { childPath } from '../crd/diff-path';
import { shapeSchema } from '../crd/diff-shape';
import { error, warning, type Issue } from './issue';
import { validateValue } from './value';

function celIssues(schema: JSONSchemaProps, value: JSONValue, path: string, out: Issue[]): void {
  for (const r of schema['x-kubernetes-validations'] ?? []) {
    if (/\boldSelf\b/.test(r.rule)) continue;
    const result = evaluateCel(r.rule, { self: value }, schema);
    if (result.ok && result.value === false)
      out.push(error(path, r.message ?? `fails the rule ${r.rule.replace(/\s+/g, ' ')}`));
    else if (!result.ok && result.reason === 'error')
      out.push(warning(path, `the rule ${r.rule.replace(/\s+/g, ' ')} could not be evaluated: ${result.message}`));
  }
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    const items = schema.items !== undefined && !Array.isArray(schema.items) ? schema.items : undefined;
    const base = path === '.' ? '' : path;
    if (items) value.forEach((v, i) => celIssues(items, v, `${base}[${i}]`, out));
    return;
  }
  const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  for (const [k, v] of Object.entries(value)) {
    const child = schema.properties?.[k] ?? extra;
    if (child) celIssues(child, v, childPath(path, k), out);
  }
}

export function validateSample(version: string, schema: JSONSchemaProps | undefined, sample: JSONValue): Issue[] {
  if (schema === undefined) return [];
  schema = shapeSchema(schema, '.');
  const out: Issue[] = validateValue(schema, sample, '.', true).map((p) =>
    error(`sample ${version}: ${p.path}`, p.message),
  );
  const cel: Issue[] = [];
  celIssues(schema, sample, '.', cel);
  return [...out, ...cel.map((i) => ({ ...i, path: `sample ${version}: ${i.path}` }))];
}
