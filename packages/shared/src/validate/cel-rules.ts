// x-kubernetes-validations: each version's rules compiled by the API server's own code (the CEL
// module, packages/cel/rules), so a rule that does not compile, a messageExpression that does not
// give a string, oldSelf where it cannot be correlated, and a rule or a whole schema over its
// estimated cost limit are refused here in the API server's words. Until the module is loaded
// (celEngine() undefined) only the shape checks run (cel-rule-shape.ts): no CEL verdict is
// better than a wrong one.
import { celEngine } from '../cel/engine';
import type { JSONSchemaProps } from '../crd/types';
import { ruleShapeIssues } from './cel-rule-shape';
import { compiledRuleIssues } from './cel-engine-issues';
import type { Issue } from './issue';

export function validateCelRules(version: string, root: JSONSchemaProps | undefined): Issue[] {
  const out = ruleShapeIssues(version, root);
  const engine = celEngine();
  if (engine !== undefined && root !== undefined) out.push(...compiledRuleIssues(version, engine.compileRules(root)));
  return out;
}
