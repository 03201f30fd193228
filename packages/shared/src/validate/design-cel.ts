// Runs each CEL rule of the storage version against the design's sample CR (the one
// `opstudio sample` writes), on every value of the sample the rule applies to. The sample
// is synthetic (smallest values, defaults, examples), so a rule it fails is a warning that
// says how to make the sample pass: give the field an example or default that satisfies the
// rule. Transition rules (oldSelf) do not run on create and are skipped; functions the CEL
// library lacks (quantity(), url() …) are not evaluated. One issue per rule, not per value.
import { evaluateCel, type CelEvalResult } from '../cel';
import { childPath, itemsPath, mapValuesPath } from '../crd/diff-path';
import type { JSONSchemaProps, JSONValue } from '../crd/types';
import { celTypeId, remember, type TypeIds } from './design-memo';
import { schemaIssuePath } from './design-paths';
import { warning, type Issue } from './issue';

// Only a missing field is the rule's fault; other evaluation errors can be the library's
// (it rejects some valid forms, such as has(self.list[0].field)), and the API server decides.
const MISSING_FIELD = /^No such key/;
// Evaluations are memoised by rule, the value's CEL types and the value: most keystrokes
// change neither the sample nor the types.
const evaluated = new Map<string, CelEvalResult>();
const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim();

interface Walk {
  version: string;
  reported: Set<string>;
  types: TypeIds;
  out: Issue[];
}

function evaluate(rule: string, schema: JSONSchemaProps, value: JSONValue, w: Walk): CelEvalResult {
  const key = `${rule}\u0000${celTypeId(schema, w.types)}\u0000${JSON.stringify(value)}`;
  return remember(evaluated, key, () => evaluateCel(rule, { self: value }, schema));
}

function visit(schema: JSONSchemaProps, value: JSONValue, path: string, w: Walk): void {
  const { version, reported, out } = w;
  (schema['x-kubernetes-validations'] ?? []).forEach((r, i) => {
    const where = `${path} x-kubernetes-validations[${i}]`;
    if (reported.has(where) || typeof r.rule !== 'string' || /\boldSelf\b/.test(r.rule)) return;
    const result = evaluate(r.rule, schema, value, w);
    const what = r.message !== undefined ? `"${oneLine(r.message)}"` : oneLine(r.rule);
    if (result.ok && result.value !== true) {
      reported.add(where);
      const got =
        result.value === false
          ? 'fails'
          : `gives ${JSON.stringify(typeof result.value === 'bigint' ? String(result.value) : result.value) ?? 'no value'} instead of true for`;
      out.push(
        warning(
          schemaIssuePath(version, where),
          `the sample CR ${got} this rule (${what}): give the fields it reads an example or default that satisfies it`,
        ),
      );
    } else if (!result.ok && result.reason === 'error' && MISSING_FIELD.test(result.message)) {
      reported.add(where);
      out.push(
        warning(
          schemaIssuePath(version, where),
          `the rule cannot be evaluated on the sample CR: ${result.message}; guard optional fields with has(self.field)`,
        ),
      );
    }
  });
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    const items = schema.items !== undefined && !Array.isArray(schema.items) ? schema.items : undefined;
    if (items) for (const v of value) visit(items, v, itemsPath(path), w);
    return;
  }
  const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  for (const [k, v] of Object.entries(value)) {
    const own = schema.properties?.[k];
    if (own) visit(own, v, childPath(path, k), w);
    else if (extra) visit(extra, v, mapValuesPath(path), w);
  }
}

export function validateSampleRules(
  version: string,
  root: JSONSchemaProps | undefined,
  sample: JSONValue,
  types: TypeIds = new Map(),
): Issue[] {
  const out: Issue[] = [];
  if (root !== undefined) visit(root, sample, '.', { version, reported: new Set(), types, out });
  return out;
}
