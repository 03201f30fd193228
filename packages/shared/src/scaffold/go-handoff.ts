/**
 * `internal/handoff/handoff.go` (its own package: kubebuilder's `make run` builds cmd/main.go
 * alone): the exported manager's side of the hand-off with Operator Studio
 * (docs/design/0030-hand-off.md). Before the manager starts it reads the kind's hand-off Lease;
 * while the studio's embedded controller holds it, the manager exits 1 naming the command that
 * pauses the studio's controller. Otherwise it takes the Lease (client-go leader election, so the
 * studio sees a live holder and keeps its controller stopped) and holds it while it runs. A Gate
 * wraps the reconciler: it reconciles only while the Lease is held. Failing to renew (an API
 * server outage) closes the gate and campaigns again; only another live holder ends the process.
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
	"sync"
	"sync/atomic"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/uuid"
	coordinationv1client "k8s.io/client-go/kubernetes/typed/coordination/v1"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/leaderelection"
	"k8s.io/client-go/tools/leaderelection/resourcelock"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
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
	// renewDeadline: the holder stops acting when it could not renew for this long, before the
	// Lease (15 s) lapses for the others. retryPeriod: how often a candidate tries the Lease, and
	// when a reconcile held back by the gate comes back.
	renewDeadline = 10 * time.Second
	retryPeriod   = 2 * time.Second
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

// takenBy says whether a Lease record shows another live holder than self: holder set, not self,
// and renewTime + duration still ahead of now.
func takenBy(record resourcelock.LeaderElectionRecord, self string, now time.Time) (string, bool) {
	holder := record.HolderIdentity
	if holder == "" || holder == self || record.RenewTime.IsZero() {
		return "", false
	}
	valid := record.RenewTime.Add(time.Duration(record.LeaseDurationSeconds) * time.Second).After(now)
	return holder, valid
}

// takenMessage explains why the manager stops once another holder has taken the Lease.
func takenMessage(namespace, holder string) string {
	who := "another replica of this manager"
	next := "only one replica reconciles at a time"
	if strings.HasPrefix(holder, studioHolderPrefix) {
		who = "the embedded controller of Operator Studio"
		next = fmt.Sprintf("to run this manager instead, pause it with \`%s\` (or \\"Pause the embedded controller\\" "+
			"on the studio's page %s), then start this manager again", studioPauseCommand, studioKindPage)
	}
	return fmt.Sprintf("%s took over the hand-off Lease %s/%s (held by %s), "+
		"and two controllers must not reconcile one kind: %s", who, namespace, studioHandOffLease, holder, next)
}

// Gate lets the reconciler act only while this manager holds the hand-off Lease. Each time the
// Lease is acquired a term begins; its context ends when client-go gives up renewing, which
// cancels the reconciles in flight. No reconcile starts once the last renewal is renewDeadline
// old, even while client-go still tries to release. A nil *Gate (--ignore-studio-lease) is
// always open.
type Gate struct {
	mu   sync.Mutex
	term context.Context
	// renewed: when this manager last wrote the Lease as its holder (Unix nanoseconds).
	renewed atomic.Int64
	// heldOnce: the Lease was held at least once (from then on another holder ends the process).
	heldOnce atomic.Bool
}

// NewGate returns a closed gate: Hold opens it.
func NewGate() *Gate { return &Gate{} }

func (g *Gate) open(term context.Context) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.term = term
	g.heldOnce.Store(true)
}

func (g *Gate) renewedAt(t time.Time) { g.renewed.Store(t.UnixNano()) }

// current is the running term's context, or false while the Lease is not held.
func (g *Gate) current(now time.Time) (context.Context, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.term == nil || g.term.Err() != nil || now.Sub(time.Unix(0, g.renewed.Load())) >= renewDeadline {
		return nil, false
	}
	return g.term, true
}

// Gated wraps a reconciler: while the Lease is not held a request comes back after retryPeriod
// instead of being reconciled (the cache keeps watching, so it resumes at once); a reconcile whose
// term ends midway is cancelled and retried the same way.
func (g *Gate) Gated(next reconcile.Reconciler) reconcile.Reconciler {
	if g == nil {
		return next
	}
	return reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
		term, held := g.current(time.Now())
		if !held {
			return reconcile.Result{RequeueAfter: retryPeriod}, nil
		}
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		stop := context.AfterFunc(term, cancel)
		defer stop()
		result, err := next.Reconcile(ctx, req)
		if term.Err() != nil {
			return reconcile.Result{RequeueAfter: retryPeriod}, nil
		}
		return result, err
	})
}

// watchedLock is the Lease lock that reports each record it reads (every retry of a campaign)
// and each time it wrote itself as the holder (a renewal; a release writes no holder).
type watchedLock struct {
	resourcelock.Interface
	onRecord  func(resourcelock.LeaderElectionRecord)
	onRenewed func(time.Time)
}

func (l *watchedLock) Get(ctx context.Context) (*resourcelock.LeaderElectionRecord, []byte, error) {
	record, raw, err := l.Interface.Get(ctx)
	if err == nil && record != nil {
		l.onRecord(*record)
	}
	return record, raw, err
}

func (l *watchedLock) Create(ctx context.Context, record resourcelock.LeaderElectionRecord) error {
	err := l.Interface.Create(ctx, record)
	if err == nil && record.HolderIdentity == l.Identity() {
		l.onRenewed(record.RenewTime.Time)
	}
	return err
}

func (l *watchedLock) Update(ctx context.Context, record resourcelock.LeaderElectionRecord) error {
	err := l.Interface.Update(ctx, record)
	if err == nil && record.HolderIdentity == l.Identity() {
		l.onRenewed(record.RenewTime.Time)
	}
	return err
}

// Hold takes the kind's hand-off Lease, opens the gate and keeps campaigning until ctx ends (then
// releases it, so the studio's controller resumes within a retry period). It returns once the
// Lease is held; done closes when it has been released. Failing to renew closes the gate until
// the Lease is held again; another live holder after that ends the process (takenMessage).
func (g *Gate) Hold(ctx context.Context, cfg *rest.Config, namespace string) (done <-chan struct{}, err error) {
	client, err := coordinationv1client.NewForConfig(cfg)
	if err != nil {
		return nil, err
	}
	if err := checkStudioHandOff(ctx, client, namespace); err != nil {
		return nil, err
	}
	hostname, _ := os.Hostname()
	identity := hostname + "_" + string(uuid.NewUUID())
	lock := &watchedLock{
		Interface: &resourcelock.LeaseLock{
			LeaseMeta:  metav1.ObjectMeta{Namespace: namespace, Name: studioHandOffLease},
			Client:     client,
			LockConfig: resourcelock.ResourceLockConfig{Identity: identity},
		},
		onRecord: func(record resourcelock.LeaderElectionRecord) {
			// before the first term another replica may hold it: this one waits as a standby
			if holder, taken := takenBy(record, identity, time.Now()); taken && g.heldOnce.Load() {
				log.Error(nil, "Another holder took the hand-off Lease: stopping", "holder", holder)
				fmt.Fprintf(os.Stderr, "Stopping: %s\\n", takenMessage(namespace, holder))
				os.Exit(1)
			}
		},
		onRenewed: g.renewedAt,
	}
	held := make(chan struct{})
	var heldOnce sync.Once
	config := leaderelection.LeaderElectionConfig{
		Lock:            lock,
		LeaseDuration:   handOffLeaseSeconds * time.Second,
		RenewDeadline:   renewDeadline,
		RetryPeriod:     retryPeriod,
		ReleaseOnCancel: true,
		Name:            studioHandOffLease,
		Callbacks: leaderelection.LeaderCallbacks{
			// term ends when renewing fails or ctx ends
			OnStartedLeading: func(term context.Context) {
				log.Info("Holding the hand-off Lease: reconciling", "lease", namespace+"/"+studioHandOffLease)
				g.open(term)
				heldOnce.Do(func() { close(held) })
			},
			// the term's context has ended already: the gate is closed
			OnStoppedLeading: func() {},
		},
	}
	elector, err := leaderelection.NewLeaderElector(config)
	if err != nil {
		return nil, err
	}
	released := make(chan struct{})
	go func() {
		defer close(released)
		for {
			elector.Run(ctx)
			if ctx.Err() != nil {
				return
			}
			// The same identity: the Lease still names this manager, so it is taken back as soon
			// as the API server answers, unless another holder took it meanwhile (onRecord).
			log.Info("Could not renew the hand-off Lease: not reconciling until it is held again",
				"lease", namespace+"/"+studioHandOffLease)
			elector, _ = leaderelection.NewLeaderElector(config) // the config passed above
		}
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
