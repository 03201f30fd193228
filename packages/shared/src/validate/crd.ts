// validateCrd: everything that can be checked without an API server, over a whole
// CustomResourceDefinition. The API server's dry-run at install stays the authority.
import { childPath } from '../crd/diff-path';
import { shapeSchema, type ShapeProblem } from '../crd/diff-shape';
import type { CustomResourceDefinition, CustomResourceDefinitionVersion, JSONSchemaProps } from '../crd/types';
import { validateCelRules } from './cel-rules';
import { validateDefaults } from './defaults';
import { error, type Issue } from './issue';
import { validateGroup, validateJsonFieldName, validateKind, validateLabel, validateVersionName } from './names';
import { validateStructural } from './structural';
import { validatePrinterColumns, validateScale, validateSelectableFields } from './version-parts';
import { at, walkSchema } from './walk';

export function validateNames(crd: CustomResourceDefinition): Issue[] {
  const { group, names } = crd.spec;
  const out = [...validateGroup(group ?? '')];
  out.push(...validateLabel(names.plural ?? '', '.spec.names.plural', 'plural'));
  if (names.singular !== undefined) out.push(...validateLabel(names.singular, '.spec.names.singular', 'singular'));
  out.push(...validateKind(names.kind ?? ''));
  if (names.listKind !== undefined) {
    out.push(...validateKind(names.listKind, '.spec.names.listKind', 'listKind'));
    if (names.listKind === names.kind)
      out.push(error('.spec.names.listKind', `listKind must differ from kind, such as ${names.kind}List`));
  }
  (names.shortNames ?? []).forEach((s, i, all) => {
    out.push(...validateLabel(s, `.spec.names.shortNames[${i}]`, 'short name'));
    if (all.indexOf(s) < i) out.push(error(`.spec.names.shortNames[${i}]`, `the short name ${s} is listed twice`));
  });
  (names.categories ?? []).forEach((s, i) => out.push(...validateLabel(s, `.spec.names.categories[${i}]`, 'category')));
  const expected = `${names.plural}.${group}`;
  if (crd.metadata?.name !== expected)
    out.push(error('.metadata.name', `the CRD must be named <plural>.<group>: ${expected}`));
  if (!['Namespaced', 'Cluster'].includes(crd.spec.scope))
    out.push(error('.spec.scope', 'scope must be Namespaced or Cluster'));
  return out;
}

/** Checks a version's CEL rules; the designer passes a memoised one (design-cel-rules.ts). */
export type CelRulesCheck = (version: string, root: JSONSchemaProps | undefined) => Issue[];

/** The names validateJsonFieldName accepts without a word (its own last check): skip building their paths. */
const LOWER_CAMEL = /^[a-z][A-Za-z0-9]*$/;

function validateVersion(
  v: CustomResourceDefinitionVersion,
  i: number,
  out: Issue[],
  celRules: CelRulesCheck,
): JSONSchemaProps | undefined {
  out.push(...validateVersionName(typeof v.name === 'string' ? v.name : '', `.spec.versions[${i}].name`));
  const raw = v.schema?.openAPIV3Schema;
  const problems: ShapeProblem[] = [];
  const root = raw === undefined ? undefined : shapeSchema(raw, '.', problems);
  out.push(...problems.map((p) => error(at(v.name, p.path), p.message)));
  out.push(
    ...validatePrinterColumns(v.name, v.additionalPrinterColumns),
    ...validateScale(v.name, v.subresources, root),
  );
  out.push(...validateSelectableFields(v.name, v.selectableFields, root));
  walkSchema(root, ({ node, path }) => {
    for (const name of Object.keys(node.properties ?? {})) {
      if (!LOWER_CAMEL.test(name)) out.push(...validateJsonFieldName(name, at(v.name, childPath(path, name))));
    }
  });
  out.push(...validateStructural(v.name, root), ...validateDefaults(v.name, root), ...celRules(v.name, root));
  return root;
}

/**
 * Every check of a well-shaped CRD (names, then each version). Returns the shaped schema roots
 * too, so callers that go on to check a design against them need not shape them again.
 */
export function validateShapedCrd(
  crd: CustomResourceDefinition,
  celRules: CelRulesCheck = validateCelRules,
): { issues: Issue[]; roots: (JSONSchemaProps | undefined)[] } {
  const out = validateNames(crd);
  const versions = crd.spec.versions;
  if (versions.length === 0) out.push(error('.spec.versions', 'a CRD needs at least one version, such as v1alpha1'));
  const storage = versions.filter((v) => v.storage);
  if (versions.length > 0 && storage.length !== 1) {
    out.push(
      error(
        '.spec.versions',
        `exactly one version must be the storage version (found ${storage.length}: ${storage.map((v) => v.name).join(', ') || 'none'})`,
      ),
    );
  }
  const seen = new Set<string>();
  const roots = versions.map((v, i) => {
    if (seen.has(v.name)) out.push(error(`.spec.versions[${i}].name`, `version ${v.name} is listed twice`));
    seen.add(v.name);
    return validateVersion(v, i, out, celRules);
  });
  if (versions.length > 0 && !versions.some((v) => v.served))
    out.push(error('.spec.versions', 'at least one version must be served'));
  return { issues: out, roots };
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The minimum shape the other checks rely on; anything less is reported and stops there. */
function shapeProblems(crd: unknown): Issue[] {
  if (!isObject(crd)) return [error('.', 'expected a CustomResourceDefinition object')];
  if (!isObject(crd.metadata)) return [error('.metadata', 'metadata with a name is required')];
  const spec = crd.spec;
  if (!isObject(spec)) return [error('.spec', 'spec is required')];
  if (!isObject(spec.names)) return [error('.spec.names', 'spec.names (plural, kind …) is required')];
  const bad = Object.entries(spec.names).filter(([k, v]) =>
    ['shortNames', 'categories'].includes(k)
      ? !(Array.isArray(v) && v.every((x) => typeof x === 'string'))
      : typeof v !== 'string',
  );
  if (bad.length > 0)
    return bad.map(([k]) =>
      error(
        `.spec.names.${k}`,
        `${k} must be ${['shortNames', 'categories'].includes(k) ? 'a list of strings' : 'a string'}`,
      ),
    );
  if (spec.group !== undefined && typeof spec.group !== 'string')
    return [error('.spec.group', 'group must be a string')];
  if (!Array.isArray(spec.versions)) return [error('.spec.versions', 'spec.versions must be a list of versions')];
  const versionIssues = spec.versions.flatMap((v, i) =>
    !isObject(v) || typeof v.name !== 'string'
      ? [error(`.spec.versions[${i}]`, 'each version needs a name, such as v1alpha1')]
      : v.schema !== undefined && !isObject(v.schema)
        ? [error(`${v.name}: schema`, 'schema must be an object with openAPIV3Schema')]
        : isObject(v.subresources) || v.subresources === undefined
          ? []
          : [error(`${v.name}: subresources`, 'subresources must be an object')],
  );
  return versionIssues;
}

export function validateCrd(crd: CustomResourceDefinition): Issue[] {
  const shape = shapeProblems(crd);
  return shape.length > 0 ? shape : validateShapedCrd(crd).issues;
}
