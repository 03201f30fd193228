/**
 * `internal/graph/collection_test.go`: the exported planner's collections without a cluster, with
 * the names and messages the studio's planner gives (graph/plan-collection.test.ts): one object
 * per element named from it, a product, the cap, a leaving element pruned alone, a dependency on
 * the collection, element keys and the hash a name is cut with.
 * Static Go: no design text reaches it.
 */

export const GRAPH_COLLECTION_TEST_GO = `package graph

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func noReads() map[string]any {
	return map[string]any{"include": []string{}, "template": []string{}, "ready": []string{}}
}

// portsGraph: a ConfigMap per element of spec.ports, and a summary that reads them all.
func portsGraph(t *testing.T, limit int) *Graph {
	t.Helper()
	ports := map[string]any{
		"id": "ports", "path": "resources[0]", "apiVersion": "v1", "kind": "ConfigMap",
		"template":  map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "data": map[string]any{"number": "\${string(port.number)}"}},
		"reads":     noReads(),
		"iterators": []any{map[string]any{"name": "port", "expr": "self.spec.ports", "path": "resources[0].forEach[0]"}},
	}
	if limit > 0 {
		ports["limit"] = limit
	}
	summary := map[string]any{
		"id": "summary", "path": "resources[1]", "apiVersion": "v1", "kind": "ConfigMap",
		"template": map[string]any{"apiVersion": "v1", "kind": "ConfigMap",
			"data": map[string]any{"names": "\${ports.map(p, p.metadata.name).join(',')}"}},
		"reads": map[string]any{"include": []string{}, "template": []string{"ports"}, "ready": []string{}},
	}
	text, err := json.Marshal(map[string]any{"children": []any{ports, summary}})
	if err != nil {
		t.Fatal(err)
	}
	g, err := Parse(string(text))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func port(name string, number int64) map[string]any {
	return map[string]any{"name": name, "number": number}
}

func namesOf(p Plan, id string) []string {
	out := []string{}
	for _, d := range p.Desired {
		if d.ID == id {
			out = append(out, objectName(d.Object))
		}
	}
	return out
}

func objectsOf(p Plan, id string) []map[string]any {
	out := []map[string]any{}
	for _, d := range p.Desired {
		if d.ID == id {
			out = append(out, d.Object)
		}
	}
	return out
}

func TestOneObjectPerElementNamedFromIt(t *testing.T) {
	g := portsGraph(t, 0)
	cr := sample(map[string]any{"ports": []any{port("http", 80), port("metrics", 9090)}})
	p := g.Plan(cr, nil)
	if got := namesOf(p, "ports"); !reflect.DeepEqual(got, []string{"web-ports-http", "web-ports-metrics"}) {
		t.Fatalf("names %v, errors %v", got, p.Errors)
	}
	labels := p.Desired[0].Object["metadata"].(map[string]any)["labels"].(map[string]any)
	if labels[ElementLabel] != "http" || labels["app.kubernetes.io/component"] != "ports" {
		t.Fatalf("labels %v", labels)
	}
	if len(p.Blocked) != 1 || p.Blocked[0].ID != "summary" {
		t.Fatalf("blocked %v", p.Blocked)
	}
	// all observed, listed in another order: the dependent reads them in the elements' order
	objects := objectsOf(p, "ports")
	lists := map[string][]map[string]any{"ports": {objects[1], objects[0]}}
	all := g.PlanAll(cr, nil, nil, lists)
	summary := objectsOf(all, "summary")
	if len(summary) != 1 || summary[0]["data"].(map[string]any)["names"] != "web-ports-http,web-ports-metrics" {
		t.Fatalf("summary %v, errors %v, blocked %v", summary, all.Errors, all.Blocked)
	}
	// metrics leaves: its object alone goes
	less := sample(map[string]any{"ports": []any{port("http", 80)}})
	after := g.PlanAll(less, nil, nil, lists)
	prune := g.Leaving(after, lists)
	if len(prune) != 1 || objectName(prune[0]) != "web-ports-metrics" {
		t.Fatalf("prune %v", prune)
	}
}

func TestOverTheLimitNothingIsAppliedOrPruned(t *testing.T) {
	g := portsGraph(t, 2)
	cr := sample(map[string]any{"ports": []any{port("a", 1), port("b", 2), port("c", 3)}})
	lists := map[string][]map[string]any{"ports": objectsOf(g.Plan(sample(map[string]any{"ports": []any{port("a", 1)}}), nil), "ports")}
	p := g.PlanAll(cr, nil, nil, lists)
	if len(namesOf(p, "ports")) != 0 || len(g.Leaving(p, lists)) != 0 {
		t.Fatalf("desired %v", p.Desired)
	}
	want := "makes 3 objects, more than the limit of 2: nothing of the collection is applied (shorten the list, or raise forEachLimit, at most 10000)"
	if len(p.Errors) != 1 || p.Errors[0].Path != "resources[0].forEach" || p.Errors[0].Message != want {
		t.Fatalf("errors %+v", p.Errors)
	}
	if c := degraded(p); c.Reason != "CollectionTooLarge" || !strings.Contains(c.Message, want) {
		t.Fatalf("Degraded %+v", c)
	}
}

func TestAProductAndARange(t *testing.T) {
	text, _ := json.Marshal(map[string]any{"children": []any{map[string]any{
		"id": "shards", "path": "resources[0]", "apiVersion": "v1", "kind": "ConfigMap",
		"template": map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "data": map[string]any{"at": "\${region + '/' + string(n)}"}},
		"reads":    noReads(),
		"iterators": []any{
			map[string]any{"name": "region", "expr": "self.spec.regions", "path": "resources[0].forEach[0]"},
			map[string]any{"name": "n", "expr": "lists.range(2)", "path": "resources[0].forEach[1]"},
		},
	}}})
	g, err := Parse(string(text))
	if err != nil {
		t.Fatal(err)
	}
	p := g.Plan(sample(map[string]any{"regions": []any{"us-east", "eu"}}), nil)
	want := []string{"web-shards-us-east-0", "web-shards-us-east-1", "web-shards-eu-0", "web-shards-eu-1"}
	if got := namesOf(p, "shards"); !reflect.DeepEqual(got, want) {
		t.Fatalf("names %v, errors %v", got, p.Errors)
	}
	if at := p.Desired[1].Object["data"].(map[string]any)["at"]; at != "us-east/1" {
		t.Fatalf("data.at %v", at)
	}
}

func TestElementKeysAndNames(t *testing.T) {
	for _, c := range []struct {
		value any
		index int
		want  string
	}{
		{"alice", 0, "alice"}, {int64(7), 0, "7"}, {map[string]any{"name": "db"}, 3, "db"},
		{map[string]any{"port": int64(1)}, 3, "3"}, {1.5, 2, "2"}, {"", 4, "4"},
	} {
		if got := elementKey(c.value, c.index); got != c.want {
			t.Errorf("elementKey(%v) = %q, want %q", c.value, got, c.want)
		}
	}
	if got := nameKey("HTTP_Port.v2", "ports"); got != "http-port-v2" {
		t.Errorf("nameKey = %q", got)
	}
	// the same hash as the studio's (graph/plan-collection.test.ts)
	if got := nameKey("!!", "ports"); got != "8cc339b7" {
		t.Errorf("nameKey(!!) = %q", got)
	}
	long := ElementName(strings.Repeat("a", 60), "ports", strings.Repeat("x", 80))
	if long != "a-92b9e111-ports-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx-67b9d905" {
		t.Errorf("ElementName = %q", long)
	}
}
`;
