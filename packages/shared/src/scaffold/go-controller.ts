/**
 * `internal/controller/<kind>_controller.go`: the reconciler, laid out like kubebuilder's
 * deploy-image controller but with the embedded controller's semantics (operators/reconcile.ts),
 * so the exported manager and the studio converge a CR to the same state:
 *   1. load      the CR (gone → done)
 *   2. deletion  Degraded=True/Finalizing, a Deleting Event, then the finalizer removed
 *   3. desired   the operand Deployment (a spec that cannot make one → Degraded/InvalidSpec, terminal)
 *   4. apply     server-side apply, Events on create and scale
 *   5. status    conditions from the Deployment's progress, pod names, observedGeneration
 * The Deployment's labels, container name and security settings come from the shared
 * desired-state function (via facts.ts), not from a second copy of its rules.
 */
import { markerComment, rbacMarkers } from '../manifests/rbac';
import { commentLine, goString } from '../gotypes/go-text';
import type { GoFieldRef } from '../gotypes/model';
import type { ProjectFacts } from './facts';
import { NO_RESOURCES_MESSAGE } from '../operand/ready';
import { designGraph } from '../design/operand-form';

const q = goString;

/** `memcached` → `Memcached`-derived Go identifiers used throughout the file. */
// Go keywords, predeclared names, the imports and the locals of the generated code: a kind whose
// lower-cased name is one of these (`Map`, `New`, `Client`…) gets `Obj` appended for its variable.
const TAKEN = new Set(
  (
    'break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var ' +
    'any append bool byte cap clear close complex copy delete error false float32 float64 imag int int8 int16 int32 int64 iota len make max min new nil panic print println real recover rune string true uint uint8 uint16 uint32 uint64 uintptr ' +
    'appsv1 corev1 equality apierrors meta metav1 runtime types appsv1ac corev1ac metav1ac events ctrl client controllerutil logf reconcile context fmt math os sort strings sync yaml filepath testing ' +
    'r ctx req log err dep found key before changed message previous announced podNames ready readyReplicas old replicas port image selector labels container tag ok v n s p value generation observed pods reader names pod sample owner namespace deployment reconciler available typeNamespacedName'
  ).split(' '),
);

export function goNames(f: ProjectFacts): {
  recv: string;
  reconciler: string;
  finalizerConst: string;
  containerConst: string;
  imageConst: string;
  imageEnv: string;
} {
  const lower = f.kind.charAt(0).toLowerCase() + f.kind.slice(1);
  return {
    recv: TAKEN.has(lower) || TAKEN.has(`${lower}`) ? `${lower}Obj` : lower,
    reconciler: `${f.kind}Reconciler`,
    finalizerConst: `${lower}Finalizer`,
    containerConst: `${lower}ContainerName`,
    imageConst: `default${f.kind}Image`,
    imageEnv: `${f.kind.toUpperCase()}_IMAGE`,
  };
}

/**
 * Reads an integer field into `name` (an *int32), with the embedded controller's range check.
 * A pointer field that is nil, or a plain field at 0 when `zeroIsAbsent`, leaves it as it is.
 */
function readInteger(
  recv: string,
  ref: GoFieldRef & { path: string },
  name: string,
  min: number,
  max: string,
  kind: string,
  zeroIsAbsent: boolean,
): string {
  const pointer = ref.goType.startsWith('*');
  const value = pointer ? '*v' : 'v';
  const check = `\t\tif n := int64(${value}); n < ${min} || n > ${max} {
\t\t\treturn nil, fmt.Errorf(${q(`${ref.path.replaceAll('%', '%%')} must be an integer from ${min} to %d, got %d: fix it in the ${kind} %s`)}, ${max}, n, ${recv}.Name)
\t\t}
\t\t${name} = new(int32(${value}))`;
  if (pointer) return `\tif v := ${recv}.${ref.expr}; v != nil {\n${check}\n\t}`;
  if (zeroIsAbsent) return `\tif v := ${recv}.${ref.expr}; v != 0 {\n${check}\n\t}`;
  return `\t{\n\t\tv := ${recv}.${ref.expr}\n${check}\n\t}`;
}

