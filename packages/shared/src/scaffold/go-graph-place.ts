/**
 * `internal/graph/place.go`: graph/child-namespace.ts, graph/ownership.ts's owner label and
 * graph/finalizer-cleanup.ts in Go, rule for rule (docs/design/0039): where a rendered child lives,
 * whether it takes an owner reference or the owner label and annotation, who a labelled object
 * belongs to, and which labelled children the finalizer deletes now. Static Go: no design text
 * reaches it (the declared namespaces are data, in design.json).
 */
import { OWNER_ANNOTATION, OWNER_UID_LABEL } from '../graph/ownership';
import { goString } from '../gotypes/go-text';

export const GRAPH_PLACE_GO = `package graph

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation"
)

// OwnerUIDLabel carries the uid of the custom resource that owns a child no owner reference can
// point at (a cluster-scoped child of a namespaced resource, or one in another namespace).
const OwnerUIDLabel = ${goString(OWNER_UID_LABEL)}

// OwnerAnnotation names that custom resource: "<Kind>.<group> <namespace>/<name>".
const OwnerAnnotation = ${goString(OWNER_ANNOTATION)}

var ownerAnnotationText = regexp.MustCompile(\`^([^ ]+) ([^/ ]+)/([^/ ]+)$\`)

// LabelledOwner is who the owner label and annotation say owns an object: "Kind.group", its
// namespace and name, and its uid ("" when the object carries no owner label).
func LabelledOwner(labels, annotations map[string]string) (kindGroup, namespace, name, uid string) {
	uid = labels[OwnerUIDLabel]
	if uid == "" {
		return "", "", "", ""
	}
	if m := ownerAnnotationText.FindStringSubmatch(annotations[OwnerAnnotation]); m != nil {
		return m[1], m[2], m[3], uid
	}
	return "", "", "", uid
}

// placement is where a child lives ("" for none) and whether it takes an owner reference.
type placement struct {
	namespace   string
	byReference bool
}

// place decides a rendered child's namespace and ownership: an owner reference where Kubernetes
// honours one (a cluster-scoped owner owns anything; a namespaced one what lives in its
// namespace), the owner label elsewhere; a namespaced owner's child leaves its namespace only for
// a declared one or a Namespace of the graph (created). It returns the refusal in words, or "".
func (g *Graph) place(c *Child, rendered map[string]any, o *owner, created map[string]bool) (*placement, string) {
	meta, _ := rendered["metadata"].(map[string]any)
	given := meta["namespace"]
	if given == "" {
		given = nil
	}
	clusterOwner := o.namespace == ""
	if isClusterScoped(c) {
		if given != nil {
			return nil, fmt.Sprintf("child %s: a %s is cluster-scoped, so it has no namespace; remove metadata.namespace", c.ID, c.Kind)
		}
		return &placement{byReference: clusterOwner}, ""
	}
	if given == nil {
		if clusterOwner {
			return nil, fmt.Sprintf("child %s: the custom resource is cluster-scoped, so a %s needs metadata.namespace", c.ID, c.Kind)
		}
		return &placement{namespace: o.namespace, byReference: true}, ""
	}
	ns, isString := given.(string)
	if !isString {
		text, _ := json.Marshal(given)
		return nil, fmt.Sprintf("child %s: metadata.namespace is %s, not a string", c.ID, text)
	}
	if problems := validation.IsDNS1123Label(ns); len(problems) > 0 {
		return nil, fmt.Sprintf("child %s: metadata.namespace %q is not a valid Namespace name: %s", c.ID, ns, strings.Join(problems, "; "))
	}
	if clusterOwner || ns == o.namespace {
		return &placement{namespace: ns, byReference: true}, ""
	}
	if slices.Contains(g.Namespaces, ns) || created[ns] {
		return &placement{namespace: ns}, ""
	}
	declared := "none"
	if len(g.Namespaces) > 0 {
		declared = strings.Join(g.Namespaces, ", ")
	}
	return nil, fmt.Sprintf("child %s: namespace %q is not the custom resource's, nor one the design declares (operand.namespaces: %s), nor a Namespace it creates", c.ID, ns, declared)
}

// createdNamespaces are the names of the Namespaces the graph made for this custom resource:
// its observed Namespace children.
func (g *Graph) createdNamespaces(observed map[string]map[string]any) map[string]bool {
	out := map[string]bool{}
	for _, c := range g.Children {
		if c.APIVersion != "v1" || c.Kind != "Namespace" {
			continue
		}
		meta, _ := observed[c.ID]["metadata"].(map[string]any)
		if name, ok := meta["name"].(string); ok {
			out[name] = true
		}
	}
	return out
}

// Moved are the objects of a child that the desired object no longer names: an earlier name or
// namespace of a child the plan moved (a cluster-scoped one has no namespace to compare).
func Moved(owned []map[string]any, desired map[string]any) []map[string]any {
	want, _ := desired["metadata"].(map[string]any)
	name, _ := want["name"].(string)
	namespace, _ := want["namespace"].(string)
	out := []map[string]any{}
	for _, o := range owned {
		meta, _ := o["metadata"].(map[string]any)
		n, _ := meta["name"].(string)
		ns, _ := meta["namespace"].(string)
		if n != name || (namespace != "" && ns != "" && ns != namespace) {
			out = append(out, o)
		}
	}
	return out
}

// Cleanup says which of the labelled children (the owner label's: the garbage collector never
// deletes them) the finalizer deletes now, by index, and what it waits for ("" once none is
// left). Reverse dependency order: a child goes once no child still there depends on it.
func (g *Graph) Cleanup(labelled []map[string]any, deleting func(map[string]any) bool) ([]int, string) {
	if len(labelled) == 0 {
		return nil, ""
	}
	dependsOn := map[string]map[string]bool{}
	for _, c := range g.Children {
		deps := map[string]bool{}
		for _, id := range slices.Concat(c.Reads.Include, c.Reads.Template, c.Reads.Ready) {
			deps[id] = true
		}
		dependsOn[c.ID] = deps
	}
	ids := make([]string, len(labelled))
	names := make([]string, len(labelled))
	for i, o := range labelled {
		meta, _ := o["metadata"].(map[string]any)
		labels, _ := meta["labels"].(map[string]any)
		ids[i], _ = labels["app.kubernetes.io/component"].(string)
		kind, _ := o["kind"].(string)
		if kind == "" {
			kind = "Object"
		}
		name, _ := meta["name"].(string)
		where := ""
		if ns, _ := meta["namespace"].(string); ns != "" {
			where = ns + "/"
		}
		names[i] = kind + " " + where + name
	}
	remove := []int{}
	for i, o := range labelled {
		needed := false
		for j, other := range ids {
			if ids[i] != "" && j != i && other != ids[i] && dependsOn[other][ids[i]] {
				needed = true
				break
			}
		}
		if !needed && !deleting(o) {
			remove = append(remove, i)
		}
	}
	sort.Strings(names)
	return remove, "waiting for " + strings.Join(names, ", ") + " to be deleted"
}
`;

