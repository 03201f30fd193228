/**
 * design → CustomResourceDefinition YAML, byte-identical to what controller-gen writes for the
 * Go types we export: `---`, then the document in go-yaml v2's layout, stamped with
 * `controller-gen.kubebuilder.io/version` (kept from an import, v0.21.0 for a new design).
 */
import { controllerGenVersion, crdName, fullGroup, resolveNames } from '../design/names';
import type { Design, VersionDesign } from '../design/schema';
import { emitYaml } from '../yaml/emit';
import type { YamlValue } from '../yaml/emit';
import { rootSchema } from './field-schema';
import type { CustomResourceDefinition, CustomResourceDefinitionVersion, CustomResourceSubresources } from './types';

export const CONTROLLER_GEN_VERSION_ANNOTATION = 'controller-gen.kubebuilder.io/version';

function versionObject(v: VersionDesign): CustomResourceDefinitionVersion {
  const out: CustomResourceDefinitionVersion = { name: v.name, served: v.served, storage: v.storage };
  if (v.deprecated !== undefined) out.deprecated = v.deprecated;
  if (v.deprecationWarning !== undefined) out.deprecationWarning = v.deprecationWarning;
  if (v.printerColumns) out.additionalPrinterColumns = v.printerColumns.map((c) => ({ ...c }));
  if (v.selectableFields) out.selectableFields = v.selectableFields.map((jsonPath) => ({ jsonPath }));
  if (v.subresources) {
    const sub: CustomResourceSubresources = {};
    if (v.subresources.status) sub.status = {};
    if (v.subresources.scale) sub.scale = { ...v.subresources.scale };
    out.subresources = sub;
  }
  const schema = rootSchema(v);
  if (schema) out.schema = { openAPIV3Schema: schema };
  if (v.extra) Object.assign(out, v.extra);
  return out;
}

/** The CRD as an object (apiextensions.k8s.io/v1), before it is written as YAML. */
export function crdObject(design: Design): CustomResourceDefinition {
  const { crd } = design;
  const annotations: Record<string, string> = { ...(crd.annotations ?? {}) };
  const version = controllerGenVersion(design);
  if (version !== null) annotations[CONTROLLER_GEN_VERSION_ANNOTATION] = version;
  const metadata: CustomResourceDefinition['metadata'] = { name: crdName(design) };
  if (Object.keys(annotations).length > 0) metadata.annotations = annotations;
  if (crd.labels) metadata.labels = { ...crd.labels };
  if (crd.extra?.metadata) Object.assign(metadata, crd.extra.metadata);
  const out: CustomResourceDefinition = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata,
    spec: {
      group: fullGroup(design),
      names: resolveNames(crd.names),
      scope: crd.scope,
      versions: crd.versions.map(versionObject),
    },
  };
  if (crd.extra?.spec) Object.assign(out.spec, crd.extra.spec);
  if (crd.extra?.top) Object.assign(out, crd.extra.top);
  return out;
}

/** The CRD YAML exactly as `controller-gen crd` writes it to config/crd/bases. */
export function generateCrd(design: Design): string {
  return emitYaml(crdObject(design) as unknown as YamlValue, { documentStart: true });
}
