/**
 * The exported graph reconciler's ownership beyond owner references (docs/design/0039), as the
 * embedded one has it (operators/graph-reconcile.ts, cr-lifecycle.ts): the deletion phase, whose
 * finalizer deletes the children the owner label holds in reverse dependency order and waits for
 * them (Degraded Finalizing names them) before it goes; who owns an object (controller reference,
 * else owner label); and, for a design that can have labelled children, the watch that maps such a
 * child's events to its custom resource (Owns() follows owner references only).
 */
import type { Design } from '../design/schema';
import { designGraph } from '../design/operand-form';
import { fullGroup } from '../design/names';
import { isNamespacedOffline } from '../graph/child-kinds';
import { goString } from '../gotypes/go-text';
import type { ProjectFacts } from './facts';
import type { goNames } from './go-names';

/**
 * Whether a child may carry the owner label: a namespaced custom resource with a cluster-scoped
 * child, or a child that names its namespace (a custom resource kind's scope is known only to
 * discovery: counted as possibly cluster-scoped).
 */
export function mayLabelOwn(design: Design): boolean {
  if (design.crd.scope === 'Cluster') return false;
  return (designGraph(design)?.resources ?? []).some(
    ({ template }) =>
      !isNamespacedOffline(template.apiVersion, template.kind) || template.metadata?.namespace !== undefined,
  );
}

export function graphDeletionPhase(f: ProjectFacts, n: ReturnType<typeof goNames>): string {
  const { recv } = n;
  const K = f.kind;
  const already = f.conditions
    ? `was := meta.FindStatusCondition(${recv}.Status.Conditions, typeDegraded${K})
		already := was != nil && was.Reason == reasonFinalizing
		`
    : 'already := false\n\t\t';
  return `	// 2. deletion: the children the owner label holds (the garbage collector deletes those with an
	// owner reference, never these) go first, in reverse dependency order; then the finalizer.
	if !${recv}.GetDeletionTimestamp().IsZero() {
		if !controllerutil.ContainsFinalizer(${recv}, ${n.finalizerConst}) {
			return ctrl.Result{}, nil
		}
		log.Info("Performing finalizer operations for ${K} before deleting CR")
		waiting, err := r.cleanUp(ctx, design, ${recv})
		if err != nil {
			return ctrl.Result{}, err
		}
		message := fmt.Sprintf("Finalizer operations for custom resource %s name were successfully accomplished", ${recv}.Name)
		if waiting != "" {
			message = waiting
		}
		// one Deleting Event, however often the message says what is still being waited for
		${already}if r.setCondition(${recv}, ${f.conditions ? `typeDegraded${K}` : '"Degraded"'}, metav1.ConditionTrue, reasonFinalizing, message) && !already {
			r.Recorder.Eventf(${recv}, nil, corev1.EventTypeWarning, "Deleting", "Delete",
				"Custom Resource %s is being deleted from the namespace %s", ${recv}.Name, ${recv}.Namespace)
		}
		if err := r.updateStatus(ctx, ${recv}, before); err != nil {
			return ctrl.Result{}, client.IgnoreNotFound(err)
		}
		if waiting != "" {
			return ctrl.Result{RequeueAfter: 5 * time.Second}, nil
		}
		log.Info("Removing finalizer for ${K} after successfully performing the operations")
		controllerutil.RemoveFinalizer(${recv}, ${n.finalizerConst})
		if err := r.Update(ctx, ${recv}); err != nil {
			log.Error(err, "Failed to remove finalizer for ${K}")
			return ctrl.Result{}, client.IgnoreNotFound(err)
		}
		return ctrl.Result{}, nil
	}

	// Let's add a finalizer. Then, we can define some operations which should
	// occur before the custom resource is deleted.
	// More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/finalizers
	if !controllerutil.ContainsFinalizer(${recv}, ${n.finalizerConst}) {
		log.Info("Adding finalizer for ${K}")
		controllerutil.AddFinalizer(${recv}, ${n.finalizerConst})
		if err := r.Update(ctx, ${recv}); err != nil {
			log.Error(err, "Failed to update custom resource to add finalizer")
			return ctrl.Result{}, err
		}
	}
`;
}