export function controllerGo(f: ProjectFacts, header: string): string {
  const n = goNames(f);
  const { recv } = n;
  const pkg = f.alias(f.version.name);
  const op = f.operand;
  const markers = rbacMarkers(f.design).map(markerComment).join('\n');
  const cond = f.conditions;
  const setCond = (type: string, status: string, reason: string, message: string): string =>
    `r.setCondition(${recv}, ${type}, metav1.${status}, ${reason}, ${message})`;
  const extras: string[] = [];
  if (f.podNames) extras.push(`\t${recv}.Status.${f.podNames.expr.replace(/^Status\./, '')} = podNames`);
  if (f.observedGeneration) {
    const t = f.observedGeneration.goType;
    const value = t.endsWith('int64') ? `${recv}.Generation` : `${t.replace('*', '')}(${recv}.Generation)`;
    extras.push(`\t${recv}.${f.observedGeneration.expr} = ${t.startsWith('*') ? `new(${value})` : value}`);
  }
  const imports = [
    '"context"',
    '"fmt"',
    ...(op?.replicas ? ['"math"'] : []),
    ...(op ? ['"os"', '"sort"', '"strings"', '"sync"'] : []),
    '',
    ...(op ? ['appsv1 "k8s.io/api/apps/v1"'] : []),
    'corev1 "k8s.io/api/core/v1"',
    '"k8s.io/apimachinery/pkg/api/equality"',
    'apierrors "k8s.io/apimachinery/pkg/api/errors"',
    ...(cond ? ['"k8s.io/apimachinery/pkg/api/meta"'] : []),
    'metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"',
    '"k8s.io/apimachinery/pkg/runtime"',
    ...(op
      ? [
          '"k8s.io/apimachinery/pkg/types"',
          'appsv1ac "k8s.io/client-go/applyconfigurations/apps/v1"',
          'corev1ac "k8s.io/client-go/applyconfigurations/core/v1"',
          'metav1ac "k8s.io/client-go/applyconfigurations/meta/v1"',
        ]
      : []),
    '"k8s.io/client-go/tools/events"',
    'ctrl "sigs.k8s.io/controller-runtime"',
    '"sigs.k8s.io/controller-runtime/pkg/client"',
    '"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"',
    'logf "sigs.k8s.io/controller-runtime/pkg/log"',
    ...(op ? ['"sigs.k8s.io/controller-runtime/pkg/reconcile"'] : []),
    '',
    `${pkg} ${q(`${f.module}/api/${f.version.name}`)}`,
    q(`${f.module}/internal/handoff`),
  ];
  const importBlock = imports.map((i) => (i === '' ? '' : `\t${i}`)).join('\n');

  const consts = [
    `const ${n.finalizerConst} = ${q(`${f.fullGroup}/finalizer`)}`,
    '',
    '// fieldOwner is the field manager of the server-side applies this controller makes.',
    `const fieldOwner = ${q(`${f.lowerKind}-controller`)}`,
    ...(op
      ? [
          '',
          `const ${n.containerConst} = ${q(op.container.name)}`,
          '',
          `// ${n.imageConst} is the operand image of the design; the ${n.imageEnv} environment variable overrides it.`,
          `const ${n.imageConst} = ${q(op.image)}`,
        ]
      : []),
  ].join('\n');

  const conditionConsts = cond
    ? `
// Definitions to manage status conditions
const (
	// typeAvailable${f.kind} represents the status of the Deployment reconciliation
	typeAvailable${f.kind} = "Available"
	// typeDegraded${f.kind} represents a failure to reach the desired state, or the custom resource being deleted.
	typeDegraded${f.kind} = "Degraded"
)
`
    : '';

  const deletion = deletionPhase(f);

  const body = op ? operandPhases(f, n, setCond, extras) : statusOnlyPhase(f, extras);

  return `${header}

package controller

import (
${importBlock}
)

${consts}
${conditionConsts}
const (
	reasonReconciling = "Reconciling"
	reasonResizing    = "Resizing"
	reasonFinalizing  = "Finalizing"
	reasonInvalidSpec = "InvalidSpec"
)
${op ? '\n// reasonAlreadyOwned: the Deployment exists and another controller owns it.\nconst reasonAlreadyOwned = "AlreadyOwned"\n' : ''}

// ${n.reconciler} reconciles a ${f.kind} object
type ${n.reconciler} struct {
	client.Client
	// APIReader reads what the cache does not watch (the operand's pods), straight from the API server.
	APIReader client.Reader
	Scheme    *runtime.Scheme
	Recorder  events.EventRecorder
	// HandOff holds reconciles back while another controller may hold the kind (nil: never).
	HandOff *handoff.Gate
${
  op
    ? `
	// announced remembers the replicas last announced per object, so a cache that lags behind
	// our own apply does not repeat the Created or Scaled Event.
	announced sync.Map
`
    : ''
}}

// The following markers are used to generate the rules permissions (RBAC) on config/rbac using controller-gen
// when the command <make manifests> is executed.
// To know more about markers see: https://book.kubebuilder.io/reference/markers.html

${markers}

// Reconcile is part of the main kubernetes reconciliation loop which aims to
// move the current state of the cluster closer to the desired state.
// It is level-triggered: it never depends on which event woke it.
//
// For more details, check Reconcile and its Result here:
// - https://pkg.go.dev/sigs.k8s.io/controller-runtime@v0.24.1/pkg/reconcile
func (r *${n.reconciler}) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)

	// 1. load: a custom resource that is gone needs nothing (the garbage collector removes what it owned).
	${recv} := &${pkg}.${f.kind}{}
	if err := r.Get(ctx, req.NamespacedName, ${recv}); err != nil {
		if apierrors.IsNotFound(err) {
${op ? `			r.announced.Delete(req.NamespacedName)\n` : ''}			log.Info("${f.kind} resource not found, ignoring since object must be deleted")
			return ctrl.Result{}, nil
		}
		log.Error(err, "Failed to get ${recv}")
		return ctrl.Result{}, err
	}
	before := ${recv}.Status.DeepCopy()

${deletion}
${body}
}

${statusHelpers(f)}
${op ? operandHelpers(f, n) : ''}
// SetupWithManager sets up the controller with the Manager: it watches the ${f.kind} custom
// resources${op ? ' and the Deployments they own (through the owner reference)' : ''}.
func (r *${n.reconciler}) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&${pkg}.${f.kind}{}).
		Named(${q(f.lowerKind)}).
${op ? '		Owns(&appsv1.Deployment{}).\n' : ''}		Complete(r.HandOff.Gated(r))
}
`.replace(/\n{3,}/g, '\n\n');
}

