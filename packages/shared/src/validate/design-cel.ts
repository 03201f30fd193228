// Runs the storage version's CEL rules against the design's sample CR (the one `opstudio sample`
// writes) as the API server would on creating it: the CEL module runs the API server's own
// validator (pruning, defaults, messageExpression, the cost budget; transition rules do not run on
// a create), each rule on its own so a failure lands on the rule. The sample is synthetic
// (smallest values, defaults, examples), so a rule it fails is a warning that says how to make it
// pass, with the API server's answer. One issue per rule. Nothing until the module is loaded.
import { celEngine, type CelValidated } from '../cel/engine';
import type { JSONSchemaProps, JSONValue } from '../crd/types';
import { ruleKey, rulePath } from './cel-engine-issues';
import { remember } from './design-memo';
import { schemaIssuePath } from './design-paths';
import { warning, type Issue } from './issue';
import { jsonText } from '../crd/json-text';

// a field the rule reads is not set: the rule's fault (guard it), not the sample's
const MISSING_FIELD = /\bno such key\b/;
// memoised by schema (less its documentation) and sample: most keystrokes change neither
const validated = new Map<string, CelValidated>();
const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim();

export function validateSampleRules(version: string, root: JSONSchemaProps | undefined, sample: JSONValue): Issue[] {
  const engine = celEngine();
  if (engine === undefined || root === undefined) return [];
  const result = remember(validated, `${ruleKey(root)}\u0000${jsonText(sample)}`, () =>
    engine.validate({ schema: root, object: sample, byRule: true }),
  );
  const out: Issue[] = [];
  for (const r of result.byRule ?? []) {
    // a rule that does not compile is the CRD checks' to report (cel-rules.ts)
    const e = r.errors.find((x) => !x.detail.startsWith('rule compile error:'));
    if (e === undefined) continue;
    const says = `the API server says ${oneLine(e.text)}`;
    out.push(
      warning(
        schemaIssuePath(version, rulePath(r)),
        MISSING_FIELD.test(e.detail)
          ? `the rule cannot be evaluated on the sample CR (${says}); guard optional fields with has(self.field)`
          : `the sample CR fails this rule (${says}): give the fields it reads an example or default that satisfies it`,
      ),
    );
  }
  return out;
}
