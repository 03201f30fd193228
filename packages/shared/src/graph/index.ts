/**
 * The resource graph (issue 14): a design's `operand.resources`, children as Kubernetes object
 * templates with `${…}` CEL over `self` and the other children, and the pure planner that turns
 * (graph, custom resource, observed children) into the objects to apply and prune, the status
 * and the conditions. Shared by the embedded controller, the designer's preview and the
 * export's parity tests; see docs/design/0015-resource-graph-planner.md.
 */
export {
  CHILD_ID,
  CHILD_RESOURCE,
  CHILD_TEMPLATE,
  CUSTOM_CONDITION,
  EXTERNAL_REF,
  RESOURCE_GRAPH,
  type ChildResource,
  type CustomCondition,
  type ExternalRef,
  type KubeObject,
  type ResourceGraph,
} from './model';
export { childName, CHILD_NAME_MAX, plan, MANAGED_BY, type Observed, type Plan } from './plan';
export { BUILTIN_CHILD_KINDS, builtinChildKind, childResourceOf, defaultPlural, type ChildKind } from './child-kinds';
export { CONDITION_TYPES, type ConditionType, type PlanCondition, type PlanError } from './conditions';
export { validateGraph } from './validate';
export { splitExpressions, type StringPart } from './expressions';
export {
  controllerReference,
  labelledOwner,
  OWNER_ANNOTATION,
  OWNER_UID_LABEL,
  ownerUidOf,
  ownershipConflict,
  type OwnedObject,
  type OwnerReference,
  type OwnershipConflict,
} from './ownership';
export {
  childDrift,
  childEvent,
  COMPONENT_LABEL,
  componentOf,
  staleChildren,
  type ChildEvent,
  type ChildVerb,
  type OwnedChild,
} from './child-sync';
export {
  conditionEvents,
  graphStatus,
  type ConditionEvent,
  type GraphStatus,
  type GraphStatusInput,
} from './cr-status';
export {
  describeTarget,
  externalTargets,
  resolveExternals,
  sortedSelection,
  targetMatches,
  type ExternalTarget,
  type ExternalValue,
} from './externals';
export { cleanupStep, type CleanupStep } from './finalizer-cleanup';
export {
  childActions,
  degradedWarning,
  deleteAction,
  finalizingStatus,
  reconcileStatus,
  type ChildAction,
  type ChildActions,
  type PlannedEvent,
  type ReconcileStatus,
} from './reconcile-plan';
