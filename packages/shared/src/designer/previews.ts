// Everything the designer's preview tabs show for one design, computed in one pass from the
// design object (never from its YAML text: parsing is the slow path). Each artefact fails on
// its own: a design the Go generator cannot express still shows its CRD.
import { crdObject, generateCrd } from '../crd/generate';
import type { CustomResourceDefinition } from '../crd/types';
import type { Design } from '../design/schema';
import { generateGoTypes } from '../gotypes/generate';
import { generateRbac } from '../manifests/rbac';
import { generateSample } from '../manifests/sample';
import { designGraphPreview, graphPreviewText } from './graph-preview';

export type Artefact = { ok: true; text: string } | { ok: false; message: string };

export interface Previews {
  readonly crd: Artefact;
  readonly rbac: Artefact;
  readonly sample: Artefact;
  /** Path → content (`api/v1alpha1/memcached_types.go`, …). */
  readonly goTypes:
    | { ok: true; files: readonly { path: string; text: string }[]; notExpressible: readonly string[] }
    | { ok: false; message: string };
  /** What the controller creates for the sample CR: the Deployment, or every child of the resources form. */
  readonly deployment: Artefact;
  /** The CRD object, for validateDesign (saves building it twice). */
  readonly crdObject: CustomResourceDefinition | undefined;
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

function attempt(fn: () => string): Artefact {
  try {
    return { ok: true, text: fn() };
  } catch (err) {
    return { ok: false, message: message(err) };
  }
}

/** What the controller creates for the sample: the one graph path, for the image form too. */
function deploymentPreview(design: Design): string {
  return graphPreviewText(designGraphPreview(design));
}

export function computePreviews(design: Design): Previews {
  let crd: CustomResourceDefinition | undefined;
  try {
    crd = crdObject(design);
  } catch {
    crd = undefined;
  }
  let goTypes: Previews['goTypes'];
  try {
    const result = generateGoTypes(design);
    goTypes = {
      ok: true,
      files: [...result.files].map(([path, text]) => ({ path, text })),
      notExpressible: result.notExpressible.map((n) => `${n.path}: ${n.reason}`),
    };
  } catch (err) {
    goTypes = { ok: false, message: message(err) };
  }
  return {
    crd: attempt(() => generateCrd(design)),
    rbac: attempt(() => generateRbac(design)),
    sample: attempt(() => generateSample(design)),
    goTypes,
    deployment: attempt(() => deploymentPreview(design)),
    crdObject: crd,
  };
}
