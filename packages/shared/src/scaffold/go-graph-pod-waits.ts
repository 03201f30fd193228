/**
 * `internal/graph/pod_waits.go`: graph/pod-waits.ts in Go, rule for rule: why a pod waits (the
 * scheduler's words for an unscheduled Pending pod, else the first waiting container's, init
 * containers first, never ContainerCreating or PodInitializing) and a workload's first waiting
 * pod by name, which the Progressing message names after the child (docs/design/0047). Written
 * only for a design with workload children; its test runs the studio's own case table
 * (graph/pod-waits-cases.ts, as testdata/pod_waits.json), so the two say the same words.
 * Static Go but for the kinds, which come from WAITING_WORKLOAD_KINDS (fixed names, not design text).
 */
import { WAITING_WORKLOAD_KINDS } from '../graph/pod-waits';
import { POD_WAIT_CASES, PROGRESSING_WAIT_CASE, WORKLOAD_WAIT_CASES } from '../graph/pod-waits-cases';
import { goString } from '../gotypes/go-text';

export function graphPodWaitsGo(): string {
  const kinds = [...WAITING_WORKLOAD_KINDS].map((k) => `${goString(k)}: true`).join(', ');
  return `package graph

import (
	"sort"
	"strings"
)

// waitingKinds are the child kinds whose pods say why they wait (a CronJob's Jobs are not its children).
var waitingKinds = map[string]bool{${kinds}}

// WaitsOnPods says whether a child of this kind says why its pods wait.
func WaitsOnPods(kind string) bool {
	return waitingKinds[kind]
}

// HasChildKind says whether a child of the design is of this kind.
func (g *Graph) HasChildKind(apiVersion, kind string) bool {
	for _, c := range g.Children {
		if c.APIVersion == apiVersion && c.Kind == kind {
			return true
		}
	}
	return false
}

// PodWaitReason says why a pod (as JSON) is not running: when Pending and not scheduled, the
// scheduler's reason and message ("Unschedulable: 0/3 nodes are available: …"); else the first
// waiting container's (init containers first: "ImagePullBackOff: …", "CrashLoopBackOff: …");
// "" when there is none (ContainerCreating and PodInitializing are the normal way to Running).
func PodWaitReason(pod map[string]any) string {
	status, _ := pod["status"].(map[string]any)
	phase, hasPhase := status["phase"].(string)
	if !hasPhase || phase == "Pending" {
		for _, c := range objects(status["conditions"]) {
			if c["type"] == "PodScheduled" {
				if c["status"] == "False" {
					reason, hasReason := c["reason"].(string)
					if !hasReason {
						reason = "Unschedulable"
					}
					message, _ := c["message"].(string)
					if why := joinedReason(reason, message); why != "" {
						return why
					}
				}
				break
			}
		}
	}
	statuses := append(objects(status["initContainerStatuses"]), objects(status["containerStatuses"])...)
	for _, s := range statuses {
		state, _ := s["state"].(map[string]any)
		waiting, _ := state["waiting"].(map[string]any)
		reason, _ := waiting["reason"].(string)
		if reason == "" {
			continue
		}
		if reason == "ContainerCreating" || reason == "PodInitializing" {
			return ""
		}
		message, _ := waiting["message"].(string)
		return joinedReason(reason, message)
	}
	return ""
}

// WorkloadWait is what the Progressing message adds for a workload child that is not ready:
// its first waiting pod by name and why ("pod kv-0: Unschedulable: …"); "" when none of its
// pods being kept says why.
func WorkloadWait(pods []map[string]any) string {
	type waiting struct{ name, why string }
	named := []waiting{}
	for _, p := range pods {
		meta, _ := p["metadata"].(map[string]any)
		if meta["deletionTimestamp"] != nil {
			continue
		}
		if why := PodWaitReason(p); why != "" {
			name, _ := meta["name"].(string)
			named = append(named, waiting{name, why})
		}
	}
	if len(named) == 0 {
		return ""
	}
	sort.SliceStable(named, func(i, j int) bool { return named[i].name < named[j].name })
	return "pod " + named[0].name + ": " + named[0].why
}

func joinedReason(reason, message string) string {
	parts := []string{}
	for _, s := range []string{reason, message} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, ": ")
}

// objects are the JSON objects of a list (anything else skipped).
func objects(value any) []map[string]any {
	list, _ := value.([]any)
	out := []map[string]any{}
	for _, v := range list {
		if o, ok := v.(map[string]any); ok {
			out = append(out, o)
		}
	}
	return out
}
`;
}

/** `internal/graph/testdata/pod_waits.json`: the studio's case table, as data. */
export function podWaitCasesJson(): string {
  const nullToEmpty = (want: string | null) => want ?? '';
  return `${JSON.stringify(
    {
      pods: POD_WAIT_CASES.map((c) => ({ name: c.name, pod: c.pod, want: nullToEmpty(c.want) })),
      workloads: WORKLOAD_WAIT_CASES.map((c) => ({ name: c.name, pods: c.pods, want: nullToEmpty(c.want) })),
      progressing: PROGRESSING_WAIT_CASE,
    },
    null,
    2,
  )}\n`;
}

/** `internal/graph/pod_waits_test.go`: the case table, run against the Go port. */
export const GRAPH_POD_WAITS_TEST_GO = `package graph

import (
	"encoding/json"
	"os"
	"testing"
)

// The studio's own cases (graph/pod-waits-cases.ts): the embedded controller runs the same table.
func TestPodWaitsAsTheStudioSaysThem(t *testing.T) {
	data, err := os.ReadFile("testdata/pod_waits.json")
	if err != nil {
		t.Fatal(err)
	}
	var table struct {
		Pods []struct {
			Name string
			Pod  map[string]any
			Want string
		}
		Workloads []struct {
			Name string
			Pods []map[string]any
			Want string
		}
		Progressing struct {
			Included []string
			Ready    []string
			Why      map[string]string
			Want     string
		}
	}
	if err := json.Unmarshal(data, &table); err != nil {
		t.Fatal(err)
	}
	if len(table.Pods) == 0 || len(table.Workloads) == 0 {
		t.Fatal("the case table is empty")
	}
	for _, c := range table.Pods {
		if got := PodWaitReason(c.Pod); got != c.Want {
			t.Errorf("%s: %q, want %q", c.Name, got, c.Want)
		}
	}
	for _, c := range table.Workloads {
		if got := WorkloadWait(c.Pods); got != c.Want {
			t.Errorf("%s: %q, want %q", c.Name, got, c.Want)
		}
	}
	// the Progressing message names why after the child that waits
	p := table.Progressing
	ready := map[string]bool{}
	for _, id := range p.Ready {
		ready[id] = true
	}
	var progressing Condition
	for _, c := range planConditions(p.Included, ready, nil, p.Why, nil) {
		if c.Type == "Progressing" {
			progressing = c
		}
	}
	if p.Want == "" || progressing.Message != p.Want {
		t.Errorf("Progressing: %q, want %q", progressing.Message, p.Want)
	}
}
`;
