// The vocabulary of the breaking-change diff. Rule ids reuse the validation names of
// sigs.k8s.io/crdify (the library behind OLM v1's CRD upgrade-safety preflight) where
// one exists, so a finding can be traced to the check OLM would run.

export type Severity = 'breaking' | 'safe';

export const RULE_IDS = [
  // whole CRD
  'scope',
  'group',
  'names',
  'conversion',
  // versions
  'storedVersionRemoval',
  'versionRemoval',
  'versionAddition',
  'served',
  'storage',
  'deprecation',
  'printerColumns',
  'subresources',
  'selectableFields',
  // schema, per field
  'existingFieldRemoval',
  'newField',
  'type',
  'required',
  'default',
  'enum',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'multipleOf',
  'pattern',
  'format',
  'nullable',
  'uniqueItems',
  'xValidations',
  'description',
  'listType',
  'mapType',
  'preserveUnknownFields',
  'embeddedResource',
  'additionalProperties',
  'composition',
  'unhandled',
] as const;

export type RuleId = (typeof RULE_IDS)[number];

/**
 * One difference between the installed and the proposed CRD.
 * `path` is `<version>: <field>` for schema changes (`v1: .spec.size`, array items as
 * `[*]`, map values as `.*`, the schema root as `.`), `<version>` for a version as a
 * whole (`v1`, `v1: served`), and the CRD field (`.spec.scope`) for CRD-wide changes.
 */
export interface Change {
  path: string;
  rule: RuleId;
  severity: Severity;
  message: string;
}

export function hasBreaking(changes: readonly Change[]): boolean {
  return changes.some((c) => c.severity === 'breaking');
}
