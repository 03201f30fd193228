// Compares one schema node of the installed CRD with the same node of the proposed one,
// keyword by keyword, children excluded (diff-schema walks those). Tightening what was
// accepted before is breaking: objects already stored, or clients already written,
// would be rejected. Loosening is safe. Anything not recognised is breaking ("unhandled"),
// failing closed as OLM does.
import type { RuleId, Severity } from './diff-types';
import { canonicalJson, jsonEqual, show } from './diff-json';
import type { JSONSchemaProps } from './types';
import { compareComposition, compareEnum, compareRequired, compareValidations } from './diff-node-sets';

type Emit = (rule: RuleId, severity: Severity, message: string) => void;

/** Keywords that describe children; diff-schema compares them by walking. */
const CHILD_KEYS = new Set(['properties', 'items']);

export function effectiveType(s: JSONSchemaProps): string {
  if (s['x-kubernetes-int-or-string']) return 'int-or-string';
  return s.type ?? '';
}

function bound(emit: Emit, rule: RuleId, kind: 'min' | 'max', a?: number, b?: number): void {
  if (a === b) return;
  if (a === undefined && b !== undefined) emit(rule, 'breaking', `${rule} ${b} added where there was no limit`);
  else if (a !== undefined && b === undefined) emit(rule, 'safe', `${rule} ${a} removed`);
  else if (a !== undefined && b !== undefined) {
    const tighter = kind === 'min' ? b > a : b < a;
    const verb = b > a ? 'raised' : 'lowered';
    emit(rule, tighter ? 'breaking' : 'safe', `${rule} ${verb} from ${a} to ${b}`);
  }
}

function flag(
  emit: Emit,
  rule: RuleId,
  a: boolean | undefined,
  b: boolean | undefined,
  breakingWhenOn: boolean,
  name: string,
): void {
  const before = a === true;
  const after = b === true;
  if (before === after) return;
  const breaking = after === breakingWhenOn;
  emit(rule, breaking ? 'breaking' : 'safe', `${name} ${after ? 'set' : 'unset'}`);
}

function stringConstraint(emit: Emit, rule: RuleId, a?: string, b?: string): void {
  if (a === b) return;
  if (a === undefined) emit(rule, 'breaking', `${rule} ${JSON.stringify(b)} added`);
  else if (b === undefined) emit(rule, 'safe', `${rule} ${JSON.stringify(a)} removed`);
  else emit(rule, 'breaking', `${rule} changed from ${JSON.stringify(a)} to ${JSON.stringify(b)}`);
}

