// validateCrd's checks on the CRD a design generates (validateShapedCrd), with two
// differences: the shaped schema of each version is kept for the design-only checks
// (instead of shaping it twice), and CEL rules go through a memo (design-cel-rules.ts),
// since compiling a schema's rules is most of validateCrd's cost and most keystrokes
// change no rule. A design with `extra` keys (which can replace any part of the
// CRD) gets validateCrd itself. design.test.ts checks the two agree on the corpus.
import { shapeSchema } from '../crd/diff-shape';
import type { CustomResourceDefinition, CustomResourceDefinitionVersion, JSONSchemaProps } from '../crd/types';
import type { Design } from '../design/schema';
import { validateCrd, validateShapedCrd } from './crd';
import { validateCelRulesMemo } from './design-cel-rules';
import type { Issue } from './issue';

export interface CrdChecks {
  /** Issues in validateCrd's notation (`v1: .spec.size`, `.spec.names.plural`). */
  issues: Issue[];
  /** Each version's schema, shaped (every keyword of the type apiextensions v1 gives it). */
  roots: (JSONSchemaProps | undefined)[];
}

export function crdChecks(design: Design, crd: CustomResourceDefinition): CrdChecks {
  if (design.crd.extra !== undefined || design.crd.versions.some((v) => v.extra !== undefined)) {
    const roots = Array.isArray(crd.spec?.versions)
      ? crd.spec.versions.map((v) => {
          const raw = (v as Partial<CustomResourceDefinitionVersion> | null)?.schema?.openAPIV3Schema;
          return raw === undefined ? undefined : shapeSchema(raw, '.');
        })
      : [];
    return { issues: validateCrd(crd), roots };
  }
  return validateShapedCrd(crd, (version, root) => validateCelRulesMemo(version, root));
}
