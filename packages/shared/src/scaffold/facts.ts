/**
 * The names the scaffold's files share, derived once from a validated design: the Go module,
 * the API package and its import alias (kubebuilder's `<group><version>`), the reconciler's
 * Go names, the leader election ID (kubebuilder's `<fnv32a(repo)>.<domain>`), and the operand
 * settings as the embedded controller's desired-state function sees them. Every file path is
 * built from these names, and each is checked here against a strict pattern, so no design
 * (however named) can put a file outside the project.
 */
import { fullGroup, resolveNames } from '../design/names';
import type { Design, VersionDesign } from '../design/schema';
import { generateGoTypes, type GoTypesResult } from '../gotypes/generate';
import { goPackageName } from '../gotypes/generate';
import { goIdentifier } from '../gotypes/go-text';
import type { GoFieldRef } from '../gotypes/model';
import { desiredDeployment, DesiredStateError } from '../operand/desired';
import { operandInputFromDesign } from '../operand/from-design';
import type { Container } from '../operand/types';
import { ScaffoldError } from './errors';
import { exportableDesign } from './export-gate';
import { isGoModulePath } from '../validate/design';
import { imageOperand } from '../design/operand-form';

export { ScaffoldError };

export interface OperandFacts {
  readonly image: string;
  readonly container: Container;
  /** app.kubernetes.io/name and app.kubernetes.io/managed-by, as the embedded controller sets them. */
  readonly nameLabel: string;
  readonly managedByLabel: string;
  readonly replicas?: GoFieldRef & { readonly path: string };
  readonly port?: GoFieldRef & { readonly path: string };
}

export interface ProjectFacts {
  readonly design: Design;
  readonly module: string;
  readonly projectName: string;
  readonly domain: string;
  readonly group: string;
  readonly fullGroup: string;
  readonly kind: string;
  readonly lowerKind: string;
  readonly plural: string;
  readonly namespaced: boolean;
  /** The storage version: the one the controller reads and writes. */
  readonly version: VersionDesign;
  readonly versions: readonly VersionDesign[];
  /** Go import alias of an API version package: `cachev1alpha1`. */
  readonly alias: (version: string) => string;
  readonly leaderElectionId: string;
  readonly goTypes: GoTypesResult;
  /** JSON path → Go access in the storage version (`status.nodes` → `Status.Nodes`). */
  readonly field: (path: string) => GoFieldRef | undefined;
  readonly operand?: OperandFacts;
  readonly podNames?: GoFieldRef;
  readonly observedGeneration?: GoFieldRef;
  readonly conditions: boolean;
}

