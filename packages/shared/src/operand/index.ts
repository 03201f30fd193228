/**
 * Desired state, pure: what the controller wants to exist for a CR (the operand Deployment with
 * kubebuilder deploy-image parity) and the status-condition setters it reports progress with.
 * Used by the controller's reconciler and by the designer's "what the controller would create" preview.
 */
export { desiredDeployment, DesiredStateError, imageTag, labelValue, type CustomResource, type DesiredDeploymentInput, type OperandSettings } from './desired';
export * from './conditions';
export type * from './types';
