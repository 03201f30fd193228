/**
 * `internal/graph/externals.go`: graph/externals.ts in Go, rule for rule and message for message
 * (docs/design/0040): what each external reference names for a custom resource (its `${…}` over
 * self), whether an object is what it names, how conditions describe it.
 * Static Go: no design text reaches it (the design is data, in design.json).
 */

export const GRAPH_EXTERNALS_GO = `package graph

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation"
)

// Requirement is one term of a label selector: In, NotIn, Exists or DoesNotExist.
type Requirement struct {
	Key      string
	Operator string
	Values   []string
}

// Selector is a label selector; in the design its values may be \${…} over self.
type Selector struct {
	MatchLabels      map[string]string
	MatchExpressions []Requirement
}

// External is an object the graph reads and never writes: one by name, or a list by selector.
type External struct {
	ID         string
	Path       string
	APIVersion string
	Kind       string
	Name       *string
	Namespace  *string
	Selector   *Selector
}

// Target is what an external reference names for one custom resource.
type Target struct {
	ID         string
	APIVersion string
	Kind       string
	// Namespace is "" for a cluster-scoped kind, or a selector over every namespace.
	Namespace string
	// Name is "" for a selector.
	Name     string
	Selector *Selector
}

func (x External) sources() []string {
	out := []string{}
	for _, s := range []*string{x.Name, x.Namespace} {
		if s != nil {
			out = append(out, *s)
		}
	}
	if x.Selector != nil {
		for _, v := range x.Selector.MatchLabels {
			out = append(out, v)
		}
		for _, e := range x.Selector.MatchExpressions {
			out = append(out, e.Values...)
		}
	}
	return out
}

// ResolveExternals is what each external reference names for the custom resource, in a scope of
// its own (the controller reads these before planning; Plan resolves them again and reports why
// one did not resolve).
func (g *Graph) ResolveExternals(cr map[string]any) []Target {
	targets, _ := g.resolveExternals(cr, &scope{vars: map[string]any{"self": cr}})
	return targets
}

func (g *Graph) resolveExternals(cr map[string]any, sc *scope) ([]Target, []Failure) {
	targets := []Target{}
	failures := []Failure{}
	meta, _ := cr["metadata"].(map[string]any)
	crNamespace, hasNamespace := meta["namespace"].(string)
	for _, x := range g.Externals {
		path := x.Path + ".metadata"
		fail := func(at, message string) {
			failures = append(failures, Failure{Path: path + "." + at, Message: message})
		}
		render := func(source, at string) (string, bool) {
			value, failure := g.evaluateString(source, sc, path+"."+at)
			if failure != nil {
				failures = append(failures, *failure)
				return "", false
			}
			if s, ok := value.(string); ok {
				return s, true
			}
			fail(at, fmt.Sprintf("gives %s, not a string", jsonText(value)))
			return "", false
		}
		t := Target{ID: x.ID, APIVersion: x.APIVersion, Kind: x.Kind}
		if !slices.Contains(clusterScoped, x.APIVersion+"/"+x.Kind) {
			if x.Namespace != nil {
				ns, ok := render(*x.Namespace, "namespace")
				if !ok {
					continue
				}
				if len(validation.IsDNS1123Label(ns)) > 0 {
					fail("namespace", fmt.Sprintf("%q is not a valid namespace: lower-case letters, digits and '-', starting and ending with a letter or digit, at most 63 characters", ns))
					continue
				}
				t.Namespace = ns
			} else if x.Name != nil {
				if !hasNamespace {
					fail("namespace", x.Kind+" is namespaced: give the namespace to read it from")
					continue
				}
				t.Namespace = crNamespace
			}
		}
		if x.Name != nil {
			name, ok := render(*x.Name, "name")
			if !ok {
				continue
			}
			if name == "" || name == "." || name == ".." || strings.ContainsAny(name, "/%") {
				fail("name", fmt.Sprintf("%q is not a valid %s name: any name but '.' or '..', without '/' or '%%'", name, x.Kind))
				continue
			}
			t.Name = name
			targets = append(targets, t)
			continue
		}
		given := x.Selector
		if given == nil {
			given = &Selector{}
		}
		if selector, ok := renderSelector(given, render, fail); ok {
			t.Selector = selector
			targets = append(targets, t)
		}
	}
	return targets, failures
}

// renderSelector evaluates a selector's values (matchLabels by sorted key, then each expression's)
// and checks each as a label value; the first failure stops it.
func renderSelector(s *Selector, render func(source, at string) (string, bool), fail func(at, message string)) (*Selector, bool) {
	label := func(source, at string) (string, bool) {
		v, ok := render(source, "selector."+at)
		if !ok {
			return "", false
		}
		if len(validation.IsValidLabelValue(v)) > 0 {
			fail("selector."+at, fmt.Sprintf("%q is not a label value: at most 63 letters, digits, '-', '_' or '.', starting and ending with a letter or digit", v))
			return "", false
		}
		return v, true
	}
	out := &Selector{}
	if s.MatchLabels != nil {
		out.MatchLabels = map[string]string{}
		keys := make([]string, 0, len(s.MatchLabels))
		for k := range s.MatchLabels {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			v, ok := label(s.MatchLabels[k], childPath("matchLabels", k))
			if !ok {
				return nil, false
			}
			out.MatchLabels[k] = v
		}
	}
	for i, e := range s.MatchExpressions {
		r := Requirement{Key: e.Key, Operator: e.Operator}
		for j, source := range e.Values {
			v, ok := label(source, fmt.Sprintf("matchExpressions[%d].values[%d]", i, j))
			if !ok {
				return nil, false
			}
			r.Values = append(r.Values, v)
		}
		out.MatchExpressions = append(out.MatchExpressions, r)
	}
	return out, true
}

// Matches says whether an object of the target's kind is what it reads: its name, or a match of
// its selector, in its namespace.
func (t Target) Matches(namespace, name string, labels map[string]string) bool {
	if t.Namespace != "" && namespace != t.Namespace {
		return false
	}
	if t.Name != "" {
		return name == t.Name
	}
	if t.Selector == nil {
		return true
	}
	for k, v := range t.Selector.MatchLabels {
		if got, ok := labels[k]; !ok || got != v {
			return false
		}
	}
	for _, e := range t.Selector.MatchExpressions {
		got, has := labels[e.Key]
		ok := false
		switch e.Operator {
		case "In":
			ok = has && slices.Contains(e.Values, got)
		case "NotIn":
			ok = !has || !slices.Contains(e.Values, got)
		case "Exists":
			ok = has
		case "DoesNotExist":
			ok = !has
		}
		if !ok {
			return false
		}
	}
	return true
}

// Describe names the target as conditions do: "ConfigMap default/x", "ConfigMap objects matching a=b in default".
func (t Target) Describe() string {
	if t.Name != "" {
		where := ""
		if t.Namespace != "" {
			where = t.Namespace + "/"
		}
		return t.Kind + " " + where + t.Name
	}
	terms := []string{}
	if t.Selector != nil {
		keys := make([]string, 0, len(t.Selector.MatchLabels))
		for k := range t.Selector.MatchLabels {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			terms = append(terms, k+"="+t.Selector.MatchLabels[k])
		}
		for _, e := range t.Selector.MatchExpressions {
			switch e.Operator {
			case "Exists":
				terms = append(terms, e.Key)
			case "DoesNotExist":
				terms = append(terms, "!"+e.Key)
			case "In":
				terms = append(terms, e.Key+" in ("+strings.Join(e.Values, ",")+")")
			default:
				terms = append(terms, e.Key+" notin ("+strings.Join(e.Values, ",")+")")
			}
		}
	}
	matching := "with any labels"
	if len(terms) > 0 {
		matching = "matching " + strings.Join(terms, ",")
	}
	where := "in every namespace"
	if t.Namespace != "" {
		where = "in " + t.Namespace
	}
	return t.Kind + " objects " + matching + " " + where
}

// SortSelection orders a selector's objects by namespace, then name, as the studio does.
func SortSelection(items []map[string]any) []any {
	key := func(o map[string]any) string {
		meta, _ := o["metadata"].(map[string]any)
		ns, _ := meta["namespace"].(string)
		name, _ := meta["name"].(string)
		return ns + "/" + name
	}
	sort.SliceStable(items, func(i, j int) bool { return key(items[i]) < key(items[j]) })
	out := make([]any, 0, len(items))
	for _, o := range items {
		out = append(out, o)
	}
	return out
}

// jsonText is a value as JSON.stringify writes a scalar.
func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
`;
