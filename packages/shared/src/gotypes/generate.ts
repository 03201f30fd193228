/**
 * design → the Go API package of a kubebuilder go/v4 project: `api/<version>/<kind>_types.go`
 * and `api/<version>/groupversion_info.go` per version, written so that controller-gen v0.21.0
 * produces our CRD from them. What the Go types cannot say is listed in `notExpressible`
 * (never silently dropped), and `expressed` is the design they do say.
 */
import { fullGroup, resolveNames } from '../design/names';
import type { Design } from '../design/schema';
import { controllerGenVersion } from '../design/names';
import { DEFAULT_CONTROLLER_GEN_VERSION } from '../design/schema';
import { commentLine, goIdentifier, goString, markerLine } from './go-text';
import { kindDecls } from './kind';
import { bareOrQuoted } from './marker-values';
import { goStringCompare, PackageBuilder, type GoFieldRef, type NotExpressible } from './model';
import { apacheBoilerplate, goImports, renderDecl, renderImports } from './render';

export interface GoTypesOptions {
  /** The license header (kubebuilder's hack/boilerplate.go.txt); default: Apache 2.0, 2026. */
  boilerplate?: string;
}

export interface GoTypesResult {
  /** Path → file content, sorted by path. */
  files: ReadonlyMap<string, string>;
  notExpressible: NotExpressible[];
  /** The design the Go types say: `generateCrd(expressed)` is what controller-gen writes for them. */
  expressed: Design;
  /** Float fields: controller-gen needs `crd:allowDangerousTypes=true`. */
  allowDangerousTypes: boolean;
  /** Per version name: JSON path (`spec.size`) → Go access (`Spec.Size`, `*int32`), for the scaffold's code. */
  goFields: ReadonlyMap<string, ReadonlyMap<string, GoFieldRef>>;
}

export const DEFAULT_BOILERPLATE = apacheBoilerplate(2026);

const GO_KEYWORDS = new Set([
  'break',
  'case',
  'chan',
  'const',
  'continue',
  'default',
  'defer',
  'else',
  'fallthrough',
  'for',
  'func',
  'go',
  'goto',
  'if',
  'import',
  'interface',
  'map',
  'package',
  'range',
  'return',
  'select',
  'struct',
  'switch',
  'type',
  'var',
]);

/** The Go package name for a version: `v1beta1` as is, `v1-beta` → `v1beta` (+versionName says the real one). */
export function goPackageName(version: string): string {
  const name = version.replace(/[^A-Za-z0-9_]/g, '');
  return GO_KEYWORDS.has(name) ? `${name}api` : name;
}

function groupVersionInfo(header: string, design: Design, version: string): string {
  const group = fullGroup(design);
  const pkg = goPackageName(version);
  const doc = [
    commentLine(`Package ${pkg} contains API Schema definitions for the ${design.crd.group} ${version} API group.`),
    markerLine('+kubebuilder:object:generate=true'),
    markerLine(`+groupName=${bareOrQuoted(group) ?? ''}`),
    ...(pkg === version ? [] : [markerLine(`+versionName=${bareOrQuoted(version) ?? ''}`)]),
  ];
  return `${header}

${doc.join('\n')}
package ${pkg}

${renderImports([
  ['', 'k8s.io/apimachinery/pkg/runtime/schema'],
  ['', 'sigs.k8s.io/controller-runtime/pkg/scheme'],
])}

var (
	// GroupVersion is group version used to register these objects.
	GroupVersion = schema.GroupVersion{Group: ${goString(group)}, Version: ${goString(version)}}

	// SchemeBuilder is used to add go types to the GroupVersionKind scheme.
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}

	// AddToScheme adds the types in this group-version to the given scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)
`;
}

export function generateGoTypes(design: Design, options: GoTypesOptions = {}): GoTypesResult {
  const header = options.boilerplate ?? DEFAULT_BOILERPLATE;
  const { crd } = design;
  const kind = goIdentifier(crd.names.kind, 'the kind');
  for (const v of crd.versions) goIdentifier(goPackageName(v.name), `the Go package of version ${v.name}`);
  const files = new Map<string, string>();
  const notExpressible: NotExpressible[] = [];
  let floats = false;
  const goFields = new Map<string, ReadonlyMap<string, GoFieldRef>>();
  const expressedCrd = { ...crd };
  const names = resolveNames(crd.names);
  if (crd.names.listKind !== undefined && crd.names.listKind !== `${kind}List`) {
    notExpressible.push({
      path: 'crd.names.listKind',
      reason: `controller-gen always names the list kind ${kind}List`,
    });
    expressedCrd.names = { ...crd.names, listKind: `${kind}List` };
  }
  for (const k of ['shortNames', 'categories'] as const) {
    if (crd.names[k]?.length !== 0) continue;
    notExpressible.push({ path: `crd.names.${k}`, reason: `controller-gen leaves out an empty ${k} list` });
    const { [k]: _dropped, ...rest } = expressedCrd.names;
    expressedCrd.names = rest;
  }
  if (crd.labels && Object.keys(crd.labels).length === 0) {
    notExpressible.push({ path: 'crd.labels', reason: 'controller-gen leaves out empty labels' });
    delete expressedCrd.labels;
  }
  const cgv = controllerGenVersion(design);
  if (cgv !== DEFAULT_CONTROLLER_GEN_VERSION) {
    notExpressible.push({
      path: 'crd.controllerGenVersion',
      reason: `controller-gen ${DEFAULT_CONTROLLER_GEN_VERSION} stamps its own version`,
    });
    delete expressedCrd.controllerGenVersion;
  }
  if (crd.extra) {
    notExpressible.push({
      path: 'crd.extra',
      reason: `CRD keys outside the model (${Object.keys(crd.extra).join(', ')}) have no marker`,
    });
    delete expressedCrd.extra;
  }
  expressedCrd.versions = crd.versions.map((v, i) => {
    const b = new PackageBuilder(kind, [kind, `${kind}List`]);
    const expressed = kindDecls(crd, v, `crd.versions[${i}]`, b);
    notExpressible.push(...b.notExpressible);
    floats ||= b.usesFloats;
    goFields.set(v.name, b.fields);
    const body = [
      header,
      `package ${goPackageName(v.name)}`,
      renderImports(goImports(b.imports)),
      ...b.decls.map(renderDecl),
      `func init() {\n\tSchemeBuilder.Register(&${kind}{}, &${kind}List{})\n}`,
    ].join('\n\n');
    const dir = `api/${v.name}`;
    files.set(`${dir}/${names.kind.toLowerCase()}_types.go`, `${body}\n`);
    files.set(`${dir}/groupversion_info.go`, groupVersionInfo(header, design, v.name));
    return expressed;
  });
  const byName = (a: { name: string }, b: { name: string }): number => goStringCompare(a.name, b.name);
  if (crd.versions.some((v, i) => i > 0 && byName(crd.versions[i - 1]!, v) > 0)) {
    notExpressible.push({ path: 'crd.versions', reason: 'controller-gen lists versions sorted by name' });
    expressedCrd.versions = [...expressedCrd.versions].sort(byName);
  }
  const sorted = new Map([...files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return {
    files: sorted,
    notExpressible,
    expressed: { ...design, crd: expressedCrd },
    allowDangerousTypes: floats,
    goFields,
  };
}
