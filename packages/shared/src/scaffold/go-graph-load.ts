/**
 * `internal/graph/graph.go`: the graph's Go types, reading design.json (embedded) and compiling
 * every expression once with the project's internal/celenv (the studio's CEL, see go-graph-eval.ts).
 * Static Go: no design text reaches it (the design is data, in design.json); only the module path,
 * in the import of internal/celenv.
 */
import { goString } from '../gotypes/go-text';

export function graphLoadGo(module: string): string {
  return `// Package graph is the design's resource graph and its planner: from a custom resource and
// the children observed in the cluster, what to apply, what to prune, what waits, the status
// and the conditions. It follows the studio's planner (Operator Studio's graph/plan.ts) rule
// for rule and evaluates the design's expressions with internal/celenv: cel-go with the API
// server's own CEL environment and cost limits, the same Go the studio runs as WebAssembly.
// The graph is data (design.go), with the order and the reads the studio computed from it.
package graph

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"

	${goString(`${module}/internal/celenv`)}
)

// Reads are the ids of the other children an expression site reads.
type Reads struct {
	Include  []string
	Template []string
	Ready    []string
}

// Child is one resource of the graph: its template and the CEL that decides it.
type Child struct {
	ID          string
	Path        string
	APIVersion  string
	Kind        string
	Template    map[string]any
	IncludeWhen *string
	ReadyWhen   *string
	// Adopt takes over an existing object of the child's name that no controller owns.
	Adopt bool
	Reads Reads
	// Iterators make the child a collection: one object per element of their lists' product.
	Iterators []Iterator
	// Limit is the most objects the collection may make (0: the default, 1,000).
	Limit int
}

// Binding is one status field: its path under .status, its expression string and what it reads.
type Binding struct {
	Field string
	Value string
	Reads []string
}

// Graph holds the external references, the children in dependency order, the status bindings,
// the design's own conditions and their compiled CEL.
type Graph struct {
	Externals  []External
	Children   []Child
	Status     []Binding
	Conditions []CustomCondition
	programs   map[string]*celenv.Compiled

	// Namespaces are where, besides its own namespace, a namespaced custom resource's children may live.
	Namespaces []string
}

// designJSON is the design's graph, written by the export (design.json beside this file).
//
//go:embed design.json
var designJSON string

var (
	loadOnce sync.Once
	loaded   *Graph
	loadErr  error
)

// Design is the design's graph, parsed and compiled once.
func Design() (*Graph, error) {
	loadOnce.Do(func() { loaded, loadErr = Parse(designJSON) })
	return loaded, loadErr
}

// Parse reads a graph from its JSON form and compiles every expression in it.
func Parse(text string) (*Graph, error) {
	decoder := json.NewDecoder(bytes.NewReader([]byte(text)))
	decoder.UseNumber()
	g := &Graph{}
	if err := decoder.Decode(g); err != nil {
		return nil, fmt.Errorf("the design's graph does not parse: %w", err)
	}
	for i := range g.Children {
		g.Children[i].Template = numbers(g.Children[i].Template).(map[string]any)
	}
	g.programs = map[string]*celenv.Compiled{}
	for _, e := range g.expressions() {
		if err := g.compile(e.source, e.extra); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// site is one expression and the names it may read besides self and the child ids.
type site struct {
	source string
	extra  []string
}

func (g *Graph) expressions() []site {
	out := []site{}
	add := func(extra []string, sources ...string) {
		for _, s := range sources {
			out = append(out, site{source: s, extra: extra})
		}
	}
	for _, c := range g.Children {
		// a collection's template and readyWhen also read its iterators; its lists and includeWhen do not
		names := c.iteratorNames()
		add(names, expressionsIn(c.Template)...)
		for _, it := range c.Iterators {
			add(nil, it.Expr)
		}
		if c.IncludeWhen != nil {
			add(nil, *c.IncludeWhen)
		}
		if c.ReadyWhen != nil {
			add(names, *c.ReadyWhen)
		}
	}
	for _, b := range g.Status {
		add(nil, expressionsIn(b.Value)...)
	}
	for _, x := range g.Externals {
		for _, s := range x.sources() {
			add(nil, expressionsIn(s)...)
		}
	}
	for _, c := range g.Conditions {
		for _, s := range []*string{&c.Status, c.Reason, c.Message} {
			if s != nil {
				add(nil, expressionsIn(*s)...)
			}
		}
	}
	return out
}

func expressionsIn(value any) []string {
	out := []string{}
	switch v := value.(type) {
	case string:
		if parts, err := splitExpressions(v); err == nil {
			for _, p := range parts {
				if p.expr {
					out = append(out, p.text)
				}
			}
		}
	case []any:
		for _, x := range v {
			out = append(out, expressionsIn(x)...)
		}
	case map[string]any:
		for _, x := range v {
			out = append(out, expressionsIn(x)...)
		}
	}
	return out
}

// numbers turns JSON numbers into int64 (whole) or float64, as Kubernetes' JSON decoding does.
func numbers(value any) any {
	switch v := value.(type) {
	case json.Number:
		if i, err := v.Int64(); err == nil {
			return i
		}
		f, _ := v.Float64()
		return f
	case []any:
		for i := range v {
			v[i] = numbers(v[i])
		}
	case map[string]any:
		for k := range v {
			v[k] = numbers(v[k])
		}
	}
	return value
}
`;
}
