/**
 * `internal/graph/externals_test.go`: the external references and the design's own conditions in
 * Go, held to the expectations graph/externals-conditions.test.ts holds the studio's planner to,
 * on the same graph as design.json writes it. Static Go: no design text reaches it.
 */

export const GRAPH_EXTERNALS_TEST_GO = `package graph

import (
	"reflect"
	"testing"
)

// greetingGraph is graph/externals-conditions.test.ts's graph, as the studio writes it.
const greetingGraph = \`{"externals":[{"id":"defaults","path":"externalRefs[0]","apiVersion":"v1","kind":"ConfigMap","name":"\${self.spec.defaults}"},{"id":"extras","path":"externalRefs[1]","apiVersion":"v1","kind":"ConfigMap","namespace":"\${self.metadata.namespace}","selector":{"matchLabels":{"demo.example.com/greeting":"\${self.metadata.name}"},"matchExpressions":[{"key":"tier","operator":"NotIn","values":["off"]}]}}],"children":[{"id":"config","path":"resources[0]","apiVersion":"v1","kind":"ConfigMap","template":{"apiVersion":"v1","kind":"ConfigMap","data":{"greeting":"\${defaults.data.?greeting.orValue('hello')}","extras":"\${extras.map(e, e.metadata.name).join(',')}"}},"reads":{"include":[],"template":["defaults","extras"],"ready":[]}}],"status":[{"field":"extras","value":"\${size(extras)}","reads":["extras"]}],"conditions":[{"type":"Greeted","status":"\${config.data.greeting != ''}","reason":"\${self.spec.?loud.orValue(false) ? 'Loud' : 'Quiet'}","message":"\${'greets with ' + config.data.greeting}","path":"conditions[0]","reads":["config"]},{"type":"Short","status":"\${size(self.spec.defaults) < 5}","path":"conditions[1]","reads":[]}]}\`

func greeting(t *testing.T) *Graph {
	t.Helper()
	g, err := Parse(greetingGraph)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func greetingCR(spec map[string]any) map[string]any {
	return map[string]any{
		"apiVersion": "demo.example.com/v1", "kind": "Greeting",
		"metadata": map[string]any{"name": "site", "namespace": "team", "uid": "u1", "generation": int64(2)},
		"spec":     spec,
	}
}

func conditionOf(p Plan, conditionType string) Condition {
	for _, c := range p.Conditions {
		if c.Type == conditionType {
			return c
		}
	}
	return Condition{}
}

func TestAMissingExternalBlocksItsReadersAndIsNamed(t *testing.T) {
	p := greeting(t).PlanWith(greetingCR(map[string]any{"defaults": "greeting-defaults"}), nil, map[string]any{"extras": []any{}})
	if len(p.Desired) != 0 || len(p.Blocked) != 1 || !reflect.DeepEqual(p.Blocked[0].WaitingFor, []string{"defaults"}) {
		t.Fatalf("config should wait for defaults: %+v", p)
	}
	want := Condition{Type: "Ready", Status: "False", Reason: "WaitingForExternal",
		Message: "0 of 1 resource ready: waiting for config; ConfigMap team/greeting-defaults does not exist"}
	if got := conditionOf(p, "Ready"); got != want {
		t.Errorf("Ready: %+v", got)
	}
	if got := conditionOf(p, "Greeted"); got != (Condition{Type: "Greeted", Status: "Unknown", Reason: "WaitingForResources", Message: "waiting for config"}) {
		t.Errorf("Greeted: %+v", got)
	}
	if got := conditionOf(p, "Short"); got != (Condition{Type: "Short", Status: "False", Reason: "ExpressionFalse", Message: "the status expression gave false"}) {
		t.Errorf("Short: %+v", got)
	}
}

func TestExternalsReachChildrenStatusAndConditions(t *testing.T) {
	g := greeting(t)
	cm := func(name string, data map[string]any) map[string]any {
		return map[string]any{"apiVersion": "v1", "kind": "ConfigMap",
			"metadata": map[string]any{"name": name, "namespace": "team"}, "data": data}
	}
	externals := map[string]any{
		"defaults": cm("greeting-defaults", map[string]any{"greeting": "hi"}),
		"extras":   SortSelection([]map[string]any{cm("b", nil), cm("a", nil)}),
	}
	p := g.PlanWith(greetingCR(map[string]any{"defaults": "dflt"}), nil, externals)
	if len(p.Desired) != 1 || !reflect.DeepEqual(p.Desired[0].Object["data"], map[string]any{"greeting": "hi", "extras": "a,b"}) {
		t.Fatalf("config: %+v", p.Desired)
	}
	q := g.PlanWith(greetingCR(map[string]any{"defaults": "dflt", "loud": true}),
		map[string]map[string]any{"config": p.Desired[0].Object}, externals)
	if !reflect.DeepEqual(q.Status, map[string]any{"extras": int64(2)}) {
		t.Errorf("status: %+v", q.Status)
	}
	if got := conditionOf(q, "Greeted"); got != (Condition{Type: "Greeted", Status: "True", Reason: "Loud", Message: "greets with hi"}) {
		t.Errorf("Greeted: %+v", got)
	}
	types := []string{}
	for _, c := range q.Conditions {
		types = append(types, c.Type)
	}
	if !reflect.DeepEqual(types, []string{"Ready", "Available", "Progressing", "Degraded", "Greeted", "Short"}) {
		t.Errorf("conditions: %v", types)
	}
}

func TestTargetsMatchAndDescribe(t *testing.T) {
	targets := greeting(t).ResolveExternals(greetingCR(map[string]any{"defaults": "d"}))
	if len(targets) != 2 {
		t.Fatalf("targets: %+v", targets)
	}
	byName, bySelector := targets[0], targets[1]
	if byName.Namespace != "team" || byName.Name != "d" || !byName.Matches("team", "d", nil) || byName.Matches("other", "d", nil) {
		t.Errorf("by name: %+v", byName)
	}
	if !bySelector.Matches("team", "x", map[string]string{"demo.example.com/greeting": "site"}) ||
		bySelector.Matches("team", "x", map[string]string{"demo.example.com/greeting": "site", "tier": "off"}) {
		t.Errorf("by selector: %+v", bySelector)
	}
	if byName.Describe() != "ConfigMap team/d" ||
		bySelector.Describe() != "ConfigMap objects matching demo.example.com/greeting=site,tier notin (off) in team" {
		t.Errorf("descriptions: %q, %q", byName.Describe(), bySelector.Describe())
	}
}
`;