// a leading dot or underscore (.gitignore, a chart's _helpers.tpl); never `..`
const SAFE_SEGMENT = /^[._]?[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** A path segment built from a design name; refuses anything that could leave the project. */
export function safeSegment(s: string, what: string): string {
  if (!SAFE_SEGMENT.test(s) || s.includes('..'))
    throw new ScaffoldError(`${what} ${JSON.stringify(s)} cannot name a file: use letters, digits, dots and dashes`);
  return s;
}

/** FNV-1a 32-bit of the UTF-8 bytes, in hex: kubebuilder's hashFNV. */
export function fnv32aHex(s: string): string {
  let h = 0x811c9dc5;
  for (const b of new TextEncoder().encode(s)) {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

const INTEGER_TYPES = new Set(['int', 'int32', 'int64', '*int', '*int32', '*int64']);

function integerField(
  facts: (p: string) => GoFieldRef | undefined,
  path: string | undefined,
  what: string,
): (GoFieldRef & { path: string }) | undefined {
  if (path === undefined || path === '') return undefined;
  const full = path.startsWith('spec.') ? path : `spec.${path}`;
  const ref = facts(full);
  if (ref === undefined)
    throw new ScaffoldError(
      `${JSON.stringify(path)} names no field of the spec: point it at an integer field such as spec.size`,
      `operand.${what}`,
    );
  if (!INTEGER_TYPES.has(ref.goType))
    throw new ScaffoldError(
      `${JSON.stringify(path)} is a ${ref.goType} in Go: point it at an integer field`,
      `operand.${what}`,
    );
  return { ...ref, path: full };
}

export function projectFacts(input: Design): ProjectFacts {
  const design = exportableDesign(input);
  const module = design.project.repo;
  // exportableDesign checked it already; kept as the scaffold's own guard, with the same rule
  if (!isGoModulePath(module))
    throw new ScaffoldError(
      `${JSON.stringify(module)} is not a Go module path: use one such as github.com/example/memcached-operator`,
      'project.repo',
    );
  const names = resolveNames(design.crd.names);
  const kind = names.kind;
  const group = fullGroup(design);
  for (const v of design.crd.versions) safeSegment(v.name, 'version');
  safeSegment(kind.toLowerCase(), 'kind');
  safeSegment(names.plural, 'plural');
  safeSegment(group, 'group');
  const version = design.crd.versions.find((v) => v.storage) ?? design.crd.versions[0];
  if (version === undefined) throw new ScaffoldError('the design has no CRD version: add one', 'crd.versions');
  const goTypes = generateGoTypes(design);
  const fields = goTypes.goFields.get(version.name) ?? new Map<string, GoFieldRef>();
  const field = (p: string): GoFieldRef | undefined => fields.get(p);
  const shortGroup = design.crd.group.split('.')[0] ?? design.crd.group;
  const alias = (v: string): string =>
    goIdentifier(`${shortGroup.replace(/[^a-z0-9]/g, '')}${goPackageName(v)}`, 'the import alias of the API');
  const podPath = design.operand?.podNamesStatusField;
  const podNames = podPath ? field(podPath.startsWith('status.') ? podPath : `status.${podPath}`) : undefined;
  if (podPath && podNames?.goType !== '[]string')
    throw new ScaffoldError(
      `${JSON.stringify(podPath)} must name a list of strings under status`,
      'operand.podNamesStatusField',
    );
  const observedGeneration = field('status.observedGeneration');
  return {
    design,
    module,
    projectName: design.project.projectName,
    domain: design.project.domain,
    group: design.crd.group,
    fullGroup: group,
    kind,
    lowerKind: kind.toLowerCase(),
    plural: names.plural,
    namespaced: design.crd.scope === 'Namespaced',
    version,
    versions: design.crd.versions,
    alias,
    leaderElectionId: design.project.domain ? `${fnv32aHex(module)}.${design.project.domain}` : fnv32aHex(module),
    goTypes,
    field,
    operand: operandFacts(design, field),
    ...(podNames ? { podNames } : {}),
    ...(observedGeneration && /^\*?int(32|64)?$/.test(observedGeneration.goType) ? { observedGeneration } : {}),
    conditions: field('status.conditions')?.goType === '[]metav1.Condition',
  };
}

/** The operand as the embedded controller builds it, read off its desired-state function. */
function operandFacts(design: Design, field: (p: string) => GoFieldRef | undefined): OperandFacts | undefined {
  const op = imageOperand(design);
  if (op === undefined) return undefined;
  const replicas = integerField(field, op.replicasField, 'replicasField');
  const port = integerField(field, op.portField, 'portField');
  const spec: Record<string, unknown> = {};
  const set = (path: string | undefined, value: number): void => {
    if (path === undefined) return;
    const parts = path.split('.').slice(1);
    let at = spec;
    parts.forEach((p, i) => {
      if (i === parts.length - 1) at[p] = value;
      else at = (at[p] ??= {}) as Record<string, unknown>;
    });
  };
  set(replicas?.path, 1);
  set(port?.path, 8080);
  const input = operandInputFromDesign(design, {
    apiVersion: 'x/v1',
    kind: design.crd.names.kind,
    metadata: { name: 'x', namespace: 'x', uid: 'x' },
    spec,
  });
  if (input === undefined) return undefined;
  let container: Container | undefined;
  let labels: Record<string, string> = {};
  try {
    const dep = desiredDeployment(input);
    container = dep.spec.template.spec.containers[0];
    labels = dep.metadata.labels;
  } catch (err) {
    if (err instanceof DesiredStateError)
      throw new ScaffoldError(`the operand cannot be built: ${err.message}`, 'operand');
    throw err;
  }
  if (container === undefined) throw new ScaffoldError('the operand has no container', 'operand');
  return {
    image: op.image,
    container,
    nameLabel: labels['app.kubernetes.io/name'] ?? design.project.projectName,
    managedByLabel: labels['app.kubernetes.io/managed-by'] ?? `${design.crd.names.kind}Controller`,
    ...(replicas ? { replicas } : {}),
    ...(port ? { port } : {}),
  };
}
