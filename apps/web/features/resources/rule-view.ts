// Where the form shows what the API server will say (use-rule-check.ts): each error under its
// field (the rule's own words; the schema's checks in the API server's), as a marker at its place
// in the YAML, and the whole lines in the list above the form. Pure.
import type { FieldVerdict } from '@opstudio/shared/resources/rule-check';
import type { PathMark } from '../monaco/SchemaYamlEditor';
import { pathKey, type ValuePath } from './schema-form/schema-fields';
import type { RulesState } from './use-rule-check';

/** The errors of the current verdict: what Apply is held back for. */
export function refusals(rules: RulesState): readonly FieldVerdict[] {
  return rules.state === 'checked' && rules.current ? rules.check.errors : [];
}

/** The line the list shows: as the API server lists it, without its `<nil>` for the object itself. */
export const refusalLine = (e: FieldVerdict): string => (e.field === '' ? e.message : e.text);

/**
 * The form's messages by field (`pathKey`): the required fields found empty (the form's own
 * check, worded by it on Apply) and the verdict's errors. A field the form already calls
 * required is not told "Required value" again.
 */
export function fieldErrors(
  missing: readonly ValuePath[],
  errors: readonly FieldVerdict[],
): ReadonlyMap<string, readonly string[]> {
  const out = new Map<string, string[]>();
  const add = (key: string, message: string) => {
    const list = out.get(key) ?? [];
    if (!list.includes(message)) list.push(message);
    out.set(key, list);
  };
  const required = new Set(missing.map(pathKey));
  for (const path of missing) add(pathKey(path), `${String(path.at(-1))} is required`);
  for (const e of errors) {
    if (e.path.length === 0) continue; // the object itself: the list above says it
    const key = pathKey(e.path);
    if (e.type === 'FieldValueRequired' && required.has(key)) continue;
    add(key, e.rule ? e.detail : e.message);
  }
  return out;
}

/** The verdict as markers in the YAML editor. */
export function yamlMarks(rules: RulesState): readonly PathMark[] {
  if (rules.state !== 'checked') return [];
  return rules.check.errors.map((e) => ({ path: e.path, message: refusalLine(e), severity: 'error' as const }));
}
