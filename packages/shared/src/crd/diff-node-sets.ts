// The set-valued keywords of a schema node: required, enum, CEL rules, and the
// allOf/anyOf/oneOf/not compositions. Split from diff-node to keep both readable.
import type { RuleId, Severity } from './diff-types';
import { canonicalJson, show } from './diff-json';
import type { JSONSchemaProps, JSONValue, ValidationRule } from './types';

type Emit = (rule: RuleId, severity: Severity, message: string) => void;

const list = (xs: string[]): string => xs.join(', ');

export function compareRequired(a: string[] = [], b: string[] = [], emit: Emit): void {
  const added = b.filter((n) => !a.includes(n));
  const removed = a.filter((n) => !b.includes(n));
  if (added.length > 0)
    emit('required', 'breaking', `new required field${added.length > 1 ? 's' : ''}: ${list(added)}`);
  if (removed.length > 0) emit('required', 'safe', `no longer required: ${list(removed)}`);
}

export function compareEnum(a: JSONValue[] | undefined, b: JSONValue[] | undefined, emit: Emit): void {
  if (a === undefined && b === undefined) return;
  if (a === undefined && b !== undefined) {
    emit('enum', 'breaking', `enum added where any value was allowed: ${list(b.map((v) => show(v)))}`);
    return;
  }
  if (a !== undefined && b === undefined) {
    emit('enum', 'safe', 'enum removed: any value is allowed now');
    return;
  }
  const before = new Map((a ?? []).map((v) => [canonicalJson(v), v]));
  const after = new Map((b ?? []).map((v) => [canonicalJson(v), v]));
  const removed = [...before].filter(([k]) => !after.has(k)).map(([, v]) => show(v));
  const added = [...after].filter(([k]) => !before.has(k)).map(([, v]) => show(v));
  if (removed.length > 0) emit('enum', 'breaking', `enum values removed: ${list(removed)}`);
  if (added.length > 0) emit('enum', 'safe', `enum values added: ${list(added)}`);
}

/** A rule's identity is what it checks (crdify hashes rule, reason and optionalOldSelf); messages are cosmetic. */
function ruleKey(r: ValidationRule): string {
  return canonicalJson({ rule: r.rule, reason: r.reason, optionalOldSelf: r.optionalOldSelf });
}

export function compareValidations(a: ValidationRule[] = [], b: ValidationRule[] = [], emit: Emit): void {
  const before = new Map(a.map((r) => [ruleKey(r), r]));
  const after = new Map(b.map((r) => [ruleKey(r), r]));
  for (const [k, r] of after)
    if (!before.has(k)) emit('xValidations', 'breaking', `CEL rule added: ${r.rule.replace(/\s+/g, ' ')}`);
  for (const [k, r] of before)
    if (!after.has(k)) emit('xValidations', 'safe', `CEL rule removed: ${r.rule.replace(/\s+/g, ' ')}`);
  for (const [k, r] of after) {
    const old = before.get(k);
    if (old && canonicalJson(old) !== canonicalJson(r))
      emit('xValidations', 'safe', `CEL rule message or field path changed: ${r.rule.replace(/\s+/g, ' ')}`);
  }
}

/** anyOf may only grow safely (more alternatives accept more); any other change may reject stored objects. */
export function compareComposition(a: JSONSchemaProps, b: JSONSchemaProps, emit: Emit): void {
  for (const key of ['allOf', 'oneOf', 'not'] as const) {
    if (canonicalJson(a[key]) !== canonicalJson(b[key])) emit('composition', 'breaking', `${key} changed`);
  }
  if (canonicalJson(a.anyOf) === canonicalJson(b.anyOf)) return;
  const before = (a.anyOf ?? []).map(canonicalJson);
  const after = new Set((b.anyOf ?? []).map(canonicalJson));
  const onlyGrew = a.anyOf !== undefined && b.anyOf !== undefined && before.every((x) => after.has(x));
  const dropped = a.anyOf !== undefined && b.anyOf === undefined;
  emit(
    'composition',
    onlyGrew || dropped ? 'safe' : 'breaking',
    onlyGrew ? 'anyOf alternatives added' : dropped ? 'anyOf removed' : 'anyOf changed',
  );
}
