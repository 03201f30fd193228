// Runs each CEL rule of the storage version against the design's sample CR (the one
// `opstudio sample` writes), on every value of the sample the rule applies to. The sample
// is synthetic (smallest values, defaults, examples), so a rule it fails is a warning that
// says how to make the sample pass: give the field an example or default that satisfies the
// rule. Transition rules (oldSelf) do not run on create and are skipped; functions the CEL
// library lacks (quantity(), url() …) are not evaluated. One issue per rule, not per value.
import { evaluateCel } from '../cel';
import { childPath, itemsPath, mapValuesPath } from '../crd/diff-path';
import type { JSONSchemaProps, JSONValue } from '../crd/types';
import { schemaIssuePath } from './design-paths';
import { warning, type Issue } from './issue';

const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim();

function visit(version: string, schema: JSONSchemaProps, value: JSONValue, path: string, reported: Set<string>, out: Issue[]): void {
  (schema['x-kubernetes-validations'] ?? []).forEach((r, i) => {
    const where = `${path} x-kubernetes-validations[${i}]`;
    if (reported.has(where) || typeof r.rule !== 'string' || /\boldSelf\b/.test(r.rule)) return;
    const result = evaluateCel(r.rule, { self: value }, schema);
    const what = r.message !== undefined ? `"${oneLine(r.message)}"` : oneLine(r.rule);
    if (result.ok && result.value !== true) {
      reported.add(where);
      const got = result.value === false ? 'fails' : `gives ${JSON.stringify(typeof result.value === 'bigint' ? String(result.value) : result.value) ?? 'no value'} instead of true for`;
      out.push(warning(schemaIssuePath(version, where), `the sample CR ${got} this rule (${what}): give the fields it reads an example or default that satisfies it`));
    } else if (!result.ok && result.reason === 'error') {
      reported.add(where);
      out.push(warning(schemaIssuePath(version, where), `the rule cannot be evaluated on the sample CR: ${result.message}; guard optional fields with has(self.field)`));
    }
  });
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    const items = schema.items !== undefined && !Array.isArray(schema.items) ? schema.items : undefined;
    if (items) for (const v of value) visit(version, items, v, itemsPath(path), reported, out);
    return;
  }
  const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  for (const [k, v] of Object.entries(value)) {
    const own = schema.properties?.[k];
    if (own) visit(version, own, v, childPath(path, k), reported, out);
    else if (extra) visit(version, extra, v, mapValuesPath(path), reported, out);
  }
}

export function validateSampleRules(version: string, root: JSONSchemaProps | undefined, sample: JSONValue): Issue[] {
  const out: Issue[] = [];
  if (root !== undefined) visit(version, root, sample, '.', new Set(), out);
  return out;
}
