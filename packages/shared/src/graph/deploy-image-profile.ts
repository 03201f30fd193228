// The image form (kubebuilder's deploy-image: Memcached) as a graph, so one planner and one
// reconciler serve every design (docs/design/0046). The form becomes a one-Deployment graph
// whose template is the Deployment desired.ts describes, with `${…}` where the CR decides
// (replicas, the container port); its `deploy-image` profile makes the plan and the status say
// what kubebuilder's scaffold says: the Deployment keeps `managed-by: <Kind>Controller` and the
// instance label in its selector, conditions are Available (Reconciling / Resizing) with Ready
// mirroring it and Degraded only once something went wrong, and its Events are "Created
// Deployment x with 3 replicas" and "Scaled Deployment x from 3 to 5 replicas". A design with no
// operand at all is the profile with no child: Ready=True NoResources. Pure.
import type { JsonValue } from '../design/field';
import { designGraph, imageOperand } from '../design/operand-form';
import type { Design } from '../design/schema';
import { CONDITION_DEGRADED, findCondition, REASONS, setStatusCondition } from '../operand/conditions';
import { desiredDeployment, labelValue } from '../operand/desired';
import { operandInputFromDesign, resourceCoordinates, setPath } from '../operand/from-design';
import { deploymentProgress, type ObservedDeployment } from '../operand/progress';
import { mirrorReady, NO_RESOURCES_MESSAGE } from '../operand/ready';
import type { Condition } from '../operand/types';
import { COMPONENT_LABEL } from './child-sync';
import type { PlanCondition } from './conditions';
import type { DeployImageProfile, KubeObject, ResourceGraph } from './model';
import type { Observed, Plan } from './plan';

/** The id of the image form's one child. */
export const DEPLOY_IMAGE_CHILD = 'deployment';
const INSTANCE = 'app.kubernetes.io/instance';
const MANAGED = 'app.kubernetes.io/managed-by';

/** The graph a design's controller runs: its resources, or the image form as a one-Deployment graph. */
export function operandGraph(design: Design): ResourceGraph {
  return designGraph(design) ?? deployImageGraph(design);
}

/** The image form (or no operand) as a graph with the deploy-image profile. */
export function deployImageGraph(design: Design): ResourceGraph {
  const coords = resourceCoordinates(design);
  const profile: DeployImageProfile = { name: 'deploy-image', managedBy: labelValue(`${coords.kind}Controller`) };
  const op = imageOperand(design);
  if (op === undefined) return { resources: [], profile };
  // desired.ts builds the Deployment for a CR holding 1 at each field the CR decides; those
  // values become expressions, everything else stays as the form gives it
  const cr: Record<string, unknown> = {};
  for (const field of [op.replicasField, op.portField]) if (field !== undefined) setPath(cr, specPath(field), 1);
  const input = operandInputFromDesign(design, {
    apiVersion: `${coords.group}/${coords.version}`,
    kind: coords.kind,
    metadata: { name: 'x', namespace: '', uid: '' },
    spec: cr.spec,
  })!;
  const d = desiredDeployment(input);
  const container = d.spec.template.spec.containers[0]!;
  const { ports, ...rest } = container;
  const port = ports?.[0];
  const template = {
    apiVersion: d.apiVersion,
    kind: d.kind,
    metadata: { name: '${self.metadata.name}', labels: literal(withoutInstance(d.metadata.labels)) },
    spec: {
      replicas: op.replicasField === undefined ? 1 : `\${${optionalPath(op.replicasField)}.orValue(0)}`,
      selector: { matchLabels: literal(withoutInstance(d.spec.selector.matchLabels)) },
      template: {
        metadata: { labels: literal(withoutInstance(d.spec.template.metadata.labels)) },
        spec: {
          securityContext: literal(d.spec.template.spec.securityContext),
          containers: [
            {
              ...(literal(rest) as Record<string, JsonValue>),
              ...(op.portField !== undefined && port !== undefined
                ? { ports: portsExpression(op.portField, port.name) }
                : {}),
            },
          ],
        },
      },
    },
  };
  return { resources: [{ id: DEPLOY_IMAGE_CHILD, template }], profile };
}

/**
 * The profile's finish to a planned Deployment: `managed-by` stays the kind's controller (the
 * planner writes its own), and the selector and pod labels carry the instance label the planner
 * gives the object's metadata (a CR name made a valid label value); the component label goes.
 */
