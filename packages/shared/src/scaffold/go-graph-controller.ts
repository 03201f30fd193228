/**
 * `internal/controller/<kind>_controller.go` of every design (its `operand.resources`, or the
 * image form as a one-Deployment graph whose deploy-image profile go-graph-profile.ts carries,
 * docs/design/0046): the reconciler around the exported planner (internal/graph,
 * docs/design/0016), with the embedded graph reconciler's semantics:
 *   1. load      the CR (gone → done)
 *   2. deletion  the children the owner label holds deleted in reverse dependency order and
 *                waited for, then the finalizer (go-graph-finalizer.ts)
 *   3. observe   each child by the planner's labels, only what this CR controls (owner reference or label)
 *   4. plan      graph.Plan over the CR and the observed children
 *   5. apply     each desired child, checked against its Go type, server-side applied; an object
 *                another owner controls is left untouched and named in Degraded (AlreadyOwned)
 *   6. prune     children whose includeWhen stopped holding, or whose name or namespace the plan moved
 *   7. status    bindings, conditions
 * Events: Created/Updated/Deleted <Kind> <name>, as the studio records them, and one per design
 * condition that changes status. External references are read with the manager's client and
 * watched (Watches with a map function to every custom resource that reads the object).
 */
import { builtinChildKind } from '../graph/child-kinds';
import type { ResourceGraph } from '../graph/model';
import { goString } from '../gotypes/go-text';
import { markerComment, rbacMarkers } from '../manifests/rbac';
import type { ProjectFacts } from './facts';
import { goNames } from './go-names';
import { hasStatus, statusBefore, statusHelpers } from './go-status';
import { graphDeletionPhase, graphOwnershipHelpers, mayLabelOwn } from './go-graph-finalizer';
import { childKinds, externalKinds } from './go-graph-data';
import { graphHelpers, type ExternalWatch } from './go-graph-helpers';
import {
  PROFILE_IMPORTS,
  PROFILE_RECONCILER_FIELD,
  profileDressStep,
  profileHelpersGo,
  profileStatusStep,
} from './go-graph-profile';
import { planCall, podWatch, podWatchHelpers, podWatchImports } from './go-graph-pod-watch';
import { waitsOnPods } from '../graph/pod-waits';

const q = goString;
const byPath = (a: string, b: string): number => {
  const key = (s: string): string => s.slice(s.indexOf('"'));
  return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
};

/** `Owns(…)` arguments and the imports they need, one per kind of child. */
function owned(graph: ResourceGraph): { owns: string[]; imports: string[] } {
  const owns: string[] = [];
  const imports = new Set<string>(['corev1 "k8s.io/api/core/v1"']);
  for (const { apiVersion, kind } of childKinds(graph)) {
    const known = builtinChildKind(apiVersion, kind);
    if (known !== undefined) {
      imports.add(`${known.goAlias} ${q(known.goPackage)}`);
      owns.push(`&${known.goAlias}.${known.kind}{}`);
    } else owns.push(`ownedObject(${q(apiVersion)}, ${q(kind)})`);
  }
  return { owns, imports: [...imports] };
}

/** `Watches(…)` of each external kind and the imports they need. */
function watched(graph: ResourceGraph): { watches: ExternalWatch[]; imports: string[] } {
  const watches: ExternalWatch[] = [];
  const imports = new Set<string>();
  for (const { apiVersion, kind } of externalKinds(graph)) {
    const known = builtinChildKind(apiVersion, kind);
    if (known !== undefined) imports.add(`${known.goAlias} ${q(known.goPackage)}`);
    const object =
      known !== undefined ? `&${known.goAlias}.${known.kind}{}` : `ownedObject(${q(apiVersion)}, ${q(kind)})`;
    watches.push({ apiVersion, kind, object });
  }
  return { watches, imports: [...imports] };
}

/** Step 7's conditions: the plan's, Degraded overridden by what applying met, Events on a design condition's change. */
function conditionsStep(f: ProjectFacts, recv: string): string {
  return `	for _, c := range plan.Conditions {
		previous := ${f.conditions ? `meta.FindStatusCondition(${recv}.Status.Conditions, c.Type)` : '(*metav1.Condition)(nil)'}
		if builtin := graph.IsBuiltinCondition(c.Type); !builtin && c.Status != "Unknown" && (previous == nil || string(previous.Status) != c.Status) {
			// a design condition that changed status: Normal for True, Warning for False
			eventType := corev1.EventTypeNormal
			if c.Status == "False" {
				eventType = corev1.EventTypeWarning
			}
			r.Recorder.Eventf(${recv}, nil, eventType, c.Reason, "Reconcile", "%s is %s: %s", c.Type, c.Status, c.Message)
		}
		if c.Type == "Degraded" && applyError != "" {
			c = graph.Condition{Type: c.Type, Status: "True", Reason: reasonApplyFailed, Message: applyError}
		} else if c.Type == "Degraded" && len(conflicts) > 0 {
			c = graph.Condition{Type: c.Type, Status: "True", Reason: conflictReason, Message: strings.Join(conflicts, "; ")}
		}
		if r.setCondition(${recv}, c.Type, metav1.ConditionStatus(c.Status), c.Reason, c.Message) && c.Type == "Degraded" && c.Status == "True" {
			r.Recorder.Eventf(${recv}, nil, corev1.EventTypeWarning, c.Reason, "Reconcile", "%s", c.Message)
		}
	}
`;
}

