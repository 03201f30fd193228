/**
 * The conversion rules' problems at their design paths (`conversion.spokes[0].rules[2].to`): each
 * spoke names a version other than the hub, once; each field a rule names is where the rule says
 * (a move's `from` in the spoke, `to` in the hub …); each expression type-checks over `self` as
 * the source version's schema; a field one version has and the other lacks is named by a rule;
 * nothing is lost (add and drop keep what the other version lacks in an annotation); and the
 * rules round-trip on the sample and on generated objects (round-trip.ts).
 */
import { celEngine } from '../cel/engine';
import type { JSONSchemaProps, JSONValue } from '../crd/types';
import type { Design } from '../design/schema';
import { sampleResource } from '../manifests/sample';
import { error, type Issue } from '../validate/issue';
import { conversionPlan, type ConversionPlan } from './convert';
import { keptAnnotation, type ConversionRule } from './model';
import { checkRoundTrip, roundTripMessage } from './round-trip';

/** Generated objects per version and direction when a design is validated (the unit test runs 1,000). */
export const VALIDATE_ROUND_TRIPS = 50;

export function validateConversion(design: Design): Issue[] {
  // without a conversion section the versions differ as they always could (the API server
  // relabels each object and prunes it: strategy None), an imported CRD's own webhook included
  if (design.conversion === undefined) return [];
  const plan = conversionPlan(design);
  const out: Issue[] = [];
  const seen = new Set<string>();
  (design.conversion?.spokes ?? []).forEach((s, i) => {
    const at = `conversion.spokes[${i}]`;
    if (s.version === plan.hub)
      out.push(
        error(`${at}.version`, `${s.version} is the storage version, the hub: rules belong to the other versions`),
      );
    else if (!plan.spokes.has(s.version))
      out.push(
        error(`${at}.version`, `${s.version} is not a version of this kind (${[...plan.schemas.keys()].join(', ')})`),
      );
    else if (seen.has(s.version)) out.push(error(`${at}.version`, `${s.version} has rules already`));
    seen.add(s.version);
  });
  if (out.length > 0) return out;
  for (const [spoke, rules] of plan.spokes) {
    const index = (design.conversion?.spokes ?? []).findIndex((s) => s.version === spoke);
    const at = index < 0 ? 'conversion' : `conversion.spokes[${index}]`;
    const before = out.length;
    out.push(...ruleIssues(plan, spoke, rules, at), ...uncovered(plan, spoke, rules, at));
    if (out.length > before) continue;
    // identical schemas without rules need no webhook: the API server only changes apiVersion
    if (rules.length === 0 && sameSchema(plan.schemas.get(spoke), plan.schemas.get(plan.hub))) continue;
    if (celEngine() === undefined) continue;
    const rt = checkRoundTrip(plan, { count: VALIDATE_ROUND_TRIPS, spoke, hubObjects: [sampleResource(design)] });
    if (!rt.ok) out.push(error(at, roundTripMessage(rt.failure)));
  }
  return out;
}

function ruleIssues(plan: ConversionPlan, spoke: string, rules: readonly ConversionRule[], at: string): Issue[] {
  const out: Issue[] = [];
  const spokeSchema = plan.schemas.get(spoke);
  const hubSchema = plan.schemas.get(plan.hub);
  const field = (path: string, key: string, version: string, schema: JSONSchemaProps | undefined, want: boolean) => {
    const has = schemaAt(schema, path) !== undefined;
    if (has !== want) out.push(error(key, `${path} is ${want ? 'not' : 'already'} a field of ${version}`));
  };
  rules.forEach((r, i) => {
    const p = `${at}.rules[${i}]`;
    if (r.from !== undefined && r.to !== undefined) {
      field(r.from, `${p}.from`, spoke, spokeSchema, true);
      field(r.to, `${p}.to`, plan.hub, hubSchema, true);
    }
    if (r.toHub !== undefined && r.toSpoke !== undefined) {
      for (const [k, src] of Object.entries(r.toHub)) {
        field(k, `${p}.toHub["${k}"]`, plan.hub, hubSchema, true);
        out.push(...celIssue(src, spokeSchema, schemaAt(hubSchema, k), `${p}.toHub["${k}"]`));
      }
      for (const [k, src] of Object.entries(r.toSpoke)) {
        field(k, `${p}.toSpoke["${k}"]`, spoke, spokeSchema, true);
        out.push(...celIssue(src, hubSchema, schemaAt(spokeSchema, k), `${p}.toSpoke["${k}"]`));
      }
    }
    if (r.add !== undefined) {
      field(r.add, `${p}.add`, plan.hub, hubSchema, true);
      field(r.add, `${p}.add`, spoke, spokeSchema, false);
      if (r.keep === undefined)
        out.push(
          error(
            `${p}.keep`,
            `${r.add} is lost converting ${plan.hub} → ${spoke} → ${plan.hub}: keep it in the annotation ${keptAnnotation(plan.group, r.add)} (keep: annotation)`,
          ),
        );
    }
    if (r.drop !== undefined) {
      field(r.drop, `${p}.drop`, spoke, spokeSchema, true);
      field(r.drop, `${p}.drop`, plan.hub, hubSchema, false);
      if (r.keep === undefined)
        out.push(
          error(
            `${p}.keep`,
            `${r.drop} is lost converting ${spoke} → ${plan.hub} → ${spoke}: keep it in the annotation ${keptAnnotation(plan.group, r.drop)} (keep: annotation)`,
          ),
        );
    }
  });
  return out;
}

