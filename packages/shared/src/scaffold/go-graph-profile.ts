/**
 * The deploy-image profile in the export (docs/design/0046): the image form (Memcached) is a
 * one-Deployment graph planned by internal/graph like any other, and these pieces of the
 * controller make the exported manager say what graph/deploy-image-profile.ts makes the
 * embedded one say, and what kubebuilder's deploy-image scaffold said before the fold:
 *   - labels     the Deployment keeps `managed-by: <Kind>Controller` and no component label, its
 *                selector and pod labels carry the instance label (dressDeployImage); the
 *                `<KIND>_IMAGE` environment variable overrides the image (kubebuilder's), its
 *                tag the version label
 *   - Events     "Created Deployment x with 3 replicas", "Scaled Deployment x from 3 to 5
 *                replicas", none for an update that does not scale
 *   - status     Available True/Reconciling or False/Resizing from the Deployment's progress,
 *                Degraded only while something is wrong, Ready mirroring Available (go-status.ts),
 *                Ready=True NoResources for a design with no operand; the pods the Deployment
 *                selects in the design's pod-names field (a List, from the API server)
 * Static Go but for the kind's names, which go through goString.
 */
import { DEPLOY_IMAGE_CHILD } from '../graph/deploy-image-profile';
import type { DeployImageProfile } from '../graph/model';
import { goString } from '../gotypes/go-text';
import { NO_RESOURCES_MESSAGE } from '../operand/ready';
import type { ProjectFacts } from './facts';
import { goNames } from './go-names';

const q = goString;

/** The labels that find a child in observe (and in the controller test). */
export function childLabelsCall(profile: DeployImageProfile | undefined, crName: string, id: string): string {
  return `${profile !== undefined ? 'childLabels' : 'graph.Labels'}(${crName}, ${id})`;
}

/** The reconciler's field for the profile: the replicas last announced per custom resource. */
export const PROFILE_RECONCILER_FIELD = `
	// announced remembers the replicas last announced per custom resource (by uid), so a cache
	// that lags behind our own apply does not repeat the Created or Scaled Event.
	announced sync.Map
`;

/** Step 4's end under the profile: each planned Deployment dressed as kubebuilder names it. */
export function profileDressStep(recv: string): string {
  return `	// the image form's Deployment as kubebuilder's deploy-image names it (docs/design/0046)
	for _, d := range plan.Desired {
		dressDeployImage(d.Object, ${recv}.Name)
	}
`;
}

/** The Event of an applied Deployment under the profile (replaces the Created/Updated switch of apply). */
export function profileApplyEvents(recv: string): string {
  return `	// Created with its replicas, Scaled when they changed (from what was last announced, while
	// the cache may still hold the Deployment before our apply), nothing for any other update
	replicas, _ := asInt(nestedValue(obj.Object, "spec", "replicas"))
	previous, announced := r.announced.Load(${recv}.UID)
	switch {
	case found == nil && !announced:
		log.Info("Created Deployment", "name", name, "replicas", replicas)
		r.Recorder.Eventf(${recv}, obj, corev1.EventTypeNormal, "Created", "Create", "Created Deployment %s with %d replicas", name, replicas)
	case found != nil:
		old, _ := asInt(nestedValue(found.Object, "spec", "replicas"))
		if announced {
			old = previous.(int64)
		}
		if old != replicas {
			log.Info("Scaled Deployment", "name", name, "from", old, "to", replicas)
			r.Recorder.Eventf(${recv}, obj, corev1.EventTypeNormal, "Scaled", "Scale", "Scaled Deployment %s from %d to %d replicas", name, old, replicas)
		}
	}
	r.announced.Store(${recv}.UID, replicas)
`;
}

/**
 * Step 7's conditions under the profile (profileStatus in deploy-image-profile.ts): a child
 * owned elsewhere sets Degraded alone, a failed apply makes Available False with a Warning
 * ReconcileFailed, else the profile's conditions; then the pod names.
 */
