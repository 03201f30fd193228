// Package check type-checks a graph expression before anything runs, as the API server
// compiles a validation rule: each variable typed from its OpenAPI schema (the design's CRD
// schema for self, the child kind's schema for a child id, dynamic where none is known), the
// result compared with the type of the field it fills, and its worst-case cost estimated from
// the schemas' maxItems/maxLength/maxProperties with the API server's cost estimator.
package check

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"

	"github.com/google/cel-go/cel"
	"github.com/google/cel-go/checker"
	"k8s.io/apimachinery/pkg/util/version"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
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
	// Expect is the schema of the field the expression fills (null: not known), or of the
	// object it sits in when ExpectAt is the path from there.
	Expect   json.RawMessage `json:"expect,omitempty"`
	ExpectAt []string        `json:"expectAt,omitempty"`
	// Text: the expression sits inside a longer string, so it must give a scalar.
	Text bool `json:"text,omitempty"`
}

// Result is what the checker found; Error and Mismatch are empty when the expression is fine.
type Result struct {
	Error    string `json:"error,omitempty"`
	Type     string `json:"type,omitempty"`
	Mismatch string `json:"mismatch,omitempty"`
	CostMax  uint64 `json:"costMax"` // math.MaxUint64: unbounded
	// OverLimit: the estimate exceeds the per-call limit.
	OverLimit bool `json:"overLimit,omitempty"`
	// Unbounded: the estimator found no bound (a string built at run time joined, a list of
	// unknown length): nothing is known before it runs, where the per-call limit applies.
	Unbounded bool `json:"unbounded,omitempty"`
}

// typedEnv is an environment with the request's typed variables and what sizes them for the
// cost estimator. Building one (schemas to declared types, the env set extended with them) is
// most of a check's cost, and a design's expressions all share one: kept by the variables' text.
type typedEnv struct {
	env   *cel.Env
	roots sizes
}

var (
	envMu sync.Mutex
	envs  = map[string]*typedEnv{}
)

func envFor(vars map[string]json.RawMessage) (*typedEnv, error) {
	names := make([]string, 0, len(vars))
	for n := range vars {
		names = append(names, n)
	}
	sort.Strings(names)
	var key strings.Builder
	for _, n := range names {
		key.WriteString(n)
		key.WriteByte(0)
		key.Write(vars[n])
		key.WriteByte(0)
	}
	envMu.Lock()
	defer envMu.Unlock()
	if hit, ok := envs[key.String()]; ok {
		return hit, nil
	}
	var opts []cel.EnvOption
	var decls []*apiservercel.DeclType
	roots := sizes{}
	raws := map[string]*spec.Schema{}
	for _, n := range names {
		raw, err := rawSchema(vars[n])
		if err != nil {
			return nil, fmt.Errorf("the schema of %s: %v", n, err)
		}
		raws[n] = raw
		t := schemaDeclType(raw, "__"+n+"_type")
		if t == nil {
			roots[n] = nil // dynamic: as big as an object can be
			opts = append(opts, cel.Variable(n, cel.DynType))
			continue
		}
		roots[n] = t
		decls = append(decls, t)
		opts = append(opts, cel.Variable(n, t.CelType()))
	}
	opts = append(opts, cel.CostEstimatorOptions(checker.OverloadCostEstimate("lists_range", rangeEstimate(raws))))
	set, err := celenv.GraphEnvSet(environment.VersionedOptions{
		IntroducedVersion: version.MajorMinor(1, 0), EnvOptions: opts, DeclTypes: decls,
	})
	if err != nil {
		return nil, err
	}
	env, err := set.Env(environment.StoredExpressions)
	if err != nil {
		return nil, err
	}
	if len(envs) >= 16 { // a designer session's recent schemas; older ones are built again
		envs = map[string]*typedEnv{}
	}
	built := &typedEnv{env: env, roots: roots}
	envs[key.String()] = built
	return built, nil
}

// Check compiles the expression with typed variables and estimates its cost.
func Check(req Request) Result {
	typed, err := envFor(req.Vars)
	if err != nil {
		return Result{Error: err.Error()}
	}
	env := typed.env
	ast, iss := env.Compile(req.Source)
	if iss != nil && iss.Err() != nil {
		return Result{Error: celenv.IssueText(iss.Err())}
	}
	out := Result{Type: typeName(ast.OutputType())}
	est, err := env.EstimateCost(ast, &library.CostEstimator{SizeEstimator: typed.roots})
	if err == nil {
		out.CostMax = est.Max
		// an estimate this large came from a size nothing bounds (a string built at run time and
		// joined, a list of unknown length), saturated and then scaled by a cost factor: no estimate
		out.Unbounded = est.Max >= math.MaxUint64/1024
		out.OverLimit = est.Max > celenv.PerCallLimit && !out.Unbounded
	}
	out.Mismatch = mismatch(ast.OutputType(), req)
	return out
}

