/**
 * The graph reconciler's helpers (internal/controller/<kind>_controller.go): observe children by
 * the planner's labels, apply one child (typed check, the AlreadyOwned rule, server-side apply,
 * Created/Updated Events), write the status bindings through the Go status type, and the watches.
 */
import { goString } from '../gotypes/go-text';
import type { ProjectFacts } from './facts';
import type { goNames } from './go-controller';

const q = goString;

export function graphHelpers(
  f: ProjectFacts,
  n: ReturnType<typeof goNames>,
  owns: string[],
  custom: boolean,
  watch: boolean,
): string {
  const { recv } = n;
  const pkg = f.alias(f.version.name);
  const K = f.kind;
  return `// observe finds each child by its labels, in any namespace (a child may live outside the
// custom resource's), keeping only what this custom resource controls: by owner reference, or
// by the owner label where no owner reference can point at it. It returns the first of each
// child, and all of them (an earlier name or namespace of a moved child is pruned).
func (r *${n.reconciler}) observe(ctx context.Context, design *graph.Graph, ${recv} *${pkg}.${K}) (map[string]map[string]any, map[string][]map[string]any, error) {
	observed := map[string]map[string]any{}
	owned := map[string][]map[string]any{}
	for _, c := range design.Children {
		list := &unstructured.UnstructuredList{}
		list.SetAPIVersion(c.APIVersion)
		list.SetKind(c.Kind + "List")
		labels := client.MatchingLabels(graph.Labels(${recv}.Name, c.ID))
		if err := r.List(ctx, list, labels); err != nil {
			return nil, nil, err
		}
		for _, item := range list.Items {
			if ownerUID(&item) == ${recv}.UID && item.GetDeletionTimestamp() == nil {
				if observed[c.ID] == nil {
					observed[c.ID] = item.Object
				}
				owned[c.ID] = append(owned[c.ID], item.Object)
			}
		}
	}
	return observed, owned, nil
}

// apply checks a desired child against its Go type (built-in kinds), refuses an object another
// controller owns (controller-runtime's AlreadyOwned rule) and one that exists without being
// this resource's (AlreadyExists; unless the child adopts), and server-side applies it. It
// returns the conflict and its reason, the failure in words, and the error to retry with.
func (r *${n.reconciler}) apply(ctx context.Context, ${recv} *${pkg}.${K}, d graph.Desired, adopt bool) (string, string, string, error) {
	log := logf.FromContext(ctx)
	obj := &unstructured.Unstructured{Object: d.Object}
	kind, name := obj.GetKind(), obj.GetName()
	if typed, err := r.Scheme.New(obj.GroupVersionKind()); err == nil {
		if err := runtime.DefaultUnstructuredConverter.FromUnstructuredWithValidation(obj.Object, typed, true); err != nil {
			return "", "", fmt.Sprintf("%s %s is not a valid %s: %s", kind, name, kind, err), nil
		}
	}
	found := &unstructured.Unstructured{}
	found.SetGroupVersionKind(obj.GroupVersionKind())
	if err := r.Get(ctx, client.ObjectKeyFromObject(obj), found); err != nil && !apierrors.IsNotFound(err) {
		return "", "", fmt.Sprintf("reading %s %s: %s", kind, name, firstLine(err)), err
	} else if err != nil {
		found = nil
	}
	if found != nil {
		where := name
		if found.GetNamespace() != "" {
			where = found.GetNamespace() + "/" + name
		}
		owner := metav1.GetControllerOf(found)
		kindGroup, labelNamespace, labelName, labelUID := graph.LabelledOwner(found.GetLabels(), found.GetAnnotations())
		switch {
		case owner != nil && owner.UID != ${recv}.UID:
			return fmt.Sprintf("%s %s is controlled by %s %s (uid %s); left untouched",
				kind, where, owner.Kind, owner.Name, owner.UID), reasonAlreadyOwned, "", nil
		case owner == nil && labelUID != "" && labelUID != string(${recv}.UID):
			holder := "a custom resource"
			if labelName != "" {
				holder = strings.SplitN(kindGroup, ".", 2)[0] + " " + labelNamespace + "/" + labelName
			}
			return fmt.Sprintf("%s %s is controlled by %s (uid %s); left untouched",
				kind, where, holder, labelUID), reasonAlreadyOwned, "", nil
		case owner == nil && labelUID == "" && !adopt:
			return fmt.Sprintf("%s %s already exists and was not created for this resource; left untouched (a child with adopt: true takes over such an object)",
				kind, where), reasonAlreadyExists, "", nil
		}
	}
	if err := r.Apply(ctx, client.ApplyConfigurationFromUnstructured(obj), client.FieldOwner(fieldOwner), client.ForceOwnership); err != nil {
		log.Error(err, "Failed to apply", "kind", kind, "name", name)
		return "", "", fmt.Sprintf("applying %s %s: %s", kind, name, firstLine(err)), err
	}
	switch {
	case found == nil:
		log.Info("Created "+kind, "name", name)
		r.Recorder.Eventf(${recv}, nil, corev1.EventTypeNormal, "Created", "Create", "Created %s %s", kind, name)
	case found.GetResourceVersion() != obj.GetResourceVersion():
		log.Info("Updated "+kind, "name", name)
		r.Recorder.Eventf(${recv}, nil, corev1.EventTypeNormal, "Updated", "Update", "Updated %s %s", kind, name)
	}
	return "", "", "", nil
}

func firstLine(err error) string {
	return strings.SplitN(err.Error(), "\\n", 2)[0]
}

// setStatus writes the status bindings over the status as read, through its Go type.
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
}
${
  custom
    ? `
// ownedObject is a custom resource kind the custom resource owns, for the watch.
func ownedObject(apiVersion, kind string) *unstructured.Unstructured {
	u := &unstructured.Unstructured{}
	u.SetAPIVersion(apiVersion)
	u.SetKind(kind)
	return u
}
`
    : ''
}
// SetupWithManager sets up the controller with the Manager: it watches the ${K} custom
// resources and every kind of child they own (through the owner reference${watch ? ', or the owner label' : ''}).
func (r *${n.reconciler}) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&${pkg}.${K}{}).
		Named(${q(f.lowerKind)}).
${owns.map((o) => `\t\tOwns(${o}).\n`).join('')}${watch ? owns.map((o) => `\t\tWatches(${o}, handler.EnqueueRequestsFromMapFunc(labelledOwner)).\n`).join('') : ''}		Complete(r.HandOff.Gated(r))
}
`;
}
