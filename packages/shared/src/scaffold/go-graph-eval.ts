/**
 * `internal/graph/eval.go`: one expression's evaluation with the project's internal/celenv — the
 * studio's own CEL environment (packages/cel/celenv, the API server's libraries and cost limit
 * per call), shipped byte for byte — and the reconcile's cost budget: one Plan's evaluations may
 * cost at most the API server's per-object figure (celenv.PerReconcileLimit), then the plan stops.
 * Static Go: no design text reaches it (the design is data, in design.json); only the module path,
 * in the import of internal/celenv.
 */
import { goString } from '../gotypes/go-text';

export function graphEvalGo(module: string): string {
  return `package graph

import (
	"fmt"
	"maps"
	"math"
	"strconv"
	"strings"

	${goString(`${module}/internal/celenv`)}
)

// Failure is an expression that did not evaluate; Missing when a field it reads is not there
// (yet), such as a status not reported.
type Failure struct {
	Path    string
	Message string
	Missing bool
	// Reason is the conditions' reason when this failure is the first (default EvaluationFailed).
	Reason string
}

// scope is one Plan's evaluations: the variables (self and the observed children) and the CEL
// cost spent so far. Once the cost passes celenv.PerReconcileLimit, spent holds the failure and
// the plan stops.
type scope struct {
	vars  map[string]any
	cost  uint64
	spent *Failure
	// extra are the names declared besides self and the child ids: a collection's iterators
	extra []string
}

// element runs fn in a scope with vars set over this one's (a collection's element), declaring
// extra; its cost counts against the same budget.
func (s *scope) element(vars map[string]any, extra []string, fn func(*scope)) {
	child := &scope{vars: maps.Clone(s.vars), cost: s.cost, spent: s.spent, extra: extra}
	maps.Copy(child.vars, vars)
	fn(child)
	s.cost, s.spent = child.cost, child.spent
}

// variables are the names an expression may read: self, every external reference and every child id.
func (g *Graph) variables() []string {
	out := []string{"self"}
	for _, x := range g.Externals {
		out = append(out, x.ID)
	}
	for _, c := range g.Children {
		out = append(out, c.ID)
	}
	return out
}

// programKey names an expression compiled with extra names declared.
func programKey(source string, extra []string) string {
	return strings.Join(extra, ",") + "\\x00" + source
}

func (g *Graph) compile(source string, extra []string) error {
	key := programKey(source, extra)
	if _, done := g.programs[key]; done {
		return nil
	}
	compiled, err := celenv.Compile(source, append(g.variables(), extra...))
	if err != nil {
		return fmt.Errorf("\${%s}: %w", source, err)
	}
	g.programs[key] = compiled
	return nil
}

// evaluate runs one expression in the scope and counts its cost against the reconcile's budget.
func (g *Graph) evaluate(source string, s *scope, path string) (any, *Failure) {
	if s.spent != nil {
		return nil, s.spent
	}
	compiled, ok := g.programs[programKey(source, s.extra)]
	if !ok {
		return nil, &Failure{Path: path, Message: fmt.Sprintf("\${%s}: the expression was not compiled", source)}
	}
	out := celenv.Eval(compiled, s.vars)
	s.cost += out.Cost
	if s.cost > celenv.PerReconcileLimit {
		s.spent = &Failure{Path: path, Message: fmt.Sprintf(
			"the CEL cost of this reconcile exceeded the limit of %d (the API server's per-object budget) at %s",
			celenv.PerReconcileLimit, path)}
		return nil, s.spent
	}
	if out.Err != nil {
		return nil, &Failure{Path: path, Message: fmt.Sprintf("\${%s}: %s", source, out.Err), Missing: out.Missing}
	}
	return objectValue(out.Value), nil
}

// objectValue is a value celenv.ToJSON wrote, with a uint64 (a CEL uint) as Kubernetes' JSON
// decoding reads the same number (int64, or float64 past its range): unstructured objects hold
// no other number types.
func objectValue(v any) any {
	switch x := v.(type) {
	case uint64:
		if x <= math.MaxInt64 {
			return int64(x)
		}
		return float64(x)
	case []any:
		for i := range x {
			x[i] = objectValue(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = objectValue(x[k])
		}
	}
	return v
}

// text is a scalar as JavaScript's String() writes it, for interpolation.
func text(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		if a := x; (a >= 1e21 || a <= -1e21) || (a != 0 && a < 1e-6 && a > -1e-6) {
			return strings.Replace(strconv.FormatFloat(x, 'g', -1, 64), "e-0", "e-", 1)
		}
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return fmt.Sprint(v)
}
`;
}
