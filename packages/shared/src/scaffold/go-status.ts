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

/** setCondition (meta.SetStatusCondition, or a no-op without conditions) and updateStatus. */
export function statusHelpers(f: ProjectFacts): string {
  const n = goNames(f);
  const { recv } = n;
  const pkg = f.alias(f.version.name);
  const cond = f.conditions;
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