function statusOnlyPhase(f: ProjectFacts, extras: string[]): string {
  const recv = goNames(f).recv;
  return `	// 3. status: the design has no operand; the status says which generation was seen.
${f.podNames ? `	var podNames []string\n` : ''}${extras.join('\n')}
	return ctrl.Result{}, r.updateStatus(ctx, ${recv}, before)`;
}

function operandPhases(
  f: ProjectFacts,
  n: ReturnType<typeof goNames>,
  setCond: (t: string, s: string, r: string, m: string) => string,
  extras: string[],
): string {
  const { recv } = n;
  const A = `typeAvailable${f.kind}`;
  const D = `typeDegraded${f.kind}`;
  return `	// 3. desired: a spec that cannot make a Deployment is reported and not retried.
	dep, err := r.deploymentFor${f.kind}(${recv})
	if err != nil {
		log.Error(err, "Failed to define new Deployment resource for ${f.kind}")
		changed := ${setCond(D, 'ConditionTrue', 'reasonInvalidSpec', 'err.Error()')}
		changed = ${setCond(A, 'ConditionFalse', 'reasonReconciling', '"Cannot build the Deployment: "+err.Error()')} || changed
		if changed {
			r.Recorder.Eventf(${recv}, nil, corev1.EventTypeWarning, "InvalidSpec", "Reconcile", "%s", err.Error())
		}
		if err := r.updateStatus(ctx, ${recv}, before); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, reconcile.TerminalError(err)
	}
	replicas := *dep.Spec.Replicas

	// 4. apply: server-side apply of the fields we own; the server makes it a no-op when nothing changed.
	found := &appsv1.Deployment{}
	key := types.NamespacedName{Name: ${recv}.Name, Namespace: ${recv}.Namespace}
	if err := r.Get(ctx, key, found); err != nil && !apierrors.IsNotFound(err) {
		log.Error(err, "Failed to get Deployment")
		return ctrl.Result{}, err
	} else if err != nil {
		found = nil
	}
	// A Deployment another controller owns is never taken over (controller-runtime's AlreadyOwned
	// rule): it is left untouched and named in Degraded. One with no controller is adopted.
	if owner := controllerOf(found); owner != nil && owner.UID != ${recv}.UID {
		message := fmt.Sprintf("Deployment %s/%s is controlled by %s %s (uid %s); left untouched", key.Namespace, key.Name, owner.Kind, owner.Name, owner.UID)
		log.Info("Not taking over a Deployment another controller owns", "Deployment.Name", key.Name, "controller", owner.Name)
		changed := ${setCond(D, 'ConditionTrue', 'reasonAlreadyOwned', 'message')}
		changed = ${setCond(A, 'ConditionFalse', 'reasonReconciling', 'message')} || changed
		if changed {
			r.Recorder.Eventf(${recv}, nil, corev1.EventTypeWarning, "AlreadyOwned", "Apply", "%s", message)
		}
		return ctrl.Result{}, r.updateStatus(ctx, ${recv}, before)
	}
	if err := r.Apply(ctx, dep, client.FieldOwner(fieldOwner), client.ForceOwnership); err != nil {
		message := fmt.Sprintf("Failed to apply Deployment for the custom resource (%s): %s", ${recv}.Name, strings.SplitN(err.Error(), "\\n", 2)[0])
		log.Error(err, "Failed to apply Deployment", "Deployment.Namespace", key.Namespace, "Deployment.Name", key.Name)
		if ${setCond(A, 'ConditionFalse', 'reasonReconciling', 'message')} {
			r.Recorder.Eventf(${recv}, nil, corev1.EventTypeWarning, "ReconcileFailed", "Apply", "%s", message)
		}
		_ = r.updateStatus(ctx, ${recv}, before) // the apply error is the one to report
		return ctrl.Result{}, err
	}
	previous, announced := r.announced.Load(req.NamespacedName)
	switch {
	case found == nil && !announced:
		log.Info("Created Deployment", "Deployment.Namespace", key.Namespace, "Deployment.Name", key.Name)
		r.Recorder.Eventf(${recv}, nil, corev1.EventTypeNormal, "Created", "Create",
			"Created Deployment %s with %d replicas", key.Name, replicas)
	case found != nil:
		old := int32(0)
		if found.Spec.Replicas != nil {
			old = *found.Spec.Replicas
		}
		if announced {
			old = previous.(int32)
		}
		if old != replicas {
			log.Info("Scaled Deployment", "Deployment.Name", key.Name, "from", old, "to", replicas)
			r.Recorder.Eventf(${recv}, found, corev1.EventTypeNormal, "Scaled", "Scale",
				"Scaled Deployment %s from %d to %d replicas", key.Name, old, replicas)
		}
	}
	r.announced.Store(req.NamespacedName, replicas)

	// 5. status: conditions from the Deployment's own status, as the server returned it.
	podNames, err := r.podNames(ctx, key.Namespace, dep.Spec.Selector.MatchLabels)
	if err != nil {
		return ctrl.Result{}, err
	}
	${f.podNames ? '' : '_ = podNames\n\t'}if ready, readyReplicas := deploymentReady(dep, replicas); ready {
		${setCond(A, 'ConditionTrue', 'reasonReconciling', `fmt.Sprintf("Deployment for custom resource (%s) with %d replicas created successfully", ${recv}.Name, replicas)`)}
${
  f.conditions
    ? `		if meta.FindStatusCondition(${recv}.Status.Conditions, ${D}) != nil {
			${setCond(D, 'ConditionFalse', 'reasonReconciling', `fmt.Sprintf("Deployment for custom resource (%s) is healthy", ${recv}.Name)`)}
		}
`
    : ''
}	} else {
		${setCond(A, 'ConditionFalse', 'reasonResizing', `fmt.Sprintf("Waiting for %d/%d replicas of Deployment %s to be ready", readyReplicas, replicas, ${recv}.Name)`)}
	}
${extras.join('\n')}
	return ctrl.Result{}, r.updateStatus(ctx, ${recv}, before)`;
}

