/**
 * `internal/graph/eval.go`: the studio's CEL environment in cel-go (self and every child id dynamic,
 * optional types, ext.Strings, cel.bind), one expression's evaluation, and CEL values as JSON
 * the way graph/evaluate.ts's fromCel writes them (int → number, timestamp → RFC 3339).
 * Static Go: no design text reaches it (the design is data, in design.json).
 */

export const GRAPH_EVAL_GO = `package graph

import (
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"

	"github.com/google/cel-go/cel"
	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/common/types/ref"
	"github.com/google/cel-go/common/types/traits"
	"github.com/google/cel-go/ext"
)

// Failure is an expression that did not evaluate; Missing when a field it reads is not there
// (yet), such as a status not reported.
type Failure struct {
	Path    string
	Message string
	Missing bool
}

// newEnv is the studio's CEL environment: self and every child id dynamic, optional types,
// the string extensions and cel.bind.
func newEnv(ids []string) (*cel.Env, error) {
	opts := []cel.EnvOption{cel.Variable("self", cel.DynType), cel.OptionalTypes(), ext.Strings(), ext.Bindings()}
	for _, id := range ids {
		opts = append(opts, cel.Variable(id, cel.DynType))
	}
	return cel.NewEnv(opts...)
}

func (g *Graph) compile(env *cel.Env, source string) error {
	if _, done := g.programs[source]; done {
		return nil
	}
	ast, issues := env.Compile(source)
	if issues != nil && issues.Err() != nil {
		return fmt.Errorf("\${%s}: %w", source, issues.Err())
	}
	program, err := env.Program(ast)
	if err != nil {
		return fmt.Errorf("\${%s}: %w", source, err)
	}
	g.programs[source] = program
	return nil
}

// evaluate runs one expression over the variables (self and the observed children).
func (g *Graph) evaluate(source string, vars map[string]any, path string) (any, *Failure) {
	program, ok := g.programs[source]
	if !ok {
		return nil, &Failure{Path: path, Message: fmt.Sprintf("\${%s}: the expression was not compiled", source)}
	}
	out, _, err := program.Eval(vars)
	if err != nil {
		message := err.Error()
		missing := strings.HasPrefix(message, "no such key") || strings.HasPrefix(message, "no such attribute")
		return nil, &Failure{Path: path, Message: fmt.Sprintf("\${%s}: %s", source, message), Missing: missing}
	}
	value, err := toJSON(out)
	if err != nil {
		return nil, &Failure{Path: path, Message: fmt.Sprintf("\${%s}: %s", source, err)}
	}
	return value, nil
}

// toJSON is a CEL value as it goes into a Kubernetes object: int as a number, a timestamp as
// an RFC 3339 string, bytes as base64, an empty optional as null.
func toJSON(v ref.Val) (any, error) {
	switch x := v.(type) {
	case types.Null:
		return nil, nil
	case types.Bool:
		return bool(x), nil
	case types.Int:
		return int64(x), nil
	case types.Uint:
		return int64(x), nil
	case types.Double:
		return float64(x), nil
	case types.String:
		return string(x), nil
	case types.Bytes:
		return base64.StdEncoding.EncodeToString([]byte(x)), nil
	case types.Timestamp:
		return x.UTC().Format("2006-01-02T15:04:05.000Z"), nil
	case types.Duration:
		return x.Duration.Milliseconds(), nil
	case *types.Optional:
		if !x.HasValue() {
			return nil, nil
		}
		return toJSON(x.GetValue())
	case traits.Mapper:
		out := map[string]any{}
		for it := x.Iterator(); it.HasNext() == types.True; {
			k := it.Next()
			value, err := toJSON(x.Get(k))
			if err != nil {
				return nil, err
			}
			out[fmt.Sprint(k.Value())] = value
		}
		return out, nil
	case traits.Lister:
		out := []any{}
		for it := x.Iterator(); it.HasNext() == types.True; {
			value, err := toJSON(it.Next())
			if err != nil {
				return nil, err
			}
			out = append(out, value)
		}
		return out, nil
	}
	return nil, fmt.Errorf("a %s cannot be written into an object", v.Type().TypeName())
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
