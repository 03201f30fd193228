package check

import (
	"math"

	"github.com/google/cel-go/checker"
	"github.com/google/cel-go/common/ast"
	"github.com/google/cel-go/common/types"
	apiservercel "k8s.io/apiserver/pkg/cel"
	"k8s.io/kube-openapi/pkg/validation/spec"
)

// rangeEstimate sizes lists.range(n) by what bounds n: a literal, or the `maximum` of the schema
// field it reads (`lists.range(self.spec.replicas)` with `maximum: 9` is at most nine items).
// cel-go's own estimate knows only literals; unbounded, it saturates and the expression is
// refused, as the API server refuses a rule it cannot bound.
func rangeEstimate(schemas map[string]*spec.Schema) checker.FunctionEstimator {
	return func(_ checker.CostEstimator, target *checker.AstNode, args []checker.AstNode) *checker.CallEstimate {
		if target != nil || len(args) != 1 {
			return nil
		}
		n := intBound(schemas, args[0])
		size := checker.SizeEstimate{Min: 0, Max: n}
		return &checker.CallEstimate{CostEstimate: checker.CostEstimate{Min: 1, Max: n}, ResultSize: &size}
	}
}

func intBound(schemas map[string]*spec.Schema, node checker.AstNode) uint64 {
	if e := node.Expr(); e.Kind() == ast.LiteralKind {
		if v, ok := e.AsLiteral().(types.Int); ok {
			return uint64(max(int64(v), 0))
		}
	}
	path := node.Path()
	if len(path) == 0 {
		return math.MaxUint64
	}
	s := schemas[path[0]]
	for _, name := range path[1:] {
		if s == nil {
			return math.MaxUint64
		}
		if plain, ok := apiservercel.Unescape(name); ok {
			name = plain
		}
		p, ok := s.Properties[name]
		if !ok {
			return math.MaxUint64
		}
		s = &p
	}
	if s == nil || s.Maximum == nil || *s.Maximum < 0 {
		return math.MaxUint64
	}
	return uint64(*s.Maximum)
}