export function graphControllerGo(f: ProjectFacts, graph: ResourceGraph, header: string): string {
  const n = goNames(f);
  const { recv } = n;
  const pkg = f.alias(f.version.name);
  const K = f.kind;
  const { owns, imports } = owned(graph);
  const watch = mayLabelOwn(f.design);
  const { watches, imports: watchImports } = watched(graph);
  // the image form's one-Deployment graph: kubebuilder's names, Events and conditions (go-graph-profile.ts)
  const { profile } = graph;
  const std = ['"context"', '"fmt"', '"strings"', '"time"', ...(profile !== undefined ? PROFILE_IMPORTS : [])].sort(
    (a, b) => (a < b ? -1 : a > b ? 1 : 0),
  );
  const custom = [...owns, ...watches.map((w) => w.object)].some((o) => o.startsWith('ownedObject('));
  const k8s = [
    ...new Set([...imports, ...watchImports, ...podWatchImports(graph)]),
    ...(hasStatus(f) ? ['"k8s.io/apimachinery/pkg/api/equality"'] : []),
    'apierrors "k8s.io/apimachinery/pkg/api/errors"',
    ...(f.conditions ? ['"k8s.io/apimachinery/pkg/api/meta"'] : []),
    'metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"',
    '"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"',
    '"k8s.io/apimachinery/pkg/runtime"',
    '"k8s.io/apimachinery/pkg/types"',
    '"k8s.io/client-go/tools/events"',
    'ctrl "sigs.k8s.io/controller-runtime"',
    '"sigs.k8s.io/controller-runtime/pkg/client"',
    '"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"',
    ...(watch || watches.length > 0 || waitsOnPods(graph) ? ['"sigs.k8s.io/controller-runtime/pkg/handler"'] : []),
    'logf "sigs.k8s.io/controller-runtime/pkg/log"',
    '"sigs.k8s.io/controller-runtime/pkg/reconcile"',
  ].sort(byPath);
  const og = f.observedGeneration;
  const observedGeneration = og
    ? `\t${recv}.${og.expr} = ${og.goType.startsWith('*') ? 'new(' : ''}${og.goType.endsWith('int64') ? `${recv}.Generation` : `${og.goType.replace('*', '')}(${recv}.Generation)`}${og.goType.startsWith('*') ? ')' : ''}\n`
    : '';
  return `${header}

package controller

import (
${std.map((i) => `\t${i}`).join('\n')}

${k8s.map((i) => `\t${i}`).join('\n')}

	${pkg} ${q(`${f.module}/api/${f.version.name}`)}
	${q(`${f.module}/internal/graph`)}
	${q(`${f.module}/internal/handoff`)}
)

const ${n.finalizerConst} = ${q(`${f.fullGroup}/finalizer`)}

// fieldOwner is the field manager of the server-side applies this controller makes.
const fieldOwner = ${q(`${f.lowerKind}-controller`)}

const (
	reasonFinalizing    = "Finalizing"
	reasonAlreadyOwned  = "AlreadyOwned"
	reasonAlreadyExists = "AlreadyExists"
	reasonApplyFailed   = "ApplyFailed"
)
${f.conditions ? `\n// typeDegraded${K} represents a failure to reach the desired state, or the custom resource being deleted.\nconst typeDegraded${K} = "Degraded"\n` : ''}
// ${n.reconciler} reconciles a ${K} object
type ${n.reconciler} struct {
	client.Client
	// APIReader reads straight from the API server.
	APIReader client.Reader
	Scheme    *runtime.Scheme
	Recorder  events.EventRecorder
	// HandOff holds reconciles back while another controller may hold the kind (nil: never).
	HandOff *handoff.Gate
${profile !== undefined ? PROFILE_RECONCILER_FIELD : ''}}

// The following markers are used to generate the rules permissions (RBAC) on config/rbac using controller-gen
// when the command <make manifests> is executed.
// To know more about markers see: https://book.kubebuilder.io/reference/markers.html

${rbacMarkers(f.design).map(markerComment).join('\n')}

// Reconcile plans the design's children for a ${K} and brings the cluster to the plan.
// It is level-triggered: it never depends on which event woke it.
//
// For more details, check Reconcile and its Result here:
// - https://pkg.go.dev/sigs.k8s.io/controller-runtime@v0.24.1/pkg/reconcile
func (r *${n.reconciler}) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	design, err := graph.Design()
	if err != nil {
		return ctrl.Result{}, reconcile.TerminalError(err)
	}

	// 1. load: a custom resource that is gone needs nothing (the garbage collector removes what it owned).
	${recv} := &${pkg}.${K}{}
	if err := r.Get(ctx, req.NamespacedName, ${recv}); err != nil {
		if apierrors.IsNotFound(err) {
			log.Info("${K} resource not found, ignoring since object must be deleted")
			return ctrl.Result{}, nil
		}
		log.Error(err, "Failed to get ${recv}")
		return ctrl.Result{}, err
	}
	before := ${statusBefore(f, recv)}

${graphDeletionPhase(f, n)}
	// 3. observe: the children this custom resource controls, found by the planner's labels${
    watches.length > 0
      ? `, and
	// (after 4's conversion) what its external references name, read and never written`
      : ''
  }.
	observed, owned, err := r.observe(ctx, design, ${recv})
	if err != nil {
		return ctrl.Result{}, err
	}

	// 4. plan, over the custom resource as its JSON.
	cr, err := runtime.DefaultUnstructuredConverter.ToUnstructured(${recv})
	if err != nil {
		return ctrl.Result{}, err
	}
	cr["apiVersion"], cr["kind"] = ${pkg}.GroupVersion.String(), ${q(K)}
