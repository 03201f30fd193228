/**
 * Desired state, pure: what the controller wants to exist for a CR (the operand Deployment with
 * kubebuilder deploy-image parity), the design → input mapping, drift between desired and
 * observed (the skip-unchanged check and the history's short diff), the Deployment's progress as
 * conditions, and the status-condition setters.
 * Used by the controller's reconciler and by the designer's "what the controller would create" preview.
 */
export {
  desiredDeployment,
  DesiredStateError,
  imageTag,
  labelValue,
  type CustomResource,
  type DesiredDeploymentInput,
  type OperandSettings,
} from './desired';
export {
  finalizerName,
  operandInputFromDesign,
  resourceCoordinates,
  statusExtras,
  type ResourceCoordinates,
} from './from-design';
export { describeDrift, fieldDrift, type FieldChange } from './drift';
export {
  conditionTransitions,
  deploymentProgress,
  type ConditionTransition,
  type ObservedDeployment,
  type Progress,
} from './progress';
export * from './conditions';
export { CONDITION_READY, mirrorReady, NO_RESOURCES_MESSAGE } from './ready';
export type * from './types';