function operandHelpers(f: ProjectFacts, n: ReturnType<typeof goNames>): string {
  const op = f.operand!;
  const { recv } = n;
  const pkg = f.alias(f.version.name);
  const c = op.container;
  const sc = c.securityContext;
  const command =
    c.command !== undefined && c.command.length > 0 ? `.\n\t\tWithCommand(${c.command.map(q).join(', ')})` : '';
  const replicasRead = op.replicas
    ? `\n${readInteger(recv, op.replicas, 'replicas', 0, 'math.MaxInt32', f.kind, false)}`
    : '';
  const portRead = op.port ? `\n${readInteger(recv, op.port, 'port', 1, '65535', f.kind, true)}` : '';
  return `
// deploymentFor${f.kind} returns the ${f.kind} Deployment as an apply configuration: named after
${commentLine(`the custom resource, owned by it, replicas from ${op.replicas?.path ?? 'nothing (1)'}.`)}
func (r *${n.reconciler}) deploymentFor${f.kind}(${recv} *${pkg}.${f.kind}) (*appsv1ac.DeploymentApplyConfiguration, error) {
	replicas := new(int32(${op.replicas ? 0 : 1}))${replicasRead}
	var port *int32${portRead}

	image := ${n.imageConst}
	if fromEnv, found := os.LookupEnv(${q(n.imageEnv)}); found && fromEnv != "" {
		image = fromEnv
	}
	selector := map[string]string{
		"app.kubernetes.io/name":       ${q(op.nameLabel)},
		"app.kubernetes.io/instance":   labelValue(${recv}.Name),
		"app.kubernetes.io/managed-by": ${q(op.managedByLabel)},
	}
	labels := map[string]string{}
	for k, v := range selector {
		labels[k] = v
	}
	// The version label stays out of the selector: a selector is immutable, an image tag is not.
	if tag, ok := imageTag(image); ok {
		labels["app.kubernetes.io/version"] = tag
	}

	container := corev1ac.Container().
		WithName(${n.containerConst}).
		WithImage(image).
		WithImagePullPolicy(corev1.PullIfNotPresent).
		// Ensure restrictive context for the container
		// More info: https://kubernetes.io/docs/concepts/security/pod-security-standards/#restricted
		WithSecurityContext(corev1ac.SecurityContext().
			WithRunAsNonRoot(true)${sc.runAsUser !== undefined ? `.\n\t\t\tWithRunAsUser(${sc.runAsUser})` : ''}.
			WithAllowPrivilegeEscalation(false).
			WithCapabilities(corev1ac.Capabilities().WithDrop("ALL")))${command}
	if port != nil {
		container.WithPorts(corev1ac.ContainerPort().WithContainerPort(*port).WithName(${q(c.ports?.[0]?.name ?? f.lowerKind)}))
	}

	dep := appsv1ac.Deployment(${recv}.Name, ${recv}.Namespace).
		WithLabels(labels).
		// The owner reference lets the garbage collector delete the Deployment with the custom resource.
		WithOwnerReferences(metav1ac.OwnerReference().
			WithAPIVersion(${pkg}.GroupVersion.String()).
			WithKind(${q(f.kind)}).
			WithName(${recv}.Name).
			WithUID(${recv}.UID).
			WithController(true).
			WithBlockOwnerDeletion(true)).
		WithSpec(appsv1ac.DeploymentSpec().
			WithReplicas(*replicas).
			WithSelector(metav1ac.LabelSelector().WithMatchLabels(selector)).
			WithTemplate(corev1ac.PodTemplateSpec().
				WithLabels(labels).
				WithSpec(corev1ac.PodSpec().
					WithSecurityContext(corev1ac.PodSecurityContext().
						WithRunAsNonRoot(true).
						WithSeccompProfile(corev1ac.SeccompProfile().WithType(corev1.SeccompProfileTypeRuntimeDefault))).
					WithContainers(container))))
	return dep, nil
}

// controllerOf is the controller owner reference of a Deployment (nil for none, or no Deployment).
func controllerOf(dep *appsv1.Deployment) *metav1.OwnerReference {
	if dep == nil {
		return nil
	}
	return metav1.GetControllerOf(dep)
}

// deploymentReady says whether every replica of the current spec is ready, from the Deployment
// as the server returned it after the apply.
func deploymentReady(dep *appsv1ac.DeploymentApplyConfiguration, wanted int32) (bool, int32) {
	value := func(p *int32) int32 {
		if p == nil {
			return 0
		}
		return *p
	}
	if dep.Status == nil {
		return false, 0
	}
	s := dep.Status
	generation := int64(1)
	if dep.Generation != nil {
		generation = *dep.Generation
	}
	observed := int64(0)
	if s.ObservedGeneration != nil {
		observed = *s.ObservedGeneration
	}
	ready := observed >= generation && value(dep.Spec.Replicas) == wanted && value(s.ReadyReplicas) == wanted &&
		value(s.Replicas) == wanted && value(s.UpdatedReplicas) == wanted
	return ready, value(s.ReadyReplicas)
}

// podNames lists the operand's pods that are not being deleted, sorted, from the API server.
func (r *${n.reconciler}) podNames(ctx context.Context, namespace string, matchLabels map[string]string) ([]string, error) {
	pods := &corev1.PodList{}
	reader := r.APIReader
	if reader == nil {
		reader = r.Client
	}
	if err := reader.List(ctx, pods, client.InNamespace(namespace), client.MatchingLabels(matchLabels)); err != nil {
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

// imageTag is the tag of an image reference (memcached:1.6 → 1.6), when it is a valid label value.
func imageTag(image string) (string, bool) {
	withoutDigest, _, _ := strings.Cut(image, "@")
	lastSegment := withoutDigest[strings.LastIndex(withoutDigest, "/")+1:]
	_, tag, found := strings.Cut(lastSegment, ":")
	if !found || !isLabelValue(tag) {
		return "", false
	}
	return tag, true
}

func isLabelValue(s string) bool {
	if len(s) > 63 {
		return false
	}
	for i, c := range s {
		alnum := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
		if !alnum && ((i == 0 || i == len(s)-1) || (c != '-' && c != '_' && c != '.')) {
			return false
		}
	}
	return true
}

// labelValue is s when it is a valid label value, else s cleaned and cut, with a hash so
// distinct inputs stay distinct (the studio's embedded controller labels the same way).
func labelValue(s string) string {
	if isLabelValue(s) {
		return s
	}
	cleaned := []rune{}
	for _, c := range s {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' {
			cleaned = append(cleaned, c)
		} else {
			cleaned = append(cleaned, '-')
		}
	}
	if len(cleaned) > 54 {
		cleaned = cleaned[:54]
	}
	trimmed := strings.TrimFunc(string(cleaned), func(c rune) bool {
		return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9')
	})
	hash := uint32(0x811c9dc5)
	for _, c := range s {
		hash ^= uint32(c)
		hash *= 0x01000193
	}
	if trimmed == "" {
		return fmt.Sprintf("%08x", hash)
	}
	return fmt.Sprintf("%s-%08x", trimmed, hash)
}
`;
}

