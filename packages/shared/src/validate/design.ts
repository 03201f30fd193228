// validateDesign: everything the designer can check on each keystroke, with paths in the
// design's own terms (design-paths.ts). The schema checks are validateCrd's, run on the CRD
// the design generates (so the designer and `opstudio validate crd.yaml` never disagree) and
// translated back; on top come what only a design has: Go names, the operand's field
// references, printer columns and the scale selector that must resolve, the project's Go
// module path, examples that break their own constraints, and the CEL rules run against
// the sample CR, and what only the exported Go source reads (design-go-strings.ts).
import { crdObject } from '../crd/generate';
import type { CustomResourceDefinition } from '../crd/types';
import { zodIssues } from '../design/errors';
import { pathWithin, repairShape } from '../design/repair';
import { fullGroup } from '../design/names';
import { DESIGN, type Design } from '../design/schema';
import { sampleResource, storageVersion } from '../manifests/sample';
import { parseYaml } from '../yaml/parse';
import { crdChecks } from './design-crd-checks';
import { validateSampleRules } from './design-cel';
import { validateExamples } from './design-examples';
import { validateDesignGoNames } from './design-go-names';
import { validateDesignGoStrings } from './design-go-strings';
import { designIssuePath } from './design-paths';
import { validateOperandRefs, validateVersionRefs } from './design-refs';
import { validateDesignGraph } from './design-graph';
import { error, type Issue } from './issue';
import { validateConversion } from '../conversion/validate';

/** A default's issue is about the `default` input, not the field as a whole. */
const isDefaultIssue = (i: Issue): boolean => /^[^:]+: [^ ]*$/.test(i.path) && i.message.startsWith('default ');

function crdIssues(design: Design, issues: readonly Issue[]): Issue[] {
  const names = design.crd.versions.map((v) => v.name);
  return issues.map((i) => {
    let path = designIssuePath(i.path, names);
    if (isDefaultIssue(i)) path += '.default';
    if (i.path === '.spec.group' && !fullGroup(design).includes('.')) {
      return error(
        'project.domain',
        `the API group "${fullGroup(design)}" needs a domain: set project.domain, such as example.com`,
      );
    }
    return { ...i, path };
  });
}

// A Go module path as `go mod` accepts it: the first element lower-case letters, digits, dots and
// dashes (a domain-like name), the rest letters, digits and -._~; no empty, `.` or `..` element.
const MODULE_PATH = /^[a-z0-9][-a-z0-9.]*(\/[A-Za-z0-9._~-]+)*$/;

/** True for a module path the exported project's go.mod can declare (one rule: validation and the scaffold). */
export function isGoModulePath(repo: string): boolean {
  return MODULE_PATH.test(repo) && !repo.split('/').some((e) => e === '.' || e === '..' || e.endsWith('.'));
}

function projectIssues(design: Design): Issue[] {
  const { repo } = design.project;
  if (!isGoModulePath(repo)) {
    return [
      error(
        'project.repo',
        `repo "${repo}" is not a Go module path: use one such as github.com/example/${design.project.projectName || 'my-operator'}`,
      ),
    ];
  }
  return [];
}

/** `crd`: the design's crdObject, when the caller has it already (the preview builds it too). */
export function validateDesign(design: Design, crd: CustomResourceDefinition = crdObject(design)): Issue[] {
  const { issues, roots } = crdChecks(design, crd);
  const out = [...crdIssues(design, issues), ...projectIssues(design)];
  // design.crd.extra.spec may replace the generated versions: only check what lines up
  const sameVersions = roots.length === design.crd.versions.length;
  design.crd.versions.forEach((version, i) => {
    out.push(...validateDesignGoNames(version));
    if (!sameVersions) return;
    const root = roots[i];
    out.push(...validateVersionRefs(version, root), ...validateExamples(version.name, root));
    if (version !== storageVersion(design)) return;
    out.push(...validateOperandRefs(design, version, root));
    out.push(...validateDesignGraph(design, root, sampleResource(design)));
    out.push(...validateSampleRules(version.name, root, sampleResource(design)));
  });
  if (sameVersions) out.push(...validateConversion(design));
  // the CRD's checks usually said the same already (a listMapKey that names no item field)
  for (const i of validateDesignGoStrings(design))
    if (!out.some((o) => o.path === i.path && o.message === i.message)) out.push(i);
  return out;
}

/** `crd.versions[0].schema.spec.size` (zod's path, with field names) → `versions[v1alpha1].spec.size`. */
export function parsePath(path: string, raw: unknown): string {
  const m = /^crd\.versions\[(\d+)\](\.schema)?(.*)$/s.exec(path);
  if (!m) return path;
  const versions = (raw as { crd?: { versions?: unknown } } | null)?.crd?.versions;
  const version = Array.isArray(versions)
    ? (versions[Number(m[1])] as { name?: unknown; schema?: { fields?: unknown } } | undefined)
    : undefined;
  const label = typeof version?.name === 'string' && version.name !== '' ? version.name : m[1]!;
  const rest = m[3]!;
  if (m[2] === undefined) return `versions[${label}]${rest}`;
  // a root field (`.spec…`) sits directly under the version; a keyword of the root node under `.schema`
  const first = /^\.([\w$-]+)/.exec(rest)?.[1];
  const fields = version?.schema?.fields;
  const isField =
    first !== undefined &&
    Array.isArray(fields) &&
    fields.some((f) => (f as { name?: unknown } | null)?.name === first);
  return `versions[${label}]${isField ? '' : '.schema'}${rest}`;
}

/** The designer's keystroke path: design YAML → parse errors, or validateDesign's issues. */
export function validateDesignText(text: string): Issue[] {
  const parsed = parseYaml(text, { exactIntegers: true });
  if (!parsed.ok) return [error('', parsed.message)];
  const result = DESIGN.safeParse(parsed.value);
  if (!result.success) return shapeAndOtherIssues(parsed.value, result.error.issues);
  return validateDesign(result.data);
}

export interface ShapeIssues {
  /** zod's shape errors, at their design paths */
  readonly shape: Issue[];
  /** the stand-in the other checks run on (design/repair.ts), with the paths it changed; null when none passed */
  readonly standIn: { readonly design: Design; readonly paths: readonly string[] } | null;
}

/** A design that fails its shape checks: those errors at their paths, and a stand-in for the other checks. */
export function shapeIssues(raw: unknown, issues: Parameters<typeof zodIssues>[0]): ShapeIssues {
  const shape = zodIssues(issues, raw).map((e) => error(parsePath(e.path, raw), e.message));
  const repaired = repairShape(raw, issues);
  const standIn =
    repaired === null ? null : { design: repaired.design, paths: repaired.paths.map((p) => parsePath(p, raw)) };
  return { shape, standIn };
}

/** What the other checks find outside the places a stand-in changed (there, the shape error is the finding). */
export function outsideStandIn(issues: readonly Issue[], paths: readonly string[]): Issue[] {
  return issues.filter((i) => !paths.some((p) => pathWithin(i.path, p)));
}

/** The shape errors, then the other checks' findings in the stand-in: one wrong value hides nothing else. */
export function shapeAndOtherIssues(
  raw: unknown,
  issues: Parameters<typeof zodIssues>[0],
  crd?: CustomResourceDefinition,
): Issue[] {
  const { shape, standIn } = shapeIssues(raw, issues);
  if (standIn === null) return shape;
  return [...shape, ...outsideStandIn(validateDesign(standIn.design, crd), standIn.paths)];
}
