/**
 * The graph reconciler's helpers (internal/controller/<kind>_controller.go): observe children by
 * the planner's labels, apply one child (typed check, the AlreadyOwned rule, server-side apply,
 * Created/Updated Events), write the status bindings through the Go status type, and the watches.
 */
import { goString } from '../gotypes/go-text';
import type { ProjectFacts } from './facts';
import type { DeployImageProfile } from '../graph/model';
import type { goNames } from './go-names';
import { childLabelsCall, profileApplyEvents } from './go-graph-profile';
import { setStatusHelper } from './go-status';

const q = goString;

/** One `Watches(…)` of the controller: an external reference's kind and the Go value that names it. */
export interface ExternalWatch {
  readonly apiVersion: string;
  readonly kind: string;
  readonly object: string;
}

export function graphHelpers(
  f: ProjectFacts,
  n: ReturnType<typeof goNames>,
  owns: string[],
  custom: boolean,
  watch: boolean,
  watches: readonly ExternalWatch[],
  profile?: DeployImageProfile,
  podWatch = '',
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
		labels := client.MatchingLabels(${childLabelsCall(profile, `${recv}.Name`, 'c.ID')})
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

${watches.length > 0 ? externalHelpers(f, n) : ''}// apply checks a desired child against its Go type (built-in kinds), refuses an object another
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
${
  profile !== undefined
    ? profileApplyEvents(recv)
    : `	switch {
	case found == nil:
		log.Info("Created "+kind, "name", name)
		r.Recorder.Eventf(${recv}, nil, corev1.EventTypeNormal, "Created", "Create", "Created %s %s", kind, name)
	case found.GetResourceVersion() != obj.GetResourceVersion():
		log.Info("Updated "+kind, "name", name)
		r.Recorder.Eventf(${recv}, nil, corev1.EventTypeNormal, "Updated", "Update", "Updated %s %s", kind, name)
	}
`
}	return "", "", "", nil
}

func firstLine(err error) string {
	return strings.SplitN(err.Error(), "\\n", 2)[0]
}

${setStatusHelper(f)}
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
// resources, every kind of child they own (through the owner reference${watch ? ', or the owner label' : ''})${
    watches.length > 0
      ? `,
// and every kind an external reference reads (mapped to the ${K} resources that read the object)`
      : ''
  }${
    podWatch !== ''
      ? `,
// and Pods whose wait reason changed (mapped up to the ${K} that owns their workload)`
      : ''
  }.
func (r *${n.reconciler}) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&${pkg}.${K}{}).
		Named(${q(f.lowerKind)}).
${owns.map((o) => `\t\tOwns(${o}).\n`).join('')}${watch ? owns.map((o) => `\t\tWatches(${o}, handler.EnqueueRequestsFromMapFunc(labelledOwner)).\n`).join('') : ''}${watches
    .map(
      (w) =>
        `\t\tWatches(${w.object}, handler.EnqueueRequestsFromMapFunc(r.readersOf(${q(w.apiVersion)}, ${q(w.kind)}))).\n`,
    )
    .join('')}${podWatch}		Complete(r.HandOff.Gated(r))
}
`;
}

/** readExternals and readersOf: what the external references read, and who reads an object. */
function externalHelpers(f: ProjectFacts, n: ReturnType<typeof goNames>): string {
  const pkg = f.alias(f.version.name);
  const K = f.kind;
  return `// readExternals reads what the external references name for the custom resource, with the
// manager's client, and never writes it: an object by name (absent while it is not found, so
// what reads it waits), or every object a selector matches, by namespace and name.
func (r *${n.reconciler}) readExternals(ctx context.Context, design *graph.Graph, cr map[string]any) (map[string]any, error) {
	out := map[string]any{}
	for _, t := range design.ResolveExternals(cr) {
		if t.Name != "" {
			obj := &unstructured.Unstructured{}
			obj.SetAPIVersion(t.APIVersion)
			obj.SetKind(t.Kind)
			if err := r.Get(ctx, client.ObjectKey{Namespace: t.Namespace, Name: t.Name}, obj); err != nil {
				if apierrors.IsNotFound(err) {
					continue
				}
				return nil, err
			}
			unstructured.RemoveNestedField(obj.Object, "metadata", "managedFields")
			out[t.ID] = obj.Object
			continue
		}
		list := &unstructured.UnstructuredList{}
		list.SetAPIVersion(t.APIVersion)
		list.SetKind(t.Kind + "List")
		if err := r.List(ctx, list, client.InNamespace(t.Namespace)); err != nil {
			return nil, err
		}
		items := []map[string]any{}
		for _, item := range list.Items {
			if t.Matches(item.GetNamespace(), item.GetName(), item.GetLabels()) {
				unstructured.RemoveNestedField(item.Object, "metadata", "managedFields")
				items = append(items, item.Object)
			}
		}
		out[t.ID] = graph.SortSelection(items)
	}
	return out, nil
}

// readersOf maps an event on an object of an external reference's kind to every ${K} that
// reads it (controller-runtime maps an update's old and new object both: one that stops
// matching a selector re-reconciles its readers too).
func (r *${n.reconciler}) readersOf(apiVersion, kind string) handler.MapFunc {
	return func(ctx context.Context, obj client.Object) []reconcile.Request {
		design, err := graph.Design()
		if err != nil {
			return nil
		}
		list := &${pkg}.${K}List{}
		if err := r.List(ctx, list); err != nil {
			logf.FromContext(ctx).Error(err, "Failed to list ${K} resources for an external reference")
			return nil
		}
		requests := []reconcile.Request{}
		for i := range list.Items {
			item := &list.Items[i]
			cr, err := runtime.DefaultUnstructuredConverter.ToUnstructured(item)
			if err != nil {
				continue
			}
			cr["apiVersion"], cr["kind"] = ${pkg}.GroupVersion.String(), ${q(K)}
			for _, t := range design.ResolveExternals(cr) {
				if t.APIVersion == apiVersion && t.Kind == kind && t.Matches(obj.GetNamespace(), obj.GetName(), obj.GetLabels()) {
					requests = append(requests, reconcile.Request{NamespacedName: types.NamespacedName{Namespace: item.Namespace, Name: item.Name}})
					break
				}
			}
		}
		return requests
	}
}

`;
}
