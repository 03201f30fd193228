// The design's own conditions (model.ts CUSTOM_CONDITION), planned after the children, the status
// bindings and readiness, and before the built-in four (whose Degraded counts their failures):
//   - the status expression runs over what is observed; true/false give True/False, with the
//     reason and message the design gives (default ExpressionTrue/ExpressionFalse and which way
//     the expression went);
//   - when it needs a child or an external reference not observed yet: Unknown,
//     WaitingForResources, naming what it waits for (a `?:` or `&&` that does not reach an
//     unobserved child decides without it);
//   - when it fails otherwise, or gives no bool, or its reason is not CamelCase: Unknown,
//     EvaluationFailed, and the failure is a plan error at its path (Degraded).
// The reconciler writes them with the built-ins' rules (lastTransitionTime moves only with the
// status, observedGeneration each write) and records an Event on each change of status.
import type { PlanCondition, PlanError } from './conditions';
import { reasonProblem } from './condition-types';
import { evaluateString, type CelContext } from './evaluate';
import { splitExpressions } from './expressions';
import type { CustomCondition } from './model';

export interface CustomConditionInputs {
  readonly conditions: readonly CustomCondition[];
  /** the child and external ids each condition's expressions read, by index */
  readonly reads: readonly ReadonlySet<string>[];
  readonly context: CelContext | undefined;
  readonly isObserved: (id: string) => boolean;
  /** how a waiting message names an id: the id, or an external reference's object */
  readonly describe: (id: string) => string;
}

export function planCustomConditions(input: CustomConditionInputs, errors: PlanError[]): PlanCondition[] {
  return input.conditions.map((c, i) =>
    customCondition(c, `conditions[${i}]`, input.reads[i] ?? new Set(), input, errors),
  );
}

function customCondition(
  c: CustomCondition,
  path: string,
  reads: ReadonlySet<string>,
  input: CustomConditionInputs,
  errors: PlanError[],
): PlanCondition {
  const unknown = (reason: string, message: string): PlanCondition => ({
    type: c.type,
    status: 'Unknown',
    reason,
    message,
  });
  const failed = (e: PlanError): PlanCondition => {
    errors.push(e);
    return unknown('EvaluationFailed', `${e.path}: ${e.message}`);
  };
  const r = evaluateString(c.status, input.context, `${path}.status`);
  if (!r.ok) {
    if (!r.missing) return failed(r);
    const unseen = [...reads].filter((id) => !input.isObserved(id));
    return unknown(
      'WaitingForResources',
      unseen.length > 0 ? `waiting for ${unseen.map(input.describe).join(', ')}` : r.message,
    );
  }
  if (typeof r.value !== 'boolean')
    return failed({
      path: `${path}.status`,
      message: `status must give true or false, not ${JSON.stringify(r.value)}`,
    });
  const status = r.value ? 'True' : 'False';
  let reason = r.value ? 'ExpressionTrue' : 'ExpressionFalse';
  if (c.reason !== undefined) {
    const given = evaluateString(c.reason, input.context, `${path}.reason`);
    if (!given.ok) return given.missing ? unknown('WaitingForResources', given.message) : failed(given);
    const problem = typeof given.value === 'string' ? reasonProblem(given.value) : 'the reason must be a string';
    if (problem !== undefined) return failed({ path: `${path}.reason`, message: problem });
    reason = given.value as string;
  }
  let message = `the status expression gave ${r.value}`;
  if (c.message !== undefined) {
    const given = evaluateString(c.message, input.context, `${path}.message`);
    if (!given.ok) return given.missing ? unknown('WaitingForResources', given.message) : failed(given);
    message = typeof given.value === 'string' ? given.value : JSON.stringify(given.value);
  }
  return { type: c.type, status, reason, message };
}

/** What is wrong with the conditions as written: a type twice, a status that is not one `${…}`, a fixed reason that is not CamelCase. */
export function customConditionIssues(conditions: readonly CustomCondition[]): PlanError[] {
  const out: PlanError[] = [];
  const seen = new Set<string>();
  conditions.forEach((c, i) => {
    const path = `conditions[${i}]`;
    if (seen.has(c.type)) out.push({ path: `${path}.type`, message: `the condition ${c.type} is declared twice` });
    seen.add(c.type);
    const split = splitExpressions(c.status);
    if (!split.ok || split.parts.length !== 1 || !('expr' in split.parts[0]!))
      out.push({
        path: `${path}.status`,
        message:
          'status is one expression that gives true or false, written ${…}, such as ${backup.metadata.name != ""}',
      });
    if (c.reason !== undefined && !c.reason.includes('${')) {
      const problem = reasonProblem(c.reason);
      if (problem !== undefined) out.push({ path: `${path}.reason`, message: problem });
    }
  });
  return out;
}
