/**
 * The status helpers of the exported reconciler: setCondition (meta.SetStatusCondition's
 * rules) and updateStatus (a merge patch of the status alone, Ready mirrored or set where the
 * design's kind of operand says so).
 */
import { goString } from '../gotypes/go-text';
import { NO_RESOURCES_MESSAGE } from '../operand/ready';
import type { ProjectFacts } from './facts';
import { goNames } from './go-names';
import { designGraph } from '../design/operand-form';

const q = goString;

/**
 * Whether the storage version has a status: a kind without one is legal (its CRD has no status
 * and no status subresource), and its controller then reads and writes none.
 */
export function hasStatus(f: ProjectFacts): boolean {
  return f.field('status') !== undefined;
}

/** The status as read, kept to see whether the reconcile changed it (`before`). */
export function statusBefore(f: ProjectFacts, recv: string): string {
  return hasStatus(f) ? `${recv}.Status.DeepCopy()` : '(*struct{})(nil) // the kind has no status';
}

/** setStatus: the plan's status bindings written over the status as read. */
export function setStatusHelper(f: ProjectFacts): string {
  const n = goNames(f);
  const { recv } = n;
  const pkg = f.alias(f.version.name);
  const K = f.kind;
  if (!hasStatus(f))
    return `// setStatus has nowhere to write status bindings: the design's kind has no status.
func (r *${n.reconciler}) setStatus(_ *${pkg}.${K}, values map[string]any) error {
	if len(values) == 0 {
		return nil
	}
	return fmt.Errorf("the kind has no status for the status bindings")
}`;
  return `// setStatus writes the status bindings over the status as read, through its Go type.
func (r *${n.reconciler}) setStatus(${recv} *${pkg}.${K}, values map[string]any) error {
	if len(values) == 0 {
		return nil
	}
	status, err := runtime.DefaultUnstructuredConverter.ToUnstructured(&${recv}.Status)
	if err != nil {
		return err
	}
	for field, value := range values {
		if err := unstructured.SetNestedField(status, value, strings.Split(field, ".")...); err != nil {
			return fmt.Errorf("status.%s: %w", field, err)
		}
	}
	next := ${pkg}.${K}Status{}
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(status, &next); err != nil {
		return fmt.Errorf("the status bindings do not fit the status: %w", err)
	}
	${recv}.Status = next
	return nil
}`;
}

/** setCondition (meta.SetStatusCondition, or a no-op without conditions) and updateStatus. */
export function statusHelpers(f: ProjectFacts): string {
  const n = goNames(f);
  const { recv } = n;
  const pkg = f.alias(f.version.name);
  const cond = f.conditions;
  if (!hasStatus(f))
    return `// setCondition is a no-op: the design's kind has no status.
func (r *${n.reconciler}) setCondition(_ *${pkg}.${f.kind}, _ string, _ metav1.ConditionStatus, _, _ string) bool {
	return true
}

// updateStatus has nothing to write: the design's kind has no status.
func (r *${n.reconciler}) updateStatus(_ context.Context, _ *${pkg}.${f.kind}, _ *struct{}) error {
	return nil
}`;
  // Ready: the image form mirrors Available; a design with no operand is Ready at once; a
  // resources design's plan sets Ready itself (go-graph-controller.ts)
  const ready = !cond ? 'none' : f.operand ? 'mirror' : designGraph(f.design) === undefined ? 'noResources' : 'none';
  return `${
    cond
      ? `// setCondition sets a condition with meta.SetStatusCondition's rules and says whether anything changed.
func (r *${n.reconciler}) setCondition(${recv} *${pkg}.${f.kind}, conditionType string, status metav1.ConditionStatus, reason, message string) bool {
	return meta.SetStatusCondition(&${recv}.Status.Conditions, metav1.Condition{
		Type:               conditionType,
		Status:             status,
		Reason:             reason,
		Message:            message,
		ObservedGeneration: ${recv}.Generation,
	})
}

`
      : `// setCondition is a no-op: the design's status has no conditions.
func (r *${n.reconciler}) setCondition(_ *${pkg}.${f.kind}, _ string, _ metav1.ConditionStatus, _, _ string) bool {
	return true
}

`
  }// updateStatus writes the status subresource when it differs from what was read.${
    ready !== 'none'
      ? `
// Every design reports Ready (kubectl wait --for=condition=Ready, Argo CD): ${ready === 'mirror' ? 'it mirrors Available' : 'this design creates nothing, so it is Ready at once'}.`
      : ''
  }
func (r *${n.reconciler}) updateStatus(ctx context.Context, ${recv} *${pkg}.${f.kind}, before *${pkg}.${f.kind}Status) error {${
    ready !== 'none'
      ? ready === 'mirror'
        ? `
	if available := meta.FindStatusCondition(${recv}.Status.Conditions, "Available"); available != nil {
		meta.SetStatusCondition(&${recv}.Status.Conditions, metav1.Condition{
			Type: "Ready", Status: available.Status, Reason: available.Reason, Message: available.Message,
			ObservedGeneration: available.ObservedGeneration,
		})
	}`
        : `
	if ${recv}.DeletionTimestamp.IsZero() {
		r.setCondition(${recv}, "Ready", metav1.ConditionTrue, "NoResources", ${q(NO_RESOURCES_MESSAGE)})
	}`
      : ''
  }
	if equality.Semantic.DeepEqual(before, &${recv}.Status) {
		return nil
	}
	// A merge patch of the status alone, as the embedded controller writes it: no resourceVersion
	// precondition, so a spec edit that lands meanwhile does not fail the write with a conflict (and
	// put the key on the error backoff); that edit's own reconcile writes the status it implies.
	original := ${recv}.DeepCopy()
	original.Status = *before
	if err := r.Status().Patch(ctx, ${recv}, client.MergeFrom(original)); err != nil {
		logf.FromContext(ctx).Error(err, "Failed to update ${f.kind} status")
		return err
	}
	return nil
}`;
}