export function profileStatusStep(f: ProjectFacts): string {
  const { recv } = goNames(f);
  const hasDegraded = f.conditions ? `meta.FindStatusCondition(${recv}.Status.Conditions, "Degraded") != nil` : 'false';
  const pods = f.podNames
    ? `
	// the pods the Deployment selects (none while another owner holds it; as they were after a failed apply)
	if applyError == "" {
		names := []string{}
		for _, d := range plan.Desired {
			if len(conflicts) == 0 && d.ID == deployImageChild {
				if names, err = r.deployImagePods(ctx, d.Object); err != nil {
					return ctrl.Result{}, err
				}
			}
		}
		${recv}.${f.podNames.expr} = names
	}
`
    : '';
  return `	// under the image form's profile: kubebuilder's deploy-image conditions (docs/design/0046)
	if retry != nil {
		applyError = firstLine(retry)
	}
	hasDegraded := ${hasDegraded}
	switch {
	case len(conflicts) > 0:
		if r.setCondition(${recv}, "Degraded", metav1.ConditionTrue, conflictReason, strings.Join(conflicts, "; ")) {
			r.Recorder.Eventf(${recv}, nil, corev1.EventTypeWarning, conflictReason, "Reconcile", "%s", strings.Join(conflicts, "; "))
		}
	case applyError != "":
		message := fmt.Sprintf("Failed to apply Deployment for the custom resource (%s): %s", ${recv}.Name, applyError)
		if r.setCondition(${recv}, "Available", metav1.ConditionFalse, reasonReconciling, message) {
			r.Recorder.Eventf(${recv}, nil, corev1.EventTypeWarning, "ReconcileFailed", "Apply", "%s", message)
		}
	default:
		for _, c := range deployImageConditions(plan, ${recv}.Name, len(design.Children) > 0, observed[deployImageChild]) {
			if c.Type == "Degraded" && c.Status == "False" && !hasDegraded {
				continue // set only while something is wrong: a healthy operand clears one, never adds it
			}
			if r.setCondition(${recv}, c.Type, metav1.ConditionStatus(c.Status), c.Reason, c.Message) && c.Type == "Degraded" && c.Status == "True" {
				r.Recorder.Eventf(${recv}, nil, corev1.EventTypeWarning, c.Reason, "Reconcile", "%s", c.Message)
			}
		}
	}
${pods}`;
}

