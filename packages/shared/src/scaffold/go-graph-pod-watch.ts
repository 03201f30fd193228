/**
 * The exported controller says why a workload child's pods wait, as the embedded one does
 * (operators/graph-operator.ts and graph-reconcile.ts, docs/design/0047): before planning it
 * lists each observed workload child's pods by the child's selector from the manager's cache and
 * hands graph.WorkloadWait's words to the plan (PlanWaiting), whose Progressing message names
 * them after the child; and it watches Pods, mapping a pod whose wait reason changed up its
 * controller chain (Pod → ReplicaSet → Deployment, Pod → StatefulSet/DaemonSet/Job) to the custom
 * resource that owns the workload child. Only for a design with workload children; pods and
 * ReplicaSets are only read (rbac.ts adds get/list/watch for them, nothing more).
 */
import { fullGroup } from '../design/names';
import type { ResourceGraph } from '../graph/model';
import { goString } from '../gotypes/go-text';
import type { ProjectFacts } from './facts';
import type { goNames } from './go-names';
import { waitsOnPods } from '../graph/pod-waits';

/** The imports the helpers add to the controller (none when the design has no workload child). */
export function podWatchImports(graph: ResourceGraph): string[] {
  if (!waitsOnPods(graph)) return [];
  return [
    ...(hasDeployment(graph) ? ['appsv1 "k8s.io/api/apps/v1"'] : []),
    '"k8s.io/apimachinery/pkg/runtime/schema"',
    '"sigs.k8s.io/controller-runtime/pkg/builder"',
    '"sigs.k8s.io/controller-runtime/pkg/event"',
    '"sigs.k8s.io/controller-runtime/pkg/predicate"',
  ];
}

/** Step 4's plan call: with the workload children's waits when the design has some. */
export function planCall(graph: ResourceGraph, externals: string): string {
  if (!waitsOnPods(graph)) return `	plan := design.PlanAll(cr, observed, ${externals}, owned)`;
  return `	// why each workload child that is not ready waits: its first waiting pod, from the cache
	waits, err := r.workloadWaits(ctx, design, observed)
	if err != nil {
		return ctrl.Result{}, err
	}
	plan := design.PlanWaiting(cr, observed, ${externals}, owned, waits)`;
}

/** The `Watches(&corev1.Pod{}, …)` line of SetupWithManager ('' without workload children). */
export function podWatch(graph: ResourceGraph): string {
  if (!waitsOnPods(graph)) return '';
  return `\t\tWatches(&corev1.Pod{}, handler.EnqueueRequestsFromMapFunc(r.workloadOwnerOf), builder.WithPredicates(podWaitChanged)).\n`;
}

/** workloadWaits, workloadOwnerOf and podWaitChanged ('' without workload children). */
export function podWatchHelpers(f: ProjectFacts, n: ReturnType<typeof goNames>, graph: ResourceGraph): string {
  if (!waitsOnPods(graph)) return '';
  const K = f.kind;
  const group = fullGroup(f.design);
  const cluster = f.design.crd.scope === 'Cluster';
  const replicaSet = hasDeployment(graph)
    ? `	if ref.APIVersion == "apps/v1" && ref.Kind == "ReplicaSet" {
		// a Deployment's pods belong to its ReplicaSets
		rs := &appsv1.ReplicaSet{}
		if err := r.Get(ctx, client.ObjectKey{Namespace: pod.GetNamespace(), Name: ref.Name}, rs); err != nil {
			return nil
		}
		if ref = metav1.GetControllerOf(rs); ref == nil {
			return nil
		}
	}
`
    : '';
  return `// workloadWaits says why each observed workload child (a Deployment, StatefulSet, DaemonSet or
// Job; not a collection's) waits: its first waiting pod by name and the scheduler's or kubelet's
// words (graph.WorkloadWait), from the pods its selector's matchLabels match, read from the cache.
func (r *${n.reconciler}) workloadWaits(ctx context.Context, design *graph.Graph, observed map[string]map[string]any) (map[string]string, error) {
	waits := map[string]string{}
	for id, obj := range observed {
		workload := &unstructured.Unstructured{Object: obj}
		labels, found, err := unstructured.NestedStringMap(obj, "spec", "selector", "matchLabels")
		if design.IsCollection(id) || !graph.WaitsOnPods(workload.GetKind()) || !found || err != nil {
			continue
		}
		pods := &corev1.PodList{}
		if err := r.List(ctx, pods, client.InNamespace(workload.GetNamespace()), client.MatchingLabels(labels)); err != nil {
			return nil, err
		}
		items := make([]map[string]any, 0, len(pods.Items))
		for i := range pods.Items {
			item, err := runtime.DefaultUnstructuredConverter.ToUnstructured(&pods.Items[i])
			if err != nil {
				return nil, err
			}
			items = append(items, item)
		}
		if why := graph.WorkloadWait(items); why != "" {
			waits[id] = why
		}
	}
	return waits, nil
}

// podWaitChanged lets through only a pod event that changes why the pod waits (a Pending pod's
// reason, a waiting container's): a new or deleted pod that waits, or an update of its reason.
var podWaitChanged = predicate.Funcs{
	CreateFunc:  func(e event.CreateEvent) bool { return podWait(e.Object) != "" },
	UpdateFunc:  func(e event.UpdateEvent) bool { return podWait(e.ObjectOld) != podWait(e.ObjectNew) },
	DeleteFunc:  func(e event.DeleteEvent) bool { return podWait(e.Object) != "" },
	GenericFunc: func(event.GenericEvent) bool { return false },
}

func podWait(obj client.Object) string {
	pod, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	if err != nil {
		return ""
	}
	return graph.PodWaitReason(pod)
}

// workloadOwnerOf maps a pod to the ${K} that owns its workload: up the pod's controller chain
// (through its ReplicaSet to a Deployment) to a workload child of one of the design's kinds, then
// that child's controller reference to a ${K}, else its owner label.
func (r *${n.reconciler}) workloadOwnerOf(ctx context.Context, pod client.Object) []reconcile.Request {
	design, err := graph.Design()
	if err != nil {
		return nil
	}
	ref := metav1.GetControllerOf(pod)
	if ref == nil {
		return nil
	}
${replicaSet}	if !graph.WaitsOnPods(ref.Kind) || !design.HasChildKind(ref.APIVersion, ref.Kind) {
		return nil
	}
	typed, err := r.Scheme.New(schema.FromAPIVersionAndKind(ref.APIVersion, ref.Kind))
	if err != nil {
		return nil
	}
	workload, ok := typed.(client.Object)
	if !ok || r.Get(ctx, client.ObjectKey{Namespace: pod.GetNamespace(), Name: ref.Name}, workload) != nil {
		return nil
	}
	if owner := metav1.GetControllerOf(workload); owner != nil && owner.Kind == ${goString(K)} && strings.HasPrefix(owner.APIVersion, ${goString(`${group}/`)}) {
		return []reconcile.Request{{NamespacedName: types.NamespacedName{${cluster ? '' : 'Namespace: workload.GetNamespace(), '}Name: owner.Name}}}
	}
	kindGroup, namespace, name, _ := graph.LabelledOwner(workload.GetLabels(), workload.GetAnnotations())
	if kindGroup != ${goString(`${K}.${group}`)} || name == "" {
		return nil
	}
	return []reconcile.Request{{NamespacedName: types.NamespacedName{Namespace: namespace, Name: name}}}
}

`;
}

function hasDeployment(graph: ResourceGraph): boolean {
  return graph.resources.some((r) => r.template.apiVersion === 'apps/v1' && r.template.kind === 'Deployment');
}
