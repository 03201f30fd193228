// The impact report: (installed design and CRD schema, draft design and CRD schema, the live
// custom resources) → which the new CRD refuses, which get different children, which nothing
// happens to. Pure: the CEL engine (the API server's validator, packages/cel) is handed in, the
// live objects are read and the changed children dry-run by the caller (apps/controller
// install/impact.ts). docs/design/0051-impact-before-install.md says why a resource whose
// unchanged field breaks a raised `minimum` is listed as refused although the API server
// ratchets it.
import type { CelEngine } from '../cel/engine';
import { canonicalJson } from '../crd/diff-json';
import { jsonText } from '../crd/json-text';
import type { JSONSchemaProps } from '../crd/types';
import type { Design } from '../design/schema';
import type { KubeObject } from '../graph/model';
import { checkRules, checkRulesAll, type FieldVerdict, type RuleCheck } from '../resources/rule-check';
import { childRenderers, diffChildren } from './children';
import { summarise } from './summary';
import type { ImpactReport, RefusedField, RefusedWhen, ResourceImpact, ResourceRef } from './types';

export interface ImpactSide {
  readonly design: Design;
  /** the openAPIV3Schema of the version the objects are read at */
  readonly schema: JSONSchemaProps;
}

export interface ImpactInput {
  /** what the cluster runs now: the installed CRD's schema and the design version it came from */
  readonly installed: ImpactSide;
  readonly draft: ImpactSide;
  /** the live custom resources, as the API server returns them */
  readonly objects: readonly KubeObject[];
  readonly engine: CelEngine;
}

export function refOf(o: KubeObject): ResourceRef {
  const meta = (o.metadata ?? {}) as { name?: unknown; namespace?: unknown };
  const name = typeof meta.name === 'string' ? meta.name : '';
  return typeof meta.namespace === 'string' ? { namespace: meta.namespace, name } : { name };
}

const byPlace = (a: ResourceRef, b: ResourceRef): number =>
  (a.namespace ?? '').localeCompare(b.namespace ?? '') || a.name.localeCompare(b.name);

export function planImpact(input: ImpactInput): ImpactReport {
  const [renderBefore, renderAfter] = childRenderers(input.installed.design, input.draft.design);
  const validate = refusalCheck(input);
  const refused: ResourceImpact[] = [];
  const changed: ResourceImpact[] = [];
  const unchanged: ResourceRef[] = [];
  const created = validate.creates(input.objects);
  input.objects.forEach((object, i) => {
    const ref = refOf(object);
    // the draft renders the object as the API server reads it once the draft is installed: the
    // draft's defaults applied (the installed CRD's are already in what was listed)
    const after = renderAfter(created[i]?.stored ?? object);
    const children = diffChildren(renderBefore(object), after);
    const refusal = validate.check(object, created[i]);
    const failures = after.failures.length > 0 ? { failures: after.failures } : {};
    if (refusal !== undefined) refused.push({ ...ref, children, refused: refusal, ...failures });
    else if (children.length > 0 || after.failures.length > 0) changed.push({ ...ref, children, ...failures });
    else unchanged.push(ref);
  });
  refused.sort(byPlace);
  changed.sort(byPlace);
  unchanged.sort(byPlace);
  const { groups, summary } = summarise(input.objects.length, refused, changed, unchanged.length);
  return { total: input.objects.length, refused, changed, unchanged, groups, summary, notes: validate.notes() };
}

/**
 * Would the API server refuse the object's next write under the draft's schema, because of this
 * change? Checked as a create first (every value validated); only an object that fails is checked
 * further: what the installed schema already refused is not this change's doing, and the update
 * check (the object against itself, the API server's ratcheting) says whether any write fails or
 * only one that changes the field.
 */
function refusalCheck(input: ImpactInput) {
  const same = canonicalJson(input.installed.schema) === canonicalJson(input.draft.schema);
  const notes = new Set<string>();
  // each schema serialized once, not once per object
  const texts = new Map([input.installed.schema, input.draft.schema].map((x) => [x, jsonText(x)]));
  const noted = (out: RuleCheck) => {
    if (out.notRun !== undefined) notes.add(`not validated: ${out.notRun}`);
    for (const u of out.unchecked) notes.add(`not checked (the studio's CEL does not compile it): ${u}`);
    return out.errors;
  };
  const run = (schema: JSONSchemaProps, object: KubeObject, oldObject: KubeObject | null) =>
    noted(checkRules(input.engine, { schema, object, oldObject, schemaText: texts.get(schema)! }));
  const fresh = (errors: readonly FieldVerdict[], before: readonly FieldVerdict[]): RefusedField[] => {
    const known = new Set(before.map((e) => e.text));
    return errors
      .filter((e) => !known.has(e.text))
      .map((e) => ({ field: e.field, message: e.text, detail: detailOf(e) }));
  };
  return {
    notes: () => [...notes],
    /**
     * Every object as a create under the draft, in one call per chunk, with the object as the API
     * server would store it (pruned, the draft's defaults); nothing when the schema is unchanged.
     */
    creates(objects: readonly KubeObject[]): (Created | undefined)[] {
      if (same) return objects.map(() => undefined);
      const schema = input.draft.schema;
      return checkRulesAll(input.engine, { schema, schemaText: texts.get(schema)!, objects }).map((out) => ({
        errors: noted(out),
        ...(out.stored !== undefined ? { stored: out.stored as KubeObject } : {}),
      }));
    },
    check(object: KubeObject, create: Created | undefined): { when: RefusedWhen; fields: RefusedField[] } | undefined {
      if (same || create === undefined) return undefined;
      const created = create.errors;
      if (created.length === 0) return undefined;
      const already = run(input.installed.schema, object, null);
      const fields = fresh(created, already);
      if (fields.length === 0) return undefined;
      const onWrite = fresh(run(input.draft.schema, object, object), already);
      return onWrite.length > 0 ? { when: 'next-write', fields: onWrite } : { when: 'when-changed', fields };
    },
  };
}

/** An object validated as a create under the draft: its errors, and the object as it would be stored. */
interface Created {
  readonly errors: readonly FieldVerdict[];
  readonly stored?: KubeObject;
}

/** The words alone: the schema's checks repeat the field (`spec.port in body should be …`). */
function detailOf(e: FieldVerdict): string {
  const words = e.detail === '' ? e.message : e.detail;
  const prefix = `${e.field} in body `;
  return words.startsWith(prefix) ? words.slice(prefix.length) : words;
}