function celIssue(
  source: string,
  self: JSONSchemaProps | undefined,
  expect: JSONSchemaProps | undefined,
  at: string,
): Issue[] {
  const engine = celEngine();
  if (engine === undefined) return [];
  const checked = engine.check({
    source,
    vars: { self: (self ?? null) as JSONValue },
    ...(expect !== undefined ? { expect: expect as JSONValue } : {}),
  });
  if (checked.error !== undefined) return [error(at, checked.error)];
  // an optional result fills the field when it has a value and leaves it unset when it is none
  if (checked.type?.startsWith('optional_type(') === true && checked.mismatch !== undefined)
    return celIssue(`(${source}).value()`, self, expect, at);
  if (checked.mismatch !== undefined) return [error(at, checked.mismatch)];
  if (checked.overLimit === true)
    return [error(at, `the expression's estimated cost ${checked.costMax} is over the limit`)];
  return [];
}

/** A field one version has and the other lacks, that no rule names: it would be pruned on the way. */
function uncovered(plan: ConversionPlan, spoke: string, rules: readonly ConversionRule[], at: string): Issue[] {
  const named = { [spoke]: new Set<string>(), [plan.hub]: new Set<string>() };
  for (const r of rules) {
    for (const f of [r.from, r.drop, ...Object.keys(r.toSpoke ?? {})]) if (f !== undefined) named[spoke]!.add(f);
    for (const f of [r.to, r.add, ...Object.keys(r.toHub ?? {})]) if (f !== undefined) named[plan.hub]!.add(f);
  }
  const out: Issue[] = [];
  const pairs = [
    [spoke, plan.hub],
    [plan.hub, spoke],
  ] as const;
  for (const [one, other] of pairs) {
    for (const f of leafPaths(plan.schemas.get(one), '')) {
      const isNamed = [...named[one]!].some((n) => f === n || f.startsWith(`${n}.`) || n.startsWith(`${f}.`));
      if (isNamed || schemaAt(plan.schemas.get(other), f) !== undefined) continue;
      out.push(
        error(
          at,
          `${one}'s ${f} has no place in ${other}: move it (from/to), compute it (toHub/toSpoke), or ${one === spoke ? 'drop' : 'add'} it`,
        ),
      );
    }
  }
  return out;
}

/** The schema of a dotted field; a field under one that keeps unknown fields counts as there. */
export function schemaAt(schema: JSONSchemaProps | undefined, path: string): JSONSchemaProps | undefined {
  let at = schema;
  for (const part of path.split('.')) {
    if (at === undefined) return undefined;
    if (at['x-kubernetes-preserve-unknown-fields'] === true && at.properties?.[part] === undefined) return {};
    at = at.properties?.[part] ?? (typeof at.additionalProperties === 'object' ? at.additionalProperties : undefined);
  }
  return at;
}

/** Every field path down to the leaves (and objects without declared fields), outside apiVersion, kind and metadata. */
function leafPaths(schema: JSONSchemaProps | undefined, prefix: string): string[] {
  const props = Object.entries(schema?.properties ?? {});
  if (props.length === 0) return prefix === '' ? [] : [prefix];
  return props
    .filter(([k]) => prefix !== '' || !['apiVersion', 'kind', 'metadata'].includes(k))
    .flatMap(([k, s]) => leafPaths(s, prefix === '' ? k : `${prefix}.${k}`));
}

function sameSchema(a: JSONSchemaProps | undefined, b: JSONSchemaProps | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