export function dressDeployImage(object: KubeObject, profile: DeployImageProfile, crName: string): KubeObject {
  const instance = labelValue(crName);
  const o = structuredClone(object) as {
    metadata?: { labels?: Record<string, string> };
    spec?: {
      selector?: { matchLabels?: Record<string, string> };
      template?: { metadata?: { labels?: Record<string, string> } };
    };
  };
  if (o.metadata?.labels !== undefined) {
    o.metadata.labels[MANAGED] = profile.managedBy;
    // kubebuilder's labels only: the one child is known without its component label (childIdOf)
    delete o.metadata.labels[COMPONENT_LABEL];
  }
  for (const labels of [o.spec?.selector?.matchLabels, o.spec?.template?.metadata?.labels])
    if (labels !== undefined) labels[INSTANCE] = instance;
  return o;
}

/** A plan under the profile: its Deployment dressed, its conditions the profile's. */
export function profilePlan(
  graph: ResourceGraph,
  profile: DeployImageProfile,
  p: Plan,
  cr: KubeObject,
  observed: Observed,
): Plan {
  const name = (cr.metadata as { name?: unknown } | undefined)?.name;
  const crName = typeof name === 'string' ? name : '';
  const desired = p.desired.map((d) => ({ ...d, object: dressDeployImage(d.object, profile, crName) }));
  const planned = desired.find((d) => d.id === DEPLOY_IMAGE_CHILD)?.object.spec as { replicas?: unknown } | undefined;
  const error = p.errors[0];
  const conditions = deployImageConditions({
    crName,
    hasChild: graph.resources.length > 0,
    ...(error !== undefined ? { error: `${error.path}: ${error.message}` } : {}),
    ...(typeof planned?.replicas === 'number' ? { wanted: planned.replicas } : {}),
    observed: observed.get(DEPLOY_IMAGE_CHILD) as ObservedDeployment | undefined,
  });
  return { ...p, desired, conditions };
}

/**
 * The plan's conditions under the profile: Ready=True NoResources without an operand; Degraded
 * InvalidSpec and Available=False when the Deployment cannot be built; else Available from the
 * observed Deployment's progress (kubebuilder's messages), with a Degraded=False that only
 * clears one already there (profileStatus drops it otherwise).
 */
export function deployImageConditions(input: {
  readonly crName: string;
  readonly hasChild: boolean;
  readonly error?: string;
  readonly wanted?: number;
  readonly observed?: ObservedDeployment;
}): PlanCondition[] {
  const { crName } = input;
  if (!input.hasChild) return [{ type: 'Ready', status: 'True', reason: 'NoResources', message: NO_RESOURCES_MESSAGE }];
  if (input.error !== undefined || input.wanted === undefined) {
    const message = input.error ?? 'the Deployment could not be planned';
    return [
      { type: CONDITION_DEGRADED, status: 'True', reason: 'InvalidSpec', message },
      {
        type: 'Available',
        status: 'False',
        reason: REASONS.reconciling,
        message: `Cannot build the Deployment: ${message}`,
      },
    ];
  }
  const progress = deploymentProgress(input.observed, input.wanted);
  if (!progress.ready)
    return [
      {
        type: 'Available',
        status: 'False',
        reason: REASONS.resizing,
        message: `Waiting for ${progress.readyReplicas}/${progress.wanted} replicas of Deployment ${crName} to be ready`,
      },
    ];
  return [
    {
      type: 'Available',
      status: 'True',
      reason: REASONS.reconciling,
      message: `Deployment for custom resource (${crName}) with ${progress.wanted} replicas created successfully`,
    },
    {
      type: CONDITION_DEGRADED,
      status: 'False',
      reason: REASONS.reconciling,
      message: `Deployment for custom resource (${crName}) is healthy`,
    },
  ];
}

export interface ProfileStatusInput {
  readonly before: readonly Condition[];
  readonly conditions: readonly PlanCondition[];
  readonly crName: string;
  readonly conflicts: readonly { readonly reason: string; readonly message: string }[];
  readonly applyError?: string;
  readonly generation?: number;
  readonly now: Date;
}

export interface ProfileEvent {
  readonly type: 'Warning';
  readonly reason: string;
  readonly action: 'Apply';
  readonly note: string;
}

