/**
 * The design's operand section mapped onto the desired-state input, and the few facts the
 * reconciler needs from the design (which version it serves, where the pod names go in status,
 * whether the status schema has `observedGeneration`). Pure: the reconciler brings the CR.
 */
import { fullGroup, resolveNames } from '../design/names';
import type { Design } from '../design/schema';
import { storageVersion } from '../manifests/sample';
import type { FieldNode } from '../design/field';
import type { CustomResource, DesiredDeploymentInput } from './desired';
import { imageOperand } from '../design/operand-form';

/** The CR's API coordinates as the controller reads and writes them (the storage version). */
export interface ResourceCoordinates {
  readonly group: string;
  readonly version: string;
  readonly plural: string;
  readonly kind: string;
  readonly namespaced: boolean;
}

export function resourceCoordinates(design: Design): ResourceCoordinates {
  const names = resolveNames(design.crd.names);
  return {
    group: fullGroup(design),
    version: storageVersion(design).name,
    plural: names.plural,
    kind: names.kind,
    namespaced: design.crd.scope === 'Namespaced',
  };
}

/** kubebuilder's finalizer name: `<group>/finalizer`. */
export function finalizerName(design: Design): string {
  return `${fullGroup(design)}/finalizer`;
}

/** The desired-state input for one CR, or undefined when the design has no operand (status only). */
export function operandInputFromDesign(design: Design, cr: CustomResource): DesiredDeploymentInput | undefined {
  const op = imageOperand(design);
  if (op === undefined) return undefined;
  return {
    cr,
    projectName: design.project.projectName,
    operand: {
      image: op.image,
      ...(op.command !== undefined ? { command: op.command } : {}),
      ...(op.replicasField !== undefined ? { replicasField: op.replicasField } : {}),
      ...(op.portField !== undefined ? { portField: op.portField } : {}),
      ...(op.runAsUser !== undefined ? { runAsUser: op.runAsUser } : {}),
    },
  };
}

/**
 * The status fields the reconciler writes besides conditions: the pod names (at the design's
 * `podNamesStatusField`, `status.` implied) and `observedGeneration` when the schema declares it
 * (a structural schema prunes undeclared fields, so writing it blindly would never converge).
 */
export function statusExtras(
  design: Design,
  podNames: readonly string[],
  generation: number | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const statusNode = storageVersion(design).schema?.fields?.find((f) => f.name === 'status');
  if (generation !== undefined && hasField(statusNode, 'observedGeneration')) out.observedGeneration = generation;
  const podField = design.operand?.podNamesStatusField;
  if (podField !== undefined && podField !== '') {
    const parts = (podField.startsWith('status.') ? podField.slice('status.'.length) : podField).split('.');
    setPath(out, parts, [...podNames]);
  }
  return out;
}

function hasField(node: FieldNode | undefined, name: string): boolean {
  return node?.fields?.some((f) => f.name === name) ?? false;
}

/** Sets `value` at the dotted path's `parts` in `target`, making the objects on the way. */
export function setPath(target: Record<string, unknown>, parts: readonly string[], value: unknown): void {
  const [head, ...rest] = parts;
  if (head === undefined || head === '') return;
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  const next = target[head];
  const child = typeof next === 'object' && next !== null ? (next as Record<string, unknown>) : {};
  target[head] = child;
  setPath(child, rest, value);
}
