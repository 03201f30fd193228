/**
 * `internal/handoff/handoff_test.go`: the hand-off gate without a cluster: which Lease records
 * end the process, and that the wrapped reconciler acts only during a term with a fresh renewal.
 */
export function handOffTestGo(header: string): string {
  return `${header}

package handoff

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/tools/leaderelection/resourcelock"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

func TestTakenBy(t *testing.T) {
	now := time.Now()
	record := func(holder string, renewedAgo time.Duration) resourcelock.LeaderElectionRecord {
		return resourcelock.LeaderElectionRecord{HolderIdentity: holder, LeaseDurationSeconds: handOffLeaseSeconds,
			RenewTime: metav1.NewTime(now.Add(-renewedAgo))}
	}
	for _, c := range []struct {
		name   string
		record resourcelock.LeaderElectionRecord
		taken  bool
	}{
		{"still this manager's (the API server was away)", record("me", time.Minute), false},
		{"released", record("", time.Second), false},
		{"another live holder", record(studioHolderPrefix+"host_1", 3*time.Second), true},
		{"another holder, lapsed", record("other", 20*time.Second), false},
		{"another holder, never renewed", resourcelock.LeaderElectionRecord{HolderIdentity: "other"}, false},
	} {
		if _, taken := takenBy(c.record, "me", now); taken != c.taken {
			t.Errorf("%s: taken = %v, want %v", c.name, taken, c.taken)
		}
	}
}

func TestTakenMessageNamesHolderAndPause(t *testing.T) {
	msg := takenMessage("default", studioHolderPrefix+"host_1")
	for _, want := range []string{studioHolderPrefix + "host_1", studioPauseCommand, studioHandOffLease} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q does not name %q", msg, want)
		}
	}
}

// counting is a reconciler that records its calls and can block until its context ends.
type counting struct {
	calls int
	block bool
}

func (c *counting) Reconcile(ctx context.Context, _ reconcile.Request) (reconcile.Result, error) {
	c.calls++
	if c.block {
		<-ctx.Done()
		return reconcile.Result{}, ctx.Err()
	}
	return reconcile.Result{RequeueAfter: time.Minute}, nil
}

func TestGateHoldsReconcilesBackWhileTheLeaseIsNotHeld(t *testing.T) {
	ctx := context.Background()
	next := &counting{}
	if (*Gate)(nil).Gated(next) != reconcile.Reconciler(next) {
		t.Fatal("a nil gate (--ignore-studio-lease) must not wrap the reconciler")
	}
	g := NewGate()
	gated := g.Gated(next)
	reconciles := func(name string, want bool) {
		t.Helper()
		result, err := gated.Reconcile(ctx, reconcile.Request{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if acted := result.RequeueAfter == time.Minute; acted != want {
			t.Errorf("%s: reconciled = %v, want %v (result %+v)", name, acted, want, result)
		}
		if !want && result.RequeueAfter != retryPeriod {
			t.Errorf("%s: held back without coming back after %s (result %+v)", name, retryPeriod, result)
		}
	}
	reconciles("before the Lease is held", false)

	term, lose := context.WithCancel(ctx)
	g.renewedAt(time.Now())
	g.open(term)
	reconciles("during a term", true)

	g.renewedAt(time.Now().Add(-renewDeadline))
	reconciles("renewing overdue, the term not ended yet", false)

	g.renewedAt(time.Now())
	lose()
	reconciles("after the term ended", false)
	if next.calls != 1 {
		t.Errorf("the reconciler ran %d times, want once", next.calls)
	}
}

func TestGateCancelsAReconcileWhenTheTermEnds(t *testing.T) {
	g := NewGate()
	term, lose := context.WithCancel(context.Background())
	g.renewedAt(time.Now())
	g.open(term)
	time.AfterFunc(50*time.Millisecond, lose)
	next := &counting{block: true}
	result, err := g.Gated(next).Reconcile(context.Background(), reconcile.Request{})
	if err != nil || result.RequeueAfter != retryPeriod {
		t.Fatalf("a reconcile cut short by the lost Lease: result %+v, err %v; want a retry after %s", result, err, retryPeriod)
	}
	if next.calls != 1 || !errors.Is(term.Err(), context.Canceled) {
		t.Fatalf("calls %d, term %v", next.calls, term.Err())
	}
}
`;
}
