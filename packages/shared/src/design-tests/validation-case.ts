// A validation case run (docs/design/0052): the object (and, for an update, the old object), each
// a merge patch over the design's sample, through the API server's own validator in the studio's
// CEL module (resources/rule-check.ts: pruning, defaults, the schema, x-kubernetes-validations
// with the cost budget, ratcheting on an update) against the version's schema from the CRD the
// design generates. The verdict and the lines are the API server's; the case says which it expects.
import type { CelEngine } from '../cel/engine';
import type { CustomResourceDefinition } from '../crd/types';
import type { Design } from '../design/schema';
import { sampleResource } from '../manifests/sample';
import { versionSchema } from './stored';
import { applyMergePatch } from '../resources/merge-patch';
import { checkRules } from '../resources/rule-check';
import type { CaseFailure } from './render-case';
import type { ValidationCase } from './model';

export interface Verdict {
  readonly allowed: boolean;
  /** the API server's lines: `spec.replicas: Invalid value: 4: replicas must be odd…` */
  readonly errors: readonly string[];
  readonly warnings: readonly string[];
}

/** The case's object and old object (null for a create): each a merge patch over the design's sample. */
export function validationObjects(
  design: Design,
  c: Pick<ValidationCase, 'object' | 'oldObject'>,
): { object: Record<string, unknown>; oldObject: Record<string, unknown> | null } {
  const sample = sampleResource(design);
  const object = applyMergePatch(sample, c.object) as Record<string, unknown>;
  const oldObject =
    c.oldObject === undefined ? null : (applyMergePatch(sample, c.oldObject) as Record<string, unknown>);
  return { object, oldObject };
}

export function runValidationCase(
  engine: CelEngine,
  design: Design,
  c: ValidationCase,
  crd?: CustomResourceDefinition,
): { failures: CaseFailure[]; verdict?: Verdict } {
  const schema = versionSchema(design, c.version, crd);
  if (schema === undefined)
    return { failures: [{ where: 'version', text: `version: the CRD has no version ${c.version ?? '(storage)'}` }] };
  const { object, oldObject } = validationObjects(design, c);
  const check = checkRules(engine, { schema, object, oldObject });
  if (check.notRun !== undefined) return { failures: [{ where: 'verdict', text: `not checked: ${check.notRun}` }] };
  const verdict: Verdict = {
    allowed: check.errors.length === 0,
    errors: check.errors.map((e) => e.text),
    warnings: check.warnings,
  };
  const failures: CaseFailure[] = check.unchecked.map((rule) => ({
    where: 'verdict',
    text: `not checked: the rule ${JSON.stringify(rule)} does not compile in the studio's CEL`,
  }));
  const { expect } = c;
  if (expect.allowed && !verdict.allowed)
    failures.push({ where: 'verdict', text: `expected allowed, refused: ${verdict.errors.join('; ')}` });
  else if (!expect.allowed && verdict.allowed) failures.push({ where: 'verdict', text: 'expected refused, allowed' });
  else if (expect.errors !== undefined) failures.push(...lineFailures('errors', expect.errors, verdict.errors));
  if (expect.warnings !== undefined) failures.push(...lineFailures('warnings', expect.warnings, verdict.warnings));
  return { failures, verdict };
}

/** Exactly the lines expected, in any order: each missing one and each extra one named. */
function lineFailures(where: string, expected: readonly string[], got: readonly string[]): CaseFailure[] {
  const out: CaseFailure[] = [];
  for (const line of expected)
    if (!got.includes(line)) out.push({ where, text: `${where}: expected ${JSON.stringify(line)}, not given` });
  for (const line of got)
    if (!expected.includes(line)) out.push({ where, text: `${where}: not expected: ${JSON.stringify(line)}` });
  return out;
}
