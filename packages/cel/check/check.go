// Package check type-checks a graph expression before anything runs, as the API server
// compiles a validation rule: each variable typed from its OpenAPI schema (the design's CRD
// schema for self, the child kind's schema for a child id, dynamic where none is known), the
// result compared with the type of the field it fills, and its worst-case cost estimated from
// the schemas' maxItems/maxLength/maxProperties with the API server's cost estimator.
package check

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/google/cel-go/cel"
	"github.com/google/cel-go/checker"
	"k8s.io/apimachinery/pkg/util/version"
	apiservercel "k8s.io/apiserver/pkg/cel"
	"k8s.io/apiserver/pkg/cel/common"
	"k8s.io/apiserver/pkg/cel/environment"
	"k8s.io/apiserver/pkg/cel/library"
	"k8s.io/apiserver/pkg/cel/openapi"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"opstudio.local/cel/celenv"
)

// Request is one expression and what it is checked against.
type Request struct {
	Source string `json:"source"`
	// Vars maps each variable to its schema; null declares it dynamic.
	Vars map[string]json.RawMessage `json:"vars"`
	// Expect is the schema of the field the expression fills (null: not known).
	Expect json.RawMessage `json:"expect,omitempty"`
	// Text: the expression sits inside a longer string, so it must give a scalar.
	Text bool `json:"text,omitempty"`
}

// Result is what the checker found; Error and Mismatch are empty when the expression is fine.
type Result struct {
	Error    string `json:"error,omitempty"`
	Type     string `json:"type,omitempty"`
	Mismatch string `json:"mismatch,omitempty"`
	CostMax  uint64 `json:"costMax"`
	// OverLimit: the estimate exceeds the per-call limit.
	OverLimit bool `json:"overLimit,omitempty"`
}

// Check compiles the expression with typed variables and estimates its cost.
func Check(req Request) Result {
	names := make([]string, 0, len(req.Vars))
	for n := range req.Vars {
		names = append(names, n)
	}
	sort.Strings(names)
	var opts []cel.EnvOption
	var decls []*apiservercel.DeclType
	roots := map[string]*apiservercel.DeclType{}
	for _, n := range names {
		t, err := declType(req.Vars[n], "__"+n+"_type")
		if err != nil {
			return Result{Error: fmt.Sprintf("the schema of %s: %v", n, err)}
		}
		if t == nil {
			opts = append(opts, cel.Variable(n, cel.DynType))
			continue
		}
		roots[n] = t
		decls = append(decls, t)
		opts = append(opts, cel.Variable(n, t.CelType()))
	}
	set, err := environment.MustBaseEnvSet(celenv.KubernetesVersion).Extend(environment.VersionedOptions{
		IntroducedVersion: version.MajorMinor(1, 0), EnvOptions: opts, DeclTypes: decls,
	})
	if err != nil {
		return Result{Error: err.Error()}
	}
	env, err := set.Env(environment.StoredExpressions)
	if err != nil {
		return Result{Error: err.Error()}
	}
	ast, iss := env.Compile(req.Source)
	if iss != nil && iss.Err() != nil {
		return Result{Error: celenv.IssueText(iss.Err())}
	}
	out := Result{Type: typeName(ast.OutputType())}
	est, err := env.EstimateCost(ast, &library.CostEstimator{SizeEstimator: sizes(roots)})
	if err == nil {
		out.CostMax = est.Max
		out.OverLimit = est.Max > celenv.PerCallLimit
	}
	out.Mismatch = mismatch(ast.OutputType(), req)
	return out
}

func declType(raw json.RawMessage, name string) (*apiservercel.DeclType, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var s spec.Schema
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, err
	}
	t := common.SchemaDeclType(&openapi.Schema{Schema: &s}, false)
	if t == nil {
		return nil, nil
	}
	return t.MaybeAssignTypeName(name), nil
}

func typeName(t *cel.Type) string {
	if t == nil {
		return "dyn"
	}
	return t.String()
}

// mismatch says why the result cannot fill the field, or "".
func mismatch(got *cel.Type, req Request) string {
	if got == nil || got.Kind() == cel.DynKind || got.Kind() == cel.AnyKind {
		return ""
	}
	if req.Text {
		switch got.Kind() {
		case cel.StringType.Kind(), cel.IntType.Kind(), cel.UintType.Kind(), cel.DoubleType.Kind(), cel.BoolType.Kind():
			return ""
		}
		return fmt.Sprintf("it gives %s, and inside a longer string it must give a string, number or bool", typeName(got))
	}
	want, err := declType(req.Expect, "__expect_type")
	if err != nil || want == nil {
		return ""
	}
	wt := want.CelType()
	if wt.Kind() == cel.DynKind || wt.IsAssignableType(got) {
		return ""
	}
	// numbers: an int fills a number field; quantities and int-or-string take ints and strings
	if wt.Kind() == cel.DoubleType.Kind() && (got.Kind() == cel.IntType.Kind() || got.Kind() == cel.UintType.Kind()) {
		return ""
	}
	if got.Kind() == cel.UintType.Kind() && wt.Kind() == cel.IntType.Kind() {
		return ""
	}
	if got.Kind() == cel.OpaqueKind && got.String() == "optional_type" {
		return ""
	}
	return fmt.Sprintf("it gives %s, and the field is %s", typeName(got), fieldTypeName(req.Expect, wt))
}

func fieldTypeName(raw json.RawMessage, t *cel.Type) string {
	var s struct {
		Type   string `json:"type"`
		Format string `json:"format"`
	}
	_ = json.Unmarshal(raw, &s)
	if s.Type == "" {
		return typeName(t)
	}
	if s.Format != "" {
		return fmt.Sprintf("%s (%s)", s.Type, s.Format)
	}
	return s.Type
}

// sizes answers the cost estimator's "how big can this be" from the schemas' bounds.
type sizes map[string]*apiservercel.DeclType

func (s sizes) EstimateSize(element checker.AstNode) *checker.SizeEstimate {
	path := element.Path()
	if len(path) == 0 {
		return nil
	}
	node, ok := s[path[0]]
	if !ok {
		return nil
	}
	for _, name := range path[1:] {
		switch name {
		case "@items", "@values":
			node = node.ElemType
		case "@keys":
			node = node.KeyType
		default:
			f, ok := node.Fields[name]
			if !ok {
				return nil
			}
			node = f.Type
		}
		if node == nil {
			return nil
		}
	}
	return &checker.SizeEstimate{Min: 0, Max: uint64(node.MaxElements)}
}

func (s sizes) EstimateCallCost(string, string, *checker.AstNode, []checker.AstNode) *checker.CallEstimate {
	return nil
}