func rawSchema(raw json.RawMessage) (*spec.Schema, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	return schemaOf(raw)
}

func schemaDeclType(s *spec.Schema, name string) *apiservercel.DeclType {
	if s == nil {
		return nil
	}
	t := common.SchemaDeclType(&openapi.Schema{Schema: s}, false)
	if t == nil {
		return nil
	}
	return t.MaybeAssignTypeName(name)
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
	if len(req.Expect) == 0 || string(req.Expect) == "null" {
		return ""
	}
	field, err := schemaOf(req.Expect)
	if err != nil {
		return ""
	}
	field = at(field, req.ExpectAt)
	if field == nil || isIntOrString(field) && isIntOrStringResult(got) {
		return ""
	}
	want := schemaDeclType(field, "__expect_type")
	if want == nil {
		return ""
	}
	wt := want.CelType()
	if fits(wt, got) {
		return ""
	}
	return fmt.Sprintf("it gives %s, and the field is %s", typeName(got), fieldTypeName(field, wt))
}

func isIntOrStringResult(t *cel.Type) bool {
	k := t.Kind()
	return k == cel.IntType.Kind() || k == cel.UintType.Kind() || k == cel.StringType.Kind()
}

func fieldTypeName(s *spec.Schema, t *cel.Type) string {
	if isIntOrString(s) {
		return "an integer or a string"
	}
	if len(s.Type) == 0 {
		return typeName(t)
	}
	if s.Format != "" {
		return fmt.Sprintf("%s (%s)", s.Type[0], s.Format)
	}
	return s.Type[0]
}

// sizes answers the cost estimator's "how big can this be" from the schemas' bounds; a value
// read from a dynamic variable is bounded only by the largest request the API server accepts.
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
	if node == nil {
		return &checker.SizeEstimate{Min: 0, Max: dynamicSize(path[1:])}
	}
	for _, name := range path[1:] {
		switch name {
		case "@items", "@values":
			node = node.ElemType
		case "@keys":
			node = node.KeyType
		default:
			// a property named like a CEL keyword (namespace, package…) is a field escaped
			if escaped, ok := apiservercel.Escape(name); ok {
				name = escaped
			}
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

// dynamicSize bounds a value read from an object whose schema is not known: ObjectMeta's fields
// by the API server's own limits (names are DNS subdomains, label values 63 characters,
// annotations 256 KiB in all), anything else by the largest request it accepts.
func dynamicSize(path []string) uint64 {
	if len(path) == 2 && path[0] == "metadata" {
		switch path[1] {
		case "name", "generateName":
			return 253
		case "namespace":
			return 63
		case "uid":
			return 36
		case "labels", "annotations":
			return 256 * 1024
		}
	}
	if len(path) == 3 && path[0] == "metadata" && path[1] == "labels" {
		return 317 // a key: a 253-character prefix, '/', a 63-character name; values are shorter
	}
	return uint64(celconfig.MaxRequestSizeBytes)
}

// fits: a value of type got can fill a field of type want, the way the API server will take
// the JSON it becomes: numbers widen, objects and maps are both JSON objects (their fields are
// the API server's to check), lists compare element by element, dyn and optionals are unknown.
func fits(want, got *cel.Type) bool {
	wk, gk := want.Kind(), got.Kind()
	switch {
	case wk == cel.DynKind || gk == cel.DynKind || wk == cel.AnyKind || gk == cel.AnyKind:
		return true
	case gk == cel.OpaqueKind && got.String() == "optional_type":
		return true
	case wk == cel.ListKind && gk == cel.ListKind:
		return len(want.Parameters()) == 0 || len(got.Parameters()) == 0 || fits(want.Parameters()[0], got.Parameters()[0])
	case (wk == cel.StructKind || wk == cel.MapKind) && (gk == cel.StructKind || gk == cel.MapKind):
		return true
	case wk == cel.DoubleKind && (gk == cel.IntKind || gk == cel.UintKind):
		return true
	case wk == cel.IntKind && gk == cel.UintKind:
		return true
	case wk == cel.NullTypeKind || gk == cel.NullTypeKind:
		return true
	}
	return want.IsAssignableType(got)
}