/** `internal/graph/place_test.go`: the placements and the cleanup order, as plan-scope.test.ts checks them in the studio. */
export const GRAPH_PLACE_TEST_GO = `package graph

import (
	"strings"
	"testing"
)

func TestPlace(t *testing.T) {
	g := &Graph{Namespaces: []string{"shared"}}
	home := &owner{name: "acme", namespace: "team"}
	cluster := &owner{name: "alpha"}
	cases := []struct {
		kind, namespace string
		o               *owner
		want            placement
		refusal         string
	}{
		{"ConfigMap", "", home, placement{namespace: "team", byReference: true}, ""},
		{"ConfigMap", "shared", home, placement{namespace: "shared"}, ""},
		{"ConfigMap", "made", home, placement{namespace: "made"}, ""},
		{"ConfigMap", "kube-system", home, placement{}, "nor one the design declares (operand.namespaces: shared)"},
		{"ConfigMap", "Bad.Name", home, placement{}, "is not a valid Namespace name"},
		{"ClusterRole", "", home, placement{}, ""},
		{"ClusterRole", "team", home, placement{}, "is cluster-scoped, so it has no namespace"},
		{"ConfigMap", "", cluster, placement{}, "the custom resource is cluster-scoped"},
		{"ConfigMap", "anywhere", cluster, placement{namespace: "anywhere", byReference: true}, ""},
		{"ClusterRole", "", cluster, placement{byReference: true}, ""},
	}
	for _, c := range cases {
		apiVersion := "v1"
		if c.kind == "ClusterRole" {
			apiVersion = "rbac.authorization.k8s.io/v1"
		}
		child := &Child{ID: "child", APIVersion: apiVersion, Kind: c.kind}
		rendered := map[string]any{"metadata": map[string]any{"namespace": c.namespace}}
		got, refusal := g.place(child, rendered, c.o, map[string]bool{"made": true})
		if c.refusal != "" {
			if !strings.Contains(refusal, c.refusal) {
				t.Errorf("%s in %q: refusal %q, want one with %q", c.kind, c.namespace, refusal, c.refusal)
			}
			continue
		}
		if refusal != "" || *got != c.want {
			t.Errorf("%s in %q: %+v %q, want %+v", c.kind, c.namespace, got, refusal, c.want)
		}
	}
}

func TestMoved(t *testing.T) {
	object := func(name, namespace string) map[string]any {
		return map[string]any{"metadata": map[string]any{"name": name, "namespace": namespace}}
	}
	owned := []map[string]any{object("a", "x"), object("a", "y"), object("b", "y")}
	if got := Moved(owned, object("a", "y")); len(got) != 2 || got[0]["metadata"].(map[string]any)["namespace"] != "x" {
		t.Errorf("moved %v, want a in x and b in y", got)
	}
	if got := Moved([]map[string]any{object("r", "")}, object("r", "")); len(got) != 0 {
		t.Errorf("a cluster-scoped child in place moved: %v", got)
	}
}

func TestCleanupNamespaceLast(t *testing.T) {
	g := &Graph{Children: []Child{
		{ID: "space", APIVersion: "v1", Kind: "Namespace"},
		{ID: "inside", APIVersion: "v1", Kind: "ConfigMap", Reads: Reads{Template: []string{"space"}}},
	}}
	object := func(id, kind, name, namespace string) map[string]any {
		return map[string]any{"kind": kind, "metadata": map[string]any{
			"name": name, "namespace": namespace,
			"labels": map[string]any{"app.kubernetes.io/component": id},
		}}
	}
	labelled := []map[string]any{object("space", "Namespace", "t", ""), object("inside", "ConfigMap", "c", "t")}
	remove, waiting := g.Cleanup(labelled, func(map[string]any) bool { return false })
	if len(remove) != 1 || remove[0] != 1 {
		t.Errorf("remove %v, want [1]: the ConfigMap before its Namespace", remove)
	}
	if waiting != "waiting for ConfigMap t/c, Namespace t to be deleted" {
		t.Errorf("waiting %q", waiting)
	}
	if remove, _ := g.Cleanup(labelled[:1], func(map[string]any) bool { return false }); len(remove) != 1 {
		t.Errorf("the Namespace alone goes: %v", remove)
	}
	if _, waiting := g.Cleanup(nil, nil); waiting != "" {
		t.Errorf("nothing left: %q", waiting)
	}
}
`;
