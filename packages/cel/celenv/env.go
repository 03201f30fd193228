// Package celenv is the one CEL of Operator Studio: the API server's own environment
// (k8s.io/apiserver/pkg/cel/environment at the sandbox's Kubernetes version, with its cost
// limit per call) and the variables of a design's graph, all dynamic. The studio runs it as
// WebAssembly (the designer's worker, the embedded controller); the exported operator compiles
// this same file natively, so an expression gives the same value and the same error in all three.
package celenv

import (
	"encoding/base64"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/google/cel-go/cel"
	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/common/types/ref"
	"github.com/google/cel-go/common/types/traits"
	"github.com/google/cel-go/ext"
	"k8s.io/apimachinery/pkg/util/version"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/environment"
)

// KubernetesVersion is the compatibility version whose CEL libraries are on: the sandbox's.
var KubernetesVersion = version.MajorMinor(1, 36)

// PerCallLimit and PerReconcileLimit are the API server's figures for one expression and for
// all of a custom resource's validation rules (k8s.io/apiserver/pkg/apis/cel).
const (
	PerCallLimit      = celconfig.PerCallLimit
	PerReconcileLimit = celconfig.RuntimeCELCostBudget
)

// Compiled is one expression ready to run, and the variables it reads.
type Compiled struct {
	Program cel.Program
	Reads   []string
}

var (
	envsMu sync.Mutex
	envs   = map[string]*cel.Env{}
	progMu sync.Mutex
	progs  = map[string]*Compiled{}
)

// Env is the API server's base environment with each name declared as a dynamic variable.
func Env(vars []string) (*cel.Env, error) {
	names := append([]string(nil), vars...)
	sort.Strings(names)
	key := strings.Join(names, ",")
	envsMu.Lock()
	defer envsMu.Unlock()
	if env, ok := envs[key]; ok {
		return env, nil
	}
	opts := make([]cel.EnvOption, 0, len(names))
	for _, n := range names {
		opts = append(opts, cel.Variable(n, cel.DynType))
	}
	set, err := GraphEnvSet(environment.VersionedOptions{IntroducedVersion: version.MajorMinor(1, 0), EnvOptions: opts})
	if err != nil {
		return nil, err
	}
	env, err := set.Env(environment.StoredExpressions)
	if err != nil {
		return nil, err
	}
	envs[key] = env
	return env, nil
}

// GraphEnvSet is the API server's base environment plus what graph expressions (kro's, too)
// use beyond validation rules: cel-go's math, encoders and cel.bind; then the given options.
func GraphEnvSet(opts ...environment.VersionedOptions) (*environment.EnvSet, error) {
	ext := environment.VersionedOptions{
		IntroducedVersion: version.MajorMinor(1, 0),
		EnvOptions:        []cel.EnvOption{ext.Math(), ext.Encoders(), ext.Bindings()},
	}
	return environment.MustBaseEnvSet(KubernetesVersion).Extend(append([]environment.VersionedOptions{ext}, opts...)...)
}

// Compile checks an expression against the variables and keeps its program, once per source
// and variable set (a design's expressions rarely change between reconciles).
func Compile(source string, vars []string) (*Compiled, error) {
	if strings.TrimSpace(source) == "" {
		return nil, errors.New("the expression is empty")
	}
	env, err := Env(vars)
	if err != nil {
		return nil, err
	}
	key := fmt.Sprintf("%d:%s\x00%s", len(vars), strings.Join(vars, ","), source)
	progMu.Lock()
	if c, ok := progs[key]; ok {
		progMu.Unlock()
		return c, nil
	}
	progMu.Unlock()
	ast, iss := env.Compile(source)
	if iss != nil && iss.Err() != nil {
		return nil, errors.New(IssueText(iss.Err()))
	}
	program, err := env.Program(ast, cel.CostLimit(PerCallLimit))
	if err != nil {
		return nil, err
	}
	c := &Compiled{Program: program, Reads: FreeVariables(ast, vars)}
	progMu.Lock()
	if len(progs) > 4000 {
		progs = map[string]*Compiled{}
	}
	progs[key] = c
	progMu.Unlock()
	return c, nil
}

// IssueText is a compile error without cel-go's "ERROR: <input>:" prefix on each line.
func IssueText(err error) string {
	return strings.ReplaceAll(strings.TrimPrefix(err.Error(), "ERROR: <input>:"), "\nERROR: <input>:", "\n")
}

// Outcome is one evaluation: the value as JSON, or the error and whether it is a field not
// there (yet), and what it cost.
type Outcome struct {
	Value   any
	Err     error
	Missing bool
	Cost    uint64
}

// Eval runs a compiled expression over the variables.
func Eval(c *Compiled, vars map[string]any) Outcome {
	out, details, err := c.Program.Eval(vars)
	var cost uint64
	if details != nil && details.ActualCost() != nil {
		cost = *details.ActualCost()
	}
	if err != nil {
		msg := err.Error()
		missing := strings.HasPrefix(msg, "no such key") || strings.HasPrefix(msg, "no such attribute")
		return Outcome{Err: err, Missing: missing, Cost: cost}
	}
	value, err := ToJSON(out)
	return Outcome{Value: value, Err: err, Cost: cost}
}

// ToJSON is a CEL value as it goes into a Kubernetes object: int as a number, a timestamp as
// an RFC 3339 string, bytes as base64, a duration as its string, an empty optional as null.
func ToJSON(v ref.Val) (any, error) {
	switch x := v.(type) {
	case types.Null:
		return nil, nil
	case types.Bool:
		return bool(x), nil
	case types.Int:
		return int64(x), nil
	case types.Uint:
		return uint64(x), nil
	case types.Double:
		return float64(x), nil
	case types.String:
		return string(x), nil
	case types.Bytes:
		return base64.StdEncoding.EncodeToString([]byte(x)), nil
	case types.Timestamp:
		return x.UTC().Format("2006-01-02T15:04:05Z07:00"), nil
	case types.Duration:
		return x.Duration.String(), nil
	case *types.Err:
		return nil, x
	case *types.Optional:
		if !x.HasValue() {
			return nil, nil
		}
		return ToJSON(x.GetValue())
	case traits.Mapper:
		out := map[string]any{}
		for it := x.Iterator(); it.HasNext() == types.True; {
			k := it.Next()
			value, err := ToJSON(x.Get(k))
			if err != nil {
				return nil, err
			}
			out[fmt.Sprint(k.Value())] = value
		}
		return out, nil
	case traits.Lister:
		out := []any{}
		for it := x.Iterator(); it.HasNext() == types.True; {
			value, err := ToJSON(it.Next())
			if err != nil {
				return nil, err
			}
			out = append(out, value)
		}
		return out, nil
	}
	if native, err := v.ConvertToNative(stringType); err == nil {
		return native, nil
	}
	return nil, fmt.Errorf("a %s cannot be written into an object", v.Type().TypeName())
}
