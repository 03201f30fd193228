/**
 * `internal/graph/eval_test.go`: the exported evaluator with the API server's CEL libraries and
 * cost limits, without a cluster: a template with lists.range, quantity, matches and format
 * renders; an expression over the per-call limit fails at its path, the rest of the plan goes on;
 * a plan whose expressions together pass the per-reconcile budget stops, naming where.
 * Static Go: no design text reaches it.
 */

export const GRAPH_EVAL_TEST_GO = `package graph

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// oneConfigMap is a graph of one ConfigMap child whose data is the given expressions.
func oneConfigMap(t *testing.T, data map[string]string) *Graph {
	t.Helper()
	text, err := json.Marshal(map[string]any{"children": []any{map[string]any{
		"id": "config", "path": "resources[0]", "apiVersion": "v1", "kind": "ConfigMap",
		"template": map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "data": data},
		"reads":    map[string]any{"include": []string{}, "template": []string{}, "ready": []string{}},
	}}})
	if err != nil {
		t.Fatal(err)
	}
	g, err := Parse(string(text))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func sample(spec map[string]any) map[string]any {
	return map[string]any{
		"apiVersion": "example.com/v1", "kind": "Sample",
		"metadata": map[string]any{"name": "web", "namespace": "default", "uid": "u-1"},
		"spec":     spec,
	}
}

func degraded(p Plan) Condition {
	for _, c := range p.Conditions {
		if c.Type == "Degraded" {
			return c
		}
	}
	return Condition{}
}

func TestTheAPIServersLibrariesInATemplate(t *testing.T) {
	g := oneConfigMap(t, map[string]string{
		"peers":  "\${lists.range(self.spec.replicas).map(i, self.metadata.name + '-' + string(i)).join(',')}",
		"memory": "\${quantity('1Gi').asInteger()} bytes",
		"valid":  "ok: \${self.spec.version.matches('^[0-9]+[.][0-9]+$') && isIP('10.0.0.1')}",
		"label":  "\${'%s-%d'.format([self.metadata.name, self.spec.replicas])}",
	})
	p := g.Plan(sample(map[string]any{"replicas": int64(3), "version": "1.36"}), nil)
	if len(p.Errors) > 0 || len(p.Desired) != 1 {
		t.Fatalf("errors %v, desired %v", p.Errors, p.Desired)
	}
	got := p.Desired[0].Object["data"].(map[string]any)
	want := map[string]any{"peers": "web-0,web-1,web-2", "memory": "1073741824 bytes", "valid": "ok: true", "label": "web-3"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("data.%s = %#v, want %#v", k, got[k], v)
		}
	}
}

func TestAnExpressionOverThePerCallLimitFailsAtItsPath(t *testing.T) {
	cubic := "\${lists.range(self.spec.n).map(i, lists.range(self.spec.n).map(j, lists.range(self.spec.n).map(k, i + j + k))).size()}"
	g := oneConfigMap(t, map[string]string{"big": cubic})
	p := g.Plan(sample(map[string]any{"n": int64(200)}), nil)
	if len(p.Errors) != 1 || p.Errors[0].Path != "resources[0].template.data.big" ||
		!strings.HasSuffix(p.Errors[0].Message, ": operation cancelled: actual cost limit exceeded") {
		t.Fatalf("errors %v", p.Errors)
	}
	if c := degraded(p); c.Status != "True" || !strings.Contains(c.Message, "resources[0].template.data.big") {
		t.Fatalf("Degraded %v", c)
	}
}

func TestAPlanOverThePerReconcileBudgetStops(t *testing.T) {
	// each costs about 650 000, under the per-call limit; 16 of them pass 10 000 000
	data := map[string]string{}
	for i := range 20 {
		data[fmt.Sprintf("k%02d", i)] = "\${string(lists.range(self.spec.n).map(i, lists.range(self.spec.n).map(j, i + j)).size())}"
	}
	p := oneConfigMap(t, data).Plan(sample(map[string]any{"n": int64(200)}), nil)
	if len(p.Errors) != 1 || len(p.Desired) != 0 {
		t.Fatalf("errors %v, desired %d", p.Errors, len(p.Desired))
	}
	f := p.Errors[0]
	want := "the CEL cost of this reconcile exceeded the limit of 10000000 (the API server's per-object budget) at " + f.Path
	if f.Path != "resources[0].template.data.k15" || f.Message != want {
		t.Fatalf("failure %+v", f)
	}
	if c := degraded(p); c.Status != "True" || !strings.Contains(c.Message, want) {
		t.Fatalf("Degraded %v", c)
	}
}
`;
