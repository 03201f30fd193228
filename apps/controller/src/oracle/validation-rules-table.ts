// The table of CRD validation rules (packages/cel/testdata/validation-rules.json) and the CRDs and
// objects validation-rules.int.test.ts builds from it: each case a field `c<i>` of spec, each
// compile case a CRD of its own.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { JSONSchemaProps, JSONValue } from '@opstudio/shared/crd/types';

export interface RuleObject {
  readonly value: JSONValue;
  /** the stored value: the object is an update */
  readonly old?: JSONValue;
  readonly valid: boolean;
}

export interface RuleCase {
  readonly name: string;
  readonly schema: JSONSchemaProps;
  readonly objects: readonly RuleObject[];
  /** the old values are stored before the field's rules exist */
  readonly ratchet?: boolean;
}

export interface CompileCase {
  readonly name: string;
  readonly schema: JSONSchemaProps;
  readonly accepted: boolean;
}

export interface RulesTable {
  readonly cases: readonly RuleCase[];
  readonly compile: readonly CompileCase[];
}

export const TABLE_FILE = path.resolve(import.meta.dirname, '../../../../packages/cel/testdata/validation-rules.json');

export function loadTable(): RulesTable {
  return JSON.parse(readFileSync(TABLE_FILE, 'utf8')) as RulesTable;
}

/** The version schema with each chosen case as a field of spec (`c<index>`). */
export function versionSchema(fields: readonly (readonly [number, JSONSchemaProps])[]): JSONSchemaProps {
  const properties: Record<string, JSONSchemaProps> = {};
  for (const [i, s] of fields) properties[`c${i}`] = s;
  return { type: 'object', properties: { spec: { type: 'object', properties } } };
}

/** The schema without any rule (what the ratchet CRD starts with). */
export function withoutRules(s: JSONSchemaProps): JSONSchemaProps {
  return JSON.parse(
    JSON.stringify(s, (k, v: unknown) => (k === 'x-kubernetes-validations' ? undefined : v)),
  ) as JSONSchemaProps;
}

export function crd(group: string, plural: string, kind: string, schema: JSONSchemaProps) {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${group}` },
    spec: {
      group,
      scope: 'Namespaced',
      names: { kind, listKind: `${kind}List`, plural, singular: kind.toLowerCase() },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: schema } }],
    },
  };
}

/**
 * A field error as both sides give it, comparable: paths from openAPIV3Schema (the studio compiles
 * a version's schema, the API server a CRD, whose paths start `spec.validation.` or
 * `spec.versions[i].schema.`) and the type names steady (the API server makes one up per compile).
 */
export interface Cause {
  readonly field: string;
  readonly reason: string;
  readonly message: string;
}

export function normalized(causes: readonly Cause[]): string[] {
  return causes
    .map((c) => {
      const line = `${c.field} | ${c.reason} | ${c.message}`;
      return line
        .replace(/\bspec\.(validation|versions\[\d+\]\.schema)\.openAPIV3Schema/g, 'openAPIV3Schema')
        .replace(/\bselfType\d+/g, 'selfType');
    })
    .sort();
}
