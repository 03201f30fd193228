// How an installed CRD names the design it came from. The controller-manager starts a controller
// for every CRD with the label and reconciles with the pinned version from the annotation.
import { crdObject } from '@opstudio/shared/crd/generate';
import type { CustomResourceDefinition } from '@opstudio/shared/crd/types';
import type { Design } from '@opstudio/shared/design/schema';

export const DESIGN_LABEL = 'studio.opstudio.dev/design';
export const DESIGN_VERSION_ANNOTATION = 'studio.opstudio.dev/design-version';
export const FIELD_MANAGER = 'operator-studio';

/** The CRD a design version installs: controller-gen's object plus the studio's label and annotation. */
export function labelledCrd(design: Design, designId: string, version: number): CustomResourceDefinition {
  const crd = crdObject(design);
  crd.metadata.labels = { ...crd.metadata.labels, [DESIGN_LABEL]: designId };
  crd.metadata.annotations = { ...crd.metadata.annotations, [DESIGN_VERSION_ANNOTATION]: String(version) };
  return crd;
}

/** Which design (and version) installed this CRD, if the studio did. */
export function installedFrom(crd: CustomResourceDefinition): { designId: string; designVersion: number | null } | null {
  const designId = crd.metadata.labels?.[DESIGN_LABEL];
  if (designId === undefined || designId === '') return null;
  const raw = crd.metadata.annotations?.[DESIGN_VERSION_ANNOTATION];
  const n = raw === undefined ? NaN : Number(raw);
  return { designId, designVersion: Number.isSafeInteger(n) && n > 0 ? n : null };
}
