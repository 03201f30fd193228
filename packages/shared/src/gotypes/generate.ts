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
import { kindDecls } from './kind';
import { PackageBuilder, type NotExpressible } from './model';
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
}

export const DEFAULT_BOILERPLATE = apacheBoilerplate(2026);

function groupVersionInfo(header: string, design: Design, version: string): string {
  const group = fullGroup(design);
  return `${header}

// Package ${version} contains API Schema definitions for the ${design.crd.group} ${version} API group.
// +kubebuilder:object:generate=true
// +groupName=${group}
package ${version}

${renderImports([['', 'k8s.io/apimachinery/pkg/runtime/schema'], ['', 'sigs.k8s.io/controller-runtime/pkg/scheme']])}

var (
	// GroupVersion is group version used to register these objects.
	GroupVersion = schema.GroupVersion{Group: ${JSON.stringify(group)}, Version: ${JSON.stringify(version)}}

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
  const kind = crd.names.kind;
  const files = new Map<string, string>();
  const notExpressible: NotExpressible[] = [];
  let floats = false;
  const expressedCrd = { ...crd };
  const names = resolveNames(crd.names);
  if (crd.names.listKind !== undefined && crd.names.listKind !== `${kind}List`) {
    notExpressible.push({ path: 'crd.names.listKind', reason: `controller-gen always names the list kind ${kind}List` });
    expressedCrd.names = { ...crd.names, listKind: `${kind}List` };
  }
  const cgv = controllerGenVersion(design);
  if (cgv !== DEFAULT_CONTROLLER_GEN_VERSION) {
    notExpressible.push({ path: 'crd.controllerGenVersion', reason: `controller-gen ${DEFAULT_CONTROLLER_GEN_VERSION} stamps its own version` });
    delete expressedCrd.controllerGenVersion;
  }
  if (crd.extra) {
    notExpressible.push({ path: 'crd.extra', reason: `CRD keys outside the model (${Object.keys(crd.extra).join(', ')}) have no marker` });
    delete expressedCrd.extra;
  }
  expressedCrd.versions = crd.versions.map((v, i) => {
    const b = new PackageBuilder(kind, [kind, `${kind}List`]);
    const expressed = kindDecls(crd, v, `crd.versions[${i}]`, b);
    notExpressible.push(...b.notExpressible);
    floats ||= b.usesFloats;
    const body = [
      header,
      `package ${v.name}`,
      renderImports(goImports(b.imports)),
      ...b.decls.map(renderDecl),
      `func init() {\n\tSchemeBuilder.Register(&${kind}{}, &${kind}List{})\n}`,
    ].join('\n\n');
    const dir = `api/${v.name}`;
    files.set(`${dir}/${names.kind.toLowerCase()}_types.go`, `${body}\n`);
    files.set(`${dir}/groupversion_info.go`, groupVersionInfo(header, design, v.name));
    return expressed;
  });
  const sorted = new Map([...files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { files: sorted, notExpressible, expressed: { ...design, crd: expressedCrd }, allowDangerousTypes: floats };
}
