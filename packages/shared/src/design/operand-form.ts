/**
 * Which of the two operand forms a design uses (design/schema.ts OPERAND): the single
 * Deployment of an image (kubebuilder's deploy-image, Memcached) or a graph of children.
 * Every generator and the controller ask here, so "has an operand" never means "has an image".
 */
import type { ResourceGraph } from '../graph/model';
import type { Design, Operand } from './schema';

export type ImageOperand = Operand & { image: string };

/** The single-Deployment form, or undefined (no operand, or the resources form). */
export function imageOperand(design: Design): ImageOperand | undefined {
  const op = design.operand;
  return op?.image !== undefined && op.resources === undefined ? (op as ImageOperand) : undefined;
}

/** The resources form as the planner's graph, or undefined. */
export function designGraph(design: Design): ResourceGraph | undefined {
  const op = design.operand;
  if (op?.resources === undefined) return undefined;
  return {
    ...(op.externalRefs !== undefined ? { externalRefs: op.externalRefs } : {}),
    resources: op.resources,
    ...(op.namespaces !== undefined ? { namespaces: op.namespaces } : {}),
    ...(op.status !== undefined ? { status: op.status } : {}),
    ...(op.conditions !== undefined ? { conditions: op.conditions } : {}),
  };
}
