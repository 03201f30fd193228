// How an installed CRD names the design it came from. The controller-manager starts a controller
// for every CRD with the label and reconciles with the pinned version from the annotation.
import { crdObject } from '@opstudio/shared/crd/generate';
import type { CustomResourceDefinition } from '@opstudio/shared/crd/types';
import type { Design } from '@opstudio/shared/design/schema';

export const DESIGN_LABEL = 'studio.opstudio.dev/design';
export const DESIGN_VERSION_ANNOTATION = 'studio.opstudio.dev/design-version';

/** The CRD a design version installs: controller-gen's object plus the studio's label and annotation. */
export function labelledCrd(design: Design, designId: string, version: number): CustomResourceDefinition {
  const crd = crdObject(design);
  crd.metadata.labels = { ...crd.metadata.labels, [DESIGN_LABEL]: designId };
  crd.metadata.annotations = { ...crd.metadata.annotations, [DESIGN_VERSION_ANNOTATION]: String(version) };
  return crd;
}

/** Which design (and version) installed this CRD, if the studio did. */
export function installedFrom(
  crd: CustomResourceDefinition,
): { designId: string; designVersion: number | null } | null {
  const designId = crd.metadata.labels?.[DESIGN_LABEL];
  if (designId === undefined || designId === '') return null;
  const raw = crd.metadata.annotations?.[DESIGN_VERSION_ANNOTATION];
  const n = raw === undefined ? NaN : Number(raw);
  return { designId, designVersion: Number.isSafeInteger(n) && n > 0 ? n : null };
}

/**
 * The CRD as its author wrote it: without what the API server adds (uid, resourceVersion,
 * generation, creationTimestamp, managedFields, status, the default `conversion: None`) and
 * without the studio's own label and annotation, which belong to the design that installed it.
 */
export function authoredCrd(crd: CustomResourceDefinition): CustomResourceDefinition {
  const { name, labels, annotations } = crd.metadata;
  const own = (key: string) => key === DESIGN_LABEL || key === DESIGN_VERSION_ANNOTATION;
  const keep = (m: Record<string, string> | undefined) => {
    const left = Object.entries(m ?? {}).filter(([k]) => !own(k));
    return left.length === 0 ? undefined : Object.fromEntries(left);
  };
  const [l, a] = [keep(labels), keep(annotations)];
  const { conversion, ...spec } = crd.spec as CustomResourceDefinition['spec'] & { conversion?: { strategy?: string } };
  const defaultConversion =
    conversion === undefined || (conversion.strategy === 'None' && Object.keys(conversion).length === 1);
  return {
    apiVersion: crd.apiVersion,
    kind: crd.kind,
    metadata: { ...(a !== undefined ? { annotations: a } : {}), ...(l !== undefined ? { labels: l } : {}), name },
    spec: defaultConversion ? spec : { ...spec, conversion },
  };
}