${
  watches.length > 0
    ? `	externals, err := r.readExternals(ctx, design, cr)
	if err != nil {
		return ctrl.Result{}, err
	}
${planCall(graph, 'externals')}`
    : planCall(graph, 'nil')
}
${profile !== undefined ? profileDressStep(recv) : ''}	for _, b := range plan.Blocked {
		log.V(1).Info("Waiting", "resource", b.ID, "for", b.WaitingFor)
	}

	// 5. apply each desired child; one another owner controls, or one that exists without being
	// this resource's (unless the child adopts), is left untouched and reported.
	adopts := map[string]bool{}
	for _, c := range design.Children {
		adopts[c.ID] = c.Adopt
	}
	conflicts := []string{}
	conflictReason := ""
	applyError := ""
	var retry error
	for _, d := range plan.Desired {
		// the hand-written hook (${f.lowerKind}_hooks.go) may dress the child first
		if err := r.BeforeApply(ctx, ${recv}, d.ID, &unstructured.Unstructured{Object: d.Object}); err != nil {
			if applyError == "" {
				applyError = fmt.Sprintf("BeforeApply %s: %s", d.ID, firstLine(err))
			}
			if retry == nil {
				retry = err
			}
			continue
		}
		conflict, reason, problem, err := r.apply(ctx, ${recv}, d, adopts[d.ID])
		if conflict != "" {
			conflicts = append(conflicts, conflict)
			if conflictReason == "" {
				conflictReason = reason
			}
		}
		if problem != "" && applyError == "" {
			applyError = problem
		}
		if err != nil && retry == nil {
			retry = err
		}
	}

	// 6. prune: children whose includeWhen stopped holding, an earlier name or namespace of a
	// child the plan moved, and a collection's objects whose element left.
	stale := []map[string]any{}
	for _, id := range plan.Prune {
		stale = append(stale, owned[id]...)
	}
	for _, d := range plan.Desired {
		if !design.IsCollection(d.ID) {
			stale = append(stale, graph.Moved(owned[d.ID], d.Object)...)
		}
	}
	stale = append(stale, design.Leaving(plan, owned)...)
	for _, o := range stale {
		obj := &unstructured.Unstructured{Object: o}
		uid := obj.GetUID()
		if err := r.Delete(ctx, obj, client.Preconditions{UID: &uid}); client.IgnoreNotFound(err) != nil {
			log.Error(err, "Failed to delete", "kind", obj.GetKind(), "name", obj.GetName())
			if applyError == "" {
				applyError = fmt.Sprintf("deleting %s %s: %s", obj.GetKind(), obj.GetName(), firstLine(err))
			}
			if retry == nil {
				retry = err
			}
			continue
		}
		log.Info("Deleted "+obj.GetKind(), "name", obj.GetName())
		r.Recorder.Eventf(${recv}, nil, corev1.EventTypeNormal, "Deleted", "Delete", "Deleted %s %s", obj.GetKind(), obj.GetName())
	}

	// 7. status: the bindings, the plan's conditions (Degraded overridden by what applying met), observedGeneration.
	if err := r.setStatus(${recv}, plan.Status); err != nil && applyError == "" {
		applyError = err.Error()
	}
${profile !== undefined ? profileStatusStep(f) : conditionsStep(f, recv)}${observedGeneration}	if err := r.updateStatus(ctx, ${recv}, before); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.AfterStatus(ctx, ${recv}); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, retry
}

${graphHelpers(f, n, owns, custom, watch, watches, profile, podWatch(graph))}
${podWatchHelpers(f, n, graph)}${profile !== undefined ? profileHelpersGo(f, profile) : ''}
${graphOwnershipHelpers(f, n, watch)}
${statusHelpers(f)}\n`.replace(/\n{3,}/g, '\n\n');
}