/** The profile's helpers: names, labels, conditions, pod names, and the numbers of unstructured objects. */
export function profileHelpersGo(f: ProjectFacts, profile: DeployImageProfile): string {
  const n = goNames(f);
  return `// The image form's one child, as kubebuilder's deploy-image makes it (docs/design/0046).
const (
	deployImageChild = ${q(DEPLOY_IMAGE_CHILD)}
	// deployImageManagedBy is the Deployment's app.kubernetes.io/managed-by label.
	deployImageManagedBy = ${q(profile.managedBy)}
	// deployImageEnv overrides the operand's image, as kubebuilder's deploy-image does (config/manager/manager.yaml).
	deployImageEnv = ${q(n.imageEnv)}

	reasonReconciling = "Reconciling"
	reasonResizing    = "Resizing"
	reasonInvalidSpec = "InvalidSpec"
)

// childLabels find the Deployment: the planner's labels with the image form's managed-by and
// without the component label (the one child is known without it).
func childLabels(crName, id string) map[string]string {
	labels := graph.Labels(crName, id)
	labels["app.kubernetes.io/managed-by"] = deployImageManagedBy
	delete(labels, "app.kubernetes.io/component")
	return labels
}

// dressDeployImage finishes a planned Deployment under the profile: kubebuilder's labels
// (managed-by <Kind>Controller, no component label), the instance label in the selector and
// the pod labels, and the image of ${n.imageEnv} when it is set (its tag the version label, which
// stays out of the selector: a selector is immutable, an image tag is not).
func dressDeployImage(obj map[string]any, crName string) {
	instance := graph.Labels(crName, deployImageChild)["app.kubernetes.io/instance"]
	labels := nestedMap(obj, "metadata", "labels")
	labels["app.kubernetes.io/managed-by"] = deployImageManagedBy
	delete(labels, "app.kubernetes.io/component")
	podLabels := nestedMap(obj, "spec", "template", "metadata", "labels")
	for _, l := range []map[string]any{nestedMap(obj, "spec", "selector", "matchLabels"), podLabels} {
		l["app.kubernetes.io/instance"] = instance
	}
	image, found := os.LookupEnv(deployImageEnv)
	if !found || image == "" {
		return
	}
	if containers, _ := nestedMap(obj, "spec", "template", "spec")["containers"].([]any); len(containers) > 0 {
		if container, ok := containers[0].(map[string]any); ok {
			container["image"] = image
		}
	}
	for _, l := range []map[string]any{labels, podLabels} {
		delete(l, "app.kubernetes.io/version")
		if tag, ok := imageTag(image); ok {
			l["app.kubernetes.io/version"] = tag
		}
	}
}

// deployImageConditions are the conditions under the profile: Ready=True NoResources without
// an operand; Degraded InvalidSpec and Available=False when the Deployment cannot be planned;
// else Available from the observed Deployment's progress, in kubebuilder's words, with a
// Degraded=False that only clears one already there.
func deployImageConditions(plan graph.Plan, crName string, hasChild bool, observed map[string]any) []graph.Condition {
	if !hasChild {
		return []graph.Condition{{Type: "Ready", Status: "True", Reason: "NoResources", Message: ${q(NO_RESOURCES_MESSAGE)}}}
	}
	wanted, planned := int64(0), false
	for _, d := range plan.Desired {
		if d.ID == deployImageChild {
			wanted, planned = asInt(nestedValue(d.Object, "spec", "replicas"))
		}
	}
	if len(plan.Errors) > 0 || !planned {
		message := "the Deployment could not be planned"
		if len(plan.Errors) > 0 {
			message = plan.Errors[0].Path + ": " + plan.Errors[0].Message
		}
		return []graph.Condition{
			{Type: "Degraded", Status: "True", Reason: reasonInvalidSpec, Message: message},
			{Type: "Available", Status: "False", Reason: reasonReconciling, Message: "Cannot build the Deployment: " + message},
		}
	}
	if ready, readyReplicas := deploymentProgress(observed, wanted); !ready {
		return []graph.Condition{{Type: "Available", Status: "False", Reason: reasonResizing,
			Message: fmt.Sprintf("Waiting for %d/%d replicas of Deployment %s to be ready", readyReplicas, wanted, crName)}}
	}
	return []graph.Condition{
		{Type: "Available", Status: "True", Reason: reasonReconciling,
			Message: fmt.Sprintf("Deployment for custom resource (%s) with %d replicas created successfully", crName, wanted)},
		{Type: "Degraded", Status: "False", Reason: reasonReconciling,
			Message: fmt.Sprintf("Deployment for custom resource (%s) is healthy", crName)},
	}
}

// deploymentProgress says whether every replica of the Deployment's current spec is ready
// (observed nil: not yet), and how many are.
func deploymentProgress(dep map[string]any, wanted int64) (bool, int64) {
	if dep == nil {
		return false, 0
	}
	number := func(fallback int64, keys ...string) int64 {
		if n, ok := asInt(nestedValue(dep, keys...)); ok {
			return n
		}
		return fallback
	}
	readyReplicas := number(0, "status", "readyReplicas")
	current := number(0, "status", "observedGeneration") >= number(1, "metadata", "generation")
	ready := current && number(1, "spec", "replicas") == wanted && readyReplicas == wanted &&
		number(0, "status", "replicas") == wanted && number(0, "status", "updatedReplicas") == wanted
	return ready, readyReplicas
}

// deployImagePods lists the pods a Deployment selects that are not being deleted, sorted, from
// the API server (the manager's cache does not watch pods).
func (r *${n.reconciler}) deployImagePods(ctx context.Context, obj map[string]any) ([]string, error) {
	namespace, _ := nestedValue(obj, "metadata", "namespace").(string)
	selector := map[string]string{}
	for k, v := range nestedMap(obj, "spec", "selector", "matchLabels") {
		selector[k], _ = v.(string)
	}
	pods := &corev1.PodList{}
	var reader client.Reader = r.APIReader
	if reader == nil {
		reader = r.Client
	}
	if err := reader.List(ctx, pods, client.InNamespace(namespace), client.MatchingLabels(selector)); err != nil {
		return nil, err
	}
	names := []string{}
	for _, pod := range pods.Items {
		if pod.DeletionTimestamp == nil {
			names = append(names, pod.Name)
		}
	}
	sort.Strings(names)
	return names, nil
}

// nestedMap is the map at keys under obj, made where it is missing.
func nestedMap(obj map[string]any, keys ...string) map[string]any {
	m := obj
	for _, k := range keys {
		next, ok := m[k].(map[string]any)
		if !ok {
			next = map[string]any{}
			m[k] = next
		}
		m = next
	}
	return m
}

// nestedValue is the value at keys under obj (nil when a part is missing).
func nestedValue(obj map[string]any, keys ...string) any {
	var v any = obj
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

// asInt is a whole number of a JSON object, however it was decoded.
func asInt(v any) (int64, bool) {
	switch n := v.(type) {
	case int64:
		return n, true
	case int:
		return int64(n), true
	case int32:
		return int64(n), true
	case float64:
		return int64(n), n == float64(int64(n))
	case json.Number:
		i, err := n.Int64()
		return i, err == nil
	}
	return 0, false
}

// imageTag is the tag of an image reference (memcached:1.6 → 1.6), when it is a valid label value.
func imageTag(image string) (string, bool) {
	withoutDigest, _, _ := strings.Cut(image, "@")
	lastSegment := withoutDigest[strings.LastIndex(withoutDigest, "/")+1:]
	_, tag, found := strings.Cut(lastSegment, ":")
	if !found || len(tag) > 63 {
		return "", false
	}
	for i, c := range tag {
		alnum := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
		if !alnum && ((i == 0 || i == len(tag)-1) || (c != '-' && c != '_' && c != '.')) {
			return "", false
		}
	}
	return tag, true
}
`;
}

/** The standard-library imports the profile's helpers need. */
export const PROFILE_IMPORTS = ['"encoding/json"', '"os"', '"sort"', '"sync"'];