/**
 * The conditions written under the profile, as the deploy-image reconciler wrote them: a child
 * owned elsewhere sets Degraded alone (Available stays as it was), a failed apply makes Available
 * False (and a Warning ReconcileFailed), else the plan's conditions; Ready mirrors Available.
 */
export function profileStatus(input: ProfileStatusInput): { conditions: readonly Condition[]; events: ProfileEvent[] } {
  const { before, generation, now } = input;
  const set = (c: readonly Condition[], p: PlanCondition) =>
    setStatusCondition(c, { ...p, observedGeneration: generation }, now);
  let conditions = before;
  const events: ProfileEvent[] = [];
  const conflict = input.conflicts[0];
  if (conflict !== undefined) {
    const message = input.conflicts.map((x) => x.message).join('; ');
    conditions = set(conditions, { type: CONDITION_DEGRADED, status: 'True', reason: conflict.reason, message });
  } else if (input.applyError !== undefined) {
    const note = `Failed to apply Deployment for the custom resource (${input.crName}): ${input.applyError}`;
    conditions = set(conditions, { type: 'Available', status: 'False', reason: REASONS.reconciling, message: note });
    if (conditions !== before) events.push({ type: 'Warning', reason: 'ReconcileFailed', action: 'Apply', note });
  } else
    for (const p of input.conditions) {
      // kubebuilder sets Degraded only while something is wrong: a healthy operand clears one, never adds it
      if (p.type === CONDITION_DEGRADED && p.status === 'False' && findCondition(conditions, p.type) === undefined)
        continue;
      conditions = set(conditions, p);
    }
  return { conditions: mirrorReady(conditions, now), events };
}

/**
 * The Event of an applied Deployment under the profile: Created with its replicas, Scaled when
 * replicas changed (from the observed object's), none for any other update.
 */
export function deployImageEvent(
  verb: 'created' | 'updated',
  name: string,
  desired: { spec?: { replicas?: unknown } },
  observed: { spec?: { replicas?: unknown } } | undefined,
): { type: 'Normal'; reason: 'Created' | 'Scaled'; action: 'Create' | 'Scale'; note: string } | undefined {
  const replicas = Number(desired.spec?.replicas ?? 1);
  if (verb === 'created')
    return {
      type: 'Normal',
      reason: 'Created',
      action: 'Create',
      note: `Created Deployment ${name} with ${replicas} replicas`,
    };
  const from = Number(observed?.spec?.replicas ?? 0);
  if (from === replicas) return undefined;
  return {
    type: 'Normal',
    reason: 'Scaled',
    action: 'Scale',
    note: `Scaled Deployment ${name} from ${from} to ${replicas} replicas`,
  };
}

/**
 * The child id of an object the custom resource controls: its component label, or under the
 * profile (whose Deployment carries kubebuilder's labels only) its one child.
 */
export function childIdOf(
  graph: ResourceGraph,
  o: { readonly metadata?: { readonly labels?: Readonly<Record<string, string>> } },
): string | undefined {
  return o.metadata?.labels?.[COMPONENT_LABEL] ?? (graph.profile !== undefined ? DEPLOY_IMAGE_CHILD : undefined);
}

/** The dotted field (`spec.` implied) as parts under the CR. */
function specPath(field: string): string[] {
  return (field.startsWith('spec.') ? field : `spec.${field}`).split('.');
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `self.?spec.?size`: the field as an optional, absent when any part is unset. */
function optionalPath(field: string): string {
  return `self${specPath(field)
    .map((p) => (IDENT.test(p) ? `.?${p}` : `[?${JSON.stringify(p)}]`))
    .join('')}`;
}

/** The container's ports: the CR's port under the form's port name, none while the field is unset. */
function portsExpression(field: string, name: string): string {
  const value = optionalPath(field);
  return `\${${value}.hasValue() ? [{'containerPort': dyn(${value}.value()), 'name': dyn(${JSON.stringify(name)})}] : []}`;
}

function withoutInstance(labels: Readonly<Record<string, string>>): Record<string, string> {
  const { [INSTANCE]: _instance, ...rest } = labels;
  return rest;
}

/** A value from the form, every string kept literal (`${` in a command is text, not an expression). */
function literal(v: unknown): JsonValue {
  if (typeof v === 'string') return v.includes('${') ? `\${${JSON.stringify(v)}}` : v;
  if (Array.isArray(v)) return v.map(literal);
  if (typeof v === 'object' && v !== null)
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, literal(x)]));
  return v as JsonValue;
}