export function compareNode(a: JSONSchemaProps, b: JSONSchemaProps, emit: Emit): void {
  const handled = new Set<string>(CHILD_KEYS);
  const take = (...keys: (keyof JSONSchemaProps)[]): void => keys.forEach((k) => handled.add(k));

  take('type', 'x-kubernetes-int-or-string');
  if (effectiveType(a) !== effectiveType(b)) {
    emit('type', 'breaking', `type changed from ${effectiveType(a) || 'unset'} to ${effectiveType(b) || 'unset'}`);
  }

  take('required', 'enum', 'x-kubernetes-validations', 'allOf', 'anyOf', 'oneOf', 'not');
  compareRequired(a.required, b.required, emit);
  compareEnum(a.enum, b.enum, emit);
  compareValidations(a['x-kubernetes-validations'], b['x-kubernetes-validations'], emit);
  compareComposition(a, b, emit);

  take('default');
  if (!jsonEqual(a.default, b.default)) {
    const what = a.default === undefined ? 'added' : b.default === undefined ? 'removed' : 'changed';
    emit('default', 'breaking', `default ${what}: ${show(a.default)} -> ${show(b.default)}`);
  }

  take('minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties');
  bound(emit, 'minimum', 'min', a.minimum, b.minimum);
  bound(emit, 'maximum', 'max', a.maximum, b.maximum);
  bound(emit, 'minLength', 'min', a.minLength, b.minLength);
  bound(emit, 'maxLength', 'max', a.maxLength, b.maxLength);
  bound(emit, 'minItems', 'min', a.minItems, b.minItems);
  bound(emit, 'maxItems', 'max', a.maxItems, b.maxItems);
  bound(emit, 'minProperties', 'min', a.minProperties, b.minProperties);
  bound(emit, 'maxProperties', 'max', a.maxProperties, b.maxProperties);

  take('exclusiveMinimum', 'exclusiveMaximum', 'uniqueItems', 'nullable', 'x-kubernetes-preserve-unknown-fields');
  flag(emit, 'exclusiveMinimum', a.exclusiveMinimum, b.exclusiveMinimum, true, 'exclusiveMinimum');
  flag(emit, 'exclusiveMaximum', a.exclusiveMaximum, b.exclusiveMaximum, true, 'exclusiveMaximum');
  flag(emit, 'uniqueItems', a.uniqueItems, b.uniqueItems, true, 'uniqueItems');
  flag(emit, 'nullable', a.nullable, b.nullable, false, 'nullable');
  flag(
    emit,
    'preserveUnknownFields',
    a['x-kubernetes-preserve-unknown-fields'],
    b['x-kubernetes-preserve-unknown-fields'],
    false,
    'x-kubernetes-preserve-unknown-fields (unknown fields are pruned without it)',
  );

  take('multipleOf');
  if (a.multipleOf !== b.multipleOf) {
    const relaxed =
      b.multipleOf === undefined || (a.multipleOf !== undefined && Number.isInteger(a.multipleOf / b.multipleOf));
    emit(
      'multipleOf',
      relaxed ? 'safe' : 'breaking',
      `multipleOf changed from ${a.multipleOf ?? 'none'} to ${b.multipleOf ?? 'none'}`,
    );
  }

  take('pattern', 'format');
  stringConstraint(emit, 'pattern', a.pattern, b.pattern);
  stringConstraint(emit, 'format', a.format, b.format);

  take(
    'x-kubernetes-list-type',
    'x-kubernetes-list-map-keys',
    'x-kubernetes-map-type',
    'x-kubernetes-embedded-resource',
  );
  const listA = `${a['x-kubernetes-list-type'] ?? 'unset'} ${canonicalJson(a['x-kubernetes-list-map-keys'] ?? [])}`;
  const listB = `${b['x-kubernetes-list-type'] ?? 'unset'} ${canonicalJson(b['x-kubernetes-list-map-keys'] ?? [])}`;
  if (listA !== listB)
    emit('listType', 'breaking', `list type changed from ${listA} to ${listB} (merge and uniqueness rules change)`);
  if ((a['x-kubernetes-map-type'] ?? 'granular') !== (b['x-kubernetes-map-type'] ?? 'granular')) {
    emit(
      'mapType',
      'breaking',
      `x-kubernetes-map-type changed from ${a['x-kubernetes-map-type'] ?? 'unset'} to ${b['x-kubernetes-map-type'] ?? 'unset'}`,
    );
  }
  if ((a['x-kubernetes-embedded-resource'] === true) !== (b['x-kubernetes-embedded-resource'] === true)) {
    emit(
      'embeddedResource',
      'breaking',
      `x-kubernetes-embedded-resource ${b['x-kubernetes-embedded-resource'] ? 'set' : 'unset'} (apiVersion/kind/metadata handling changes)`,
    );
  }

  take('additionalProperties');
  const apA = a.additionalProperties === true;
  const apB = b.additionalProperties === true;
  if (apA !== apB)
    emit('additionalProperties', apA ? 'breaking' : 'safe', `additionalProperties: true ${apA ? 'removed' : 'added'}`);
  if (a.additionalProperties === false || b.additionalProperties === false) {
    if (a.additionalProperties !== b.additionalProperties)
      emit('additionalProperties', 'breaking', 'additionalProperties: false changed');
  }

  take('description', 'title', 'example', 'externalDocs');
  for (const key of ['description', 'title', 'example', 'externalDocs'] as const) {
    if (!jsonEqual(a[key], b[key])) emit('description', 'safe', `${key} changed`);
  }

  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if (handled.has(key)) continue;
    const va = (a as Record<string, unknown>)[key];
    const vb = (b as Record<string, unknown>)[key];
    if (!jsonEqual(va, vb))
      emit('unhandled', 'breaking', `${key} changed; not a change known to be safe, review it by hand`);
  }
}
