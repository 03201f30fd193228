// validateCrd's checks on the CRD a design generates, composed from the same parts, for
// two reasons: the shaped schema of each version is kept for the design-only checks
// (instead of shaping it twice), and CEL rules go through a memo (design-cel-rules.ts),
// since declaring a schema's CEL types is most of validateCrd's cost and a keystroke
// changes one rule at most. A design with `extra` keys (which can replace any part of the
// CRD) gets validateCrd itself. design.test.ts checks the two agree on the corpus.
import { childPath } from '../crd/diff-path';
import { shapeSchema, type ShapeProblem } from '../crd/diff-shape';
import type { CustomResourceDefinition, CustomResourceDefinitionVersion, JSONSchemaProps } from '../crd/types';
import type { Design } from '../design/schema';
import { validateCrd, validateNames } from './crd';
import { validateCelRulesMemo } from './design-cel-rules';
import type { TypeIds } from './design-memo';
import { validateDefaults } from './defaults';
import { error, type Issue } from './issue';
import { validateJsonFieldName, validateVersionName } from './names';
import { validateStructural } from './structural';
import { validatePrinterColumns, validateScale, validateSelectableFields } from './version-parts';
import { at, walkSchema } from './walk';

export interface CrdChecks {
  /** Issues in validateCrd's notation (`v1: .spec.size`, `.spec.names.plural`). */
  issues: Issue[];
  /** Each version's schema, shaped (every keyword of the type apiextensions v1 gives it). */
  roots: (JSONSchemaProps | undefined)[];
}

/** The names validateJsonFieldName accepts without a word (its own last check). */
const LOWER_CAMEL = /^[a-z][A-Za-z0-9]*$/;

function versionIssues(v: CustomResourceDefinitionVersion, i: number, out: Issue[], types: TypeIds): JSONSchemaProps | undefined {
  out.push(...validateVersionName(v.name, `.spec.versions[${i}].name`));
  const raw = v.schema?.openAPIV3Schema;
  const problems: ShapeProblem[] = [];
  const root = raw === undefined ? undefined : shapeSchema(raw, '.', problems);
  out.push(...problems.map((p) => error(at(v.name, p.path), p.message)));
  out.push(...validatePrinterColumns(v.name, v.additionalPrinterColumns), ...validateScale(v.name, v.subresources, root));
  out.push(...validateSelectableFields(v.name, v.selectableFields, root));
  walkSchema(root, ({ node, path }) => {
    for (const name of Object.keys(node.properties ?? {})) {
      // a lowerCamelCase name has no issue: skip building its path (most names, every keystroke)
      if (!LOWER_CAMEL.test(name)) out.push(...validateJsonFieldName(name, at(v.name, childPath(path, name))));
    }
  });
  out.push(...validateStructural(v.name, root), ...validateDefaults(v.name, root), ...validateCelRulesMemo(v.name, root, types));
  return root;
}

/** `types`: CEL type ids, shared with the sample's rule evaluation. */
export function crdChecks(design: Design, crd: CustomResourceDefinition, types: TypeIds): CrdChecks {
  if (design.crd.extra !== undefined || design.crd.versions.some((v) => v.extra !== undefined)) {
    const roots = Array.isArray(crd.spec?.versions) ? crd.spec.versions.map((v) => {
      const raw = (v as Partial<CustomResourceDefinitionVersion> | null)?.schema?.openAPIV3Schema;
      return raw === undefined ? undefined : shapeSchema(raw, '.');
    }) : [];
    return { issues: validateCrd(crd), roots };
  }
  const out = validateNames(crd);
  const versions = crd.spec.versions;
  const storage = versions.filter((v) => v.storage);
  if (storage.length !== 1) {
    out.push(error('.spec.versions', `exactly one version must be the storage version (found ${storage.length}: ${storage.map((v) => v.name).join(', ') || 'none'})`));
  }
  const seen = new Set<string>();
  const roots = versions.map((v, i) => {
    if (seen.has(v.name)) out.push(error(`.spec.versions[${i}].name`, `version ${v.name} is listed twice`));
    seen.add(v.name);
    return versionIssues(v, i, out, types);
  });
  if (!versions.some((v) => v.served)) out.push(error('.spec.versions', 'at least one version must be served'));
  return { issues: out, roots };
}