/** Phase 2 of every reconciler: the finalizer runs while the custom resource is deleted, and is added otherwise. */
export function deletionPhase(f: ProjectFacts): string {
  const n = goNames(f);
  const { recv } = n;
  const cond = f.conditions;
  const setCond = (type: string, status: string, reason: string, message: string): string =>
    `r.setCondition(${recv}, ${type}, metav1.${status}, ${reason}, ${message})`;
  return `	// 2. deletion: the finalizer runs while the custom resource is being deleted.
	if !${recv}.GetDeletionTimestamp().IsZero() {
		if !controllerutil.ContainsFinalizer(${recv}, ${n.finalizerConst}) {
			return ctrl.Result{}, nil
		}
		log.Info("Performing finalizer operations for ${f.kind} before deleting CR")
		${cond ? `if ${setCond(`typeDegraded${f.kind}`, 'ConditionTrue', 'reasonFinalizing', `fmt.Sprintf("Finalizer operations for custom resource %s name were successfully accomplished", ${recv}.Name)`)} {` : '{'}
			r.Recorder.Eventf(${recv}, nil, corev1.EventTypeWarning, "Deleting", "Delete",
				"Custom Resource %s is being deleted from the namespace %s", ${recv}.Name, ${recv}.Namespace)
		}
		if err := r.updateStatus(ctx, ${recv}, before); err != nil {
			return ctrl.Result{}, client.IgnoreNotFound(err)
		}
		log.Info("Removing finalizer for ${f.kind} after successfully performing the operations")
		controllerutil.RemoveFinalizer(${recv}, ${n.finalizerConst})
		if err := r.Update(ctx, ${recv}); err != nil {
			log.Error(err, "Failed to remove finalizer for ${f.kind}")
			return ctrl.Result{}, client.IgnoreNotFound(err)
		}
		return ctrl.Result{}, nil
	}

	// Let's add a finalizer. Then, we can define some operations which should
	// occur before the custom resource is deleted.
	// More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/finalizers
	if !controllerutil.ContainsFinalizer(${recv}, ${n.finalizerConst}) {
		log.Info("Adding finalizer for ${f.kind}")
		controllerutil.AddFinalizer(${recv}, ${n.finalizerConst})
		if err := r.Update(ctx, ${recv}); err != nil {
			log.Error(err, "Failed to update custom resource to add finalizer")
			return ctrl.Result{}, err
		}
	}
`;
}

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
