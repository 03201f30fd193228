// validateCelRules (cel-rules.ts) with its two expensive calls memoised across keystrokes:
// parseCel by rule text, and checkCel by rule, root-ness and the CEL type signature of the
// schema node the rule sits on (design-memo.ts): checkCel declares that node's CEL types,
// which costs far more than the signature, and typing a description or a default does not
// change it. Same inputs, same issues.
// design.test.ts checks this agrees with validateCelRules on every corpus CRD.
import { checkCel, parseCel, type CelCheckResult, type CelParseResult } from '../cel';
import type { JSONSchemaProps } from '../crd/types';
import {
  FIELD_PATH,
  fieldPathProblem,
  OPTIONAL_OLD_SELF_HINT,
  plainOptionalOldSelf,
  REASONS,
  where,
} from './cel-rule-shape';
import { error, warning, type Issue } from './issue';
import { at, walkSchema } from './walk';
import { celTypeId, remember, type TypeIds } from './design-memo';

const parsed = new Map<string, CelParseResult>();
const checked = new Map<string, CelCheckResult>();
const parseMemo = (rule: string): CelParseResult => remember(parsed, rule, () => parseCel(rule));

export function validateCelRulesMemo(
  version: string,
  root: JSONSchemaProps | undefined,
  types: TypeIds = new Map(),
): Issue[] {
  const out: Issue[] = [];
  walkSchema(root, ({ node, path, level }) => {
    const rules = node['x-kubernetes-validations'];
    if (rules === undefined || rules.length === 0) return;
    let nodeKey: string | undefined;
    rules.forEach((r, i) => {
      const p = at(version, `${path} x-kubernetes-validations[${i}]`);
      const rule = r.rule ?? '';
      const syntax = parseMemo(rule);
      if (!syntax.ok) out.push(error(p, `CEL rule does not parse: ${syntax.message}${where(syntax.offset)}`));
      else {
        nodeKey ??= `${level === 'root'}\u0000${celTypeId(node, types)}`;
        const result = remember(checked, `${rule}\u0000${nodeKey}`, () =>
          checkCel(rule, node, { isRoot: level === 'root' }),
        );
        if (!result.ok && result.unknownField) {
          out.push(
            error(
              p,
              `CEL rule refers to a field this schema does not have (${result.message})${where(result.offset)}: fix the name or add the field`,
            ),
          );
        }
      }
      if (r.messageExpression !== undefined) {
        const m = parseMemo(r.messageExpression);
        if (!m.ok) out.push(error(p, `messageExpression does not parse: ${m.message}${where(m.offset)}`));
      }
      if (r.reason !== undefined && !REASONS.has(r.reason))
        out.push(error(p, `reason "${String(r.reason)}" must be one of ${[...REASONS].join(', ')}`));
      if (r.fieldPath !== undefined) {
        const problem = FIELD_PATH.test(r.fieldPath)
          ? fieldPathProblem(r.fieldPath, node)
          : "it is not a path such as .name or ['key']";
        if (problem !== undefined)
          out.push(error(p, `fieldPath "${r.fieldPath}" must lead to a field under this one: ${problem}`));
      }
      if (r.optionalOldSelf === true && [rule, r.messageExpression ?? ''].some(plainOptionalOldSelf))
        out.push(error(p, OPTIONAL_OLD_SELF_HINT));
      if (r.optionalOldSelf === true && !/\boldSelf\b/.test(rule))
        out.push(warning(p, 'optionalOldSelf has no effect: the rule does not use oldSelf'));
      if (r.message !== undefined && /[\r\n]/.test(r.message)) out.push(error(p, 'message must be a single line'));
    });
  });
  return out;
}
