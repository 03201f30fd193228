/**
 * `internal/handoff/handoff.go` (its own package: kubebuilder's `make run` builds cmd/main.go
 * alone): the exported manager's side of the hand-off with Operator Studio
 * (docs/design/0030-hand-off.md). Before the manager starts it reads the kind's hand-off Lease;
 * while the studio's embedded controller holds it, the manager exits 1 naming the command that
 * pauses the studio's controller. Otherwise it takes the Lease (client-go leader election, so the
 * studio sees a live holder and keeps its controller stopped) and holds it while it runs; losing
 * it ends the process, as controller-runtime does on a lost leader election.
 */
import { goString } from '../gotypes/go-text';
import { handOffLeaseName, IGNORE_STUDIO_LEASE_FLAG, pauseCommand, STUDIO_HOLDER_PREFIX } from '../kube/handoff';
import type { ProjectFacts } from './facts';

export function handOffGo(f: ProjectFacts, header: string): string {
  const crd = `${f.plural}.${f.fullGroup}`;
  return `${header}

// Package handoff keeps one controller per kind and cluster between this manager and Operator
// Studio's embedded controller (the hand-off Lease).
package handoff

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/uuid"
	coordinationv1client "k8s.io/client-go/kubernetes/typed/coordination/v1"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/leaderelection"
	"k8s.io/client-go/tools/leaderelection/resourcelock"
	ctrl "sigs.k8s.io/controller-runtime"
)

var log = ctrl.Log.WithName("handoff")

// The hand-off Lease Operator Studio and this manager share: whoever holds it reconciles the kind.
const (
	studioHandOffLease  = ${goString(handOffLeaseName(crd))}
	studioHolderPrefix  = ${goString(STUDIO_HOLDER_PREFIX)}
	studioPauseCommand  = ${goString(pauseCommand(crd))}
	studioHandOffKind   = ${goString(f.kind)}
	studioKindPage      = ${goString(`/resources/${crd}`)}
	handOffLeaseSeconds = 15
)

// checkStudioHandOff fails while Operator Studio's embedded controller holds the kind's Lease.
func checkStudioHandOff(ctx context.Context, leases coordinationv1client.LeasesGetter, namespace string) error {
	lease, err := leases.Leases(namespace).Get(ctx, studioHandOffLease, metav1.GetOptions{})
	if apierrors.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("reading the hand-off Lease %s/%s: %w", namespace, studioHandOffLease, err)
	}
	holder := ""
	if lease.Spec.HolderIdentity != nil {
		holder = *lease.Spec.HolderIdentity
	}
	if !strings.HasPrefix(holder, studioHolderPrefix) || lease.Spec.RenewTime == nil {
		return nil
	}
	seconds := int32(handOffLeaseSeconds)
	if lease.Spec.LeaseDurationSeconds != nil {
		seconds = *lease.Spec.LeaseDurationSeconds
	}
	if time.Since(lease.Spec.RenewTime.Time) > time.Duration(seconds)*time.Second {
		return nil
	}
	return fmt.Errorf("the embedded controller of Operator Studio is reconciling %s in this cluster "+
		"(Lease %s/%s held by %s), and two controllers must not reconcile one kind: "+
		"pause it with \`%s\` (or \\"Pause the embedded controller\\" on the studio's page %s), "+
		"then start this manager again (${IGNORE_STUDIO_LEASE_FLAG} skips this check)",
		studioHandOffKind, namespace, studioHandOffLease, holder, studioPauseCommand, studioKindPage)
}

// Hold takes the kind's hand-off Lease and keeps it until ctx ends (then releases
// it, so the studio's controller resumes within a retry period). It returns once the Lease is
// held; done closes when it has been released. Losing the Lease exits the process.
func Hold(ctx context.Context, cfg *rest.Config, namespace string) (done <-chan struct{}, err error) {
	client, err := coordinationv1client.NewForConfig(cfg)
	if err != nil {
		return nil, err
	}
	if err := checkStudioHandOff(ctx, client, namespace); err != nil {
		return nil, err
	}
	hostname, _ := os.Hostname()
	lock := &resourcelock.LeaseLock{
		LeaseMeta:  metav1.ObjectMeta{Namespace: namespace, Name: studioHandOffLease},
		Client:     client,
		LockConfig: resourcelock.ResourceLockConfig{Identity: hostname + "_" + string(uuid.NewUUID())},
	}
	held := make(chan struct{})
	released := make(chan struct{})
	elector, err := leaderelection.NewLeaderElector(leaderelection.LeaderElectionConfig{
		Lock:            lock,
		LeaseDuration:   handOffLeaseSeconds * time.Second,
		RenewDeadline:   10 * time.Second,
		RetryPeriod:     2 * time.Second,
		ReleaseOnCancel: true,
		Name:            studioHandOffLease,
		Callbacks: leaderelection.LeaderCallbacks{
			OnStartedLeading: func(context.Context) { close(held) },
			OnStoppedLeading: func() {
				if ctx.Err() == nil {
					log.Info("Lost the hand-off Lease: stopping", "lease", namespace+"/"+studioHandOffLease)
					os.Exit(1)
				}
			},
		},
	})
	if err != nil {
		return nil, err
	}
	go func() {
		defer close(released)
		elector.Run(ctx)
	}()
	log.Info("Waiting for the hand-off Lease", "lease", namespace+"/"+studioHandOffLease)
	select {
	case <-held:
		return released, nil
	case <-ctx.Done():
		<-released
		return nil, ctx.Err()
	}
}
`;
}

/**
 * The manager's right to the hand-off Lease in the studio's namespace (not known at export time,
 * so a ClusterRole: get/update only that Lease by name, create any Lease since create cannot be
 * limited by name). Files under config/rbac, listed in its kustomization.
 */
export function handOffRbacFiles(f: ProjectFacts, labels: string): [string, string][] {
  const lease = handOffLeaseName(`${f.plural}.${f.fullGroup}`);
  return [
    [
      'config/rbac/studio_handoff_role.yaml',
      `# permissions to hold the hand-off Lease shared with Operator Studio (internal/handoff).
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  labels:
${labels}
  name: studio-handoff-role
rules:
- apiGroups:
  - coordination.k8s.io
  resources:
  - leases
  verbs:
  - create
- apiGroups:
  - coordination.k8s.io
  resourceNames:
  - ${lease}
  resources:
  - leases
  verbs:
  - get
  - update
  - patch
`,
    ],
    [
      'config/rbac/studio_handoff_role_binding.yaml',
      `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  labels:
${labels}
  name: studio-handoff-rolebinding
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: studio-handoff-role
subjects:
- kind: ServiceAccount
  name: controller-manager
  namespace: system
`,
    ],
  ];
}
