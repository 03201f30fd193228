// validateCelRules (cel-rules.ts) memoised across keystrokes: the compilation of a version's
// rules is kept by the schema's text without its documentation, so typing a description does
// not compile the rules again. Same inputs, same issues.
// design.test.ts checks this agrees with validateCelRules on every corpus CRD.
import { celEngine, type CelRulesCompiled } from '../cel/engine';
import type { JSONSchemaProps } from '../crd/types';
import { ruleShapeIssues } from './cel-rule-shape';
import { compiledRuleIssues, ruleKey } from './cel-engine-issues';
import { remember } from './design-memo';
import type { Issue } from './issue';

const compiled = new Map<string, CelRulesCompiled>();

export function validateCelRulesMemo(version: string, root: JSONSchemaProps | undefined): Issue[] {
  const out = ruleShapeIssues(version, root);
  const engine = celEngine();
  if (engine === undefined || root === undefined) return out;
  const result = remember(compiled, ruleKey(root), () => engine.compileRules(root));
  return [...out, ...compiledRuleIssues(version, result)];
}
