// x-kubernetes-validations: every rule and messageExpression must parse, reasons must
// be ones the API server knows, fieldPath must be a path, and optionalOldSelf only
// makes sense in a transition rule (one that reads oldSelf). A rule that names a field
// its schema lacks is rejected by the API server too (checkCel).
import { checkCel, parseCel } from '../cel';
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

export function validateCelRules(version: string, root: JSONSchemaProps | undefined): Issue[] {
  const out: Issue[] = [];
  walkSchema(root, ({ node, path, level }) => {
    (node['x-kubernetes-validations'] ?? []).forEach((r, i) => {
      const p = at(version, `${path} x-kubernetes-validations[${i}]`);
      const parsed = parseCel(r.rule ?? '');
      if (!parsed.ok) out.push(error(p, `CEL rule does not parse: ${parsed.message}${where(parsed.offset)}`));
      else {
        const checked = checkCel(r.rule, node, { isRoot: level === 'root' });
        if (!checked.ok && checked.unknownField) {
          out.push(
            error(
              p,
              `CEL rule refers to a field this schema does not have (${checked.message})${where(checked.offset)}: fix the name or add the field`,
            ),
          );
        }
      }
      if (r.messageExpression !== undefined) {
        const m = parseCel(r.messageExpression);
        if (!m.ok) out.push(error(p, `messageExpression does not parse: ${m.message}${where(m.offset)}`));
      }
      if (r.reason !== undefined && !REASONS.has(r.reason)) {
        out.push(error(p, `reason "${String(r.reason)}" must be one of ${[...REASONS].join(', ')}`));
      }
      if (r.fieldPath !== undefined) {
        const problem = FIELD_PATH.test(r.fieldPath)
          ? fieldPathProblem(r.fieldPath, node)
          : "it is not a path such as .name or ['key']";
        if (problem !== undefined)
          out.push(error(p, `fieldPath "${r.fieldPath}" must lead to a field under this one: ${problem}`));
      }
      if (r.optionalOldSelf === true && [r.rule ?? '', r.messageExpression ?? ''].some(plainOptionalOldSelf))
        out.push(error(p, OPTIONAL_OLD_SELF_HINT));
      if (r.optionalOldSelf === true && !/\boldSelf\b/.test(r.rule ?? '')) {
        out.push(warning(p, 'optionalOldSelf has no effect: the rule does not use oldSelf'));
      }
      if (r.message !== undefined && /[\r\n]/.test(r.message)) out.push(error(p, 'message must be a single line'));
    });
  });
  return out;
}