/** cleanUp, ownerUID and (when the design can label children) the watch's map function. */
export function graphOwnershipHelpers(f: ProjectFacts, n: ReturnType<typeof goNames>, watch: boolean): string {
  const { recv } = n;
  const pkg = f.alias(f.version.name);
  const K = f.kind;
  return `// ownerUID is the uid of the object's owner: its controller reference's, else (an object no
// owner reference can point at) the owner label's.
func ownerUID(obj client.Object) types.UID {
	if owner := metav1.GetControllerOf(obj); owner != nil {
		return owner.UID
	}
	_, _, _, uid := graph.LabelledOwner(obj.GetLabels(), obj.GetAnnotations())
	return types.UID(uid)
}

// heldByLabel: owned by this uid through the owner label alone (no owner reference to it).
func heldByLabel(obj client.Object, uid types.UID) bool {
	for _, ref := range obj.GetOwnerReferences() {
		if ref.UID == uid {
			return false
		}
	}
	return ownerUID(obj) == uid
}

// cleanUp deletes, in reverse dependency order, the children the owner label holds and says
// what the finalizer still waits for ("" once none is left).
func (r *${n.reconciler}) cleanUp(ctx context.Context, design *graph.Graph, ${recv} *${pkg}.${K}) (string, error) {
	log := logf.FromContext(ctx)
	labelled := []*unstructured.Unstructured{}
	seen := map[string]bool{}
	for _, c := range design.Children {
		if seen[c.APIVersion+"/"+c.Kind] {
			continue
		}
		seen[c.APIVersion+"/"+c.Kind] = true
		list := &unstructured.UnstructuredList{}
		list.SetAPIVersion(c.APIVersion)
		list.SetKind(c.Kind + "List")
		if err := r.List(ctx, list, client.MatchingLabels{graph.OwnerUIDLabel: string(${recv}.UID)}); err != nil {
			return "", err
		}
		for i := range list.Items {
			if item := &list.Items[i]; heldByLabel(item, ${recv}.UID) {
				labelled = append(labelled, item)
			}
		}
	}
	objects := make([]map[string]any, len(labelled))
	for i, item := range labelled {
		objects[i] = item.Object
	}
	remove, waiting := design.Cleanup(objects, func(o map[string]any) bool {
		meta, _ := o["metadata"].(map[string]any)
		return meta["deletionTimestamp"] != nil
	})
	for _, i := range remove {
		obj := labelled[i]
		uid := obj.GetUID()
		if err := r.Delete(ctx, obj, client.Preconditions{UID: &uid}, client.PropagationPolicy(metav1.DeletePropagationBackground)); client.IgnoreNotFound(err) != nil {
			return "", err
		}
		log.Info("Deleted "+obj.GetKind(), "name", obj.GetName())
		r.Recorder.Eventf(${recv}, nil, corev1.EventTypeNormal, "Deleted", "Delete", "Deleted %s %s", obj.GetKind(), obj.GetName())
	}
	return waiting, nil
}
${
  watch
    ? `
// labelledOwner maps an event of a child the owner label holds (cluster-scoped, or in another
// namespace: Owns() follows owner references only) to the ${K} that owns it.
func labelledOwner(_ context.Context, obj client.Object) []reconcile.Request {
	kindGroup, namespace, name, _ := graph.LabelledOwner(obj.GetLabels(), obj.GetAnnotations())
	if kindGroup != ${goString(`${K}.${fullGroup(f.design)}`)} || name == "" {
		return nil
	}
	return []reconcile.Request{{NamespacedName: types.NamespacedName{Namespace: namespace, Name: name}}}
}
`
    : ''
}`;
}
