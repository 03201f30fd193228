// The native side of bench/cel.bench.ts: the same Go code the WebAssembly module runs
// (packages/cel/celenv, through a replace directive), timed natively. Reads the expressions and
// the variables as JSON on stdin; prints, for each expression, what one evaluation with its
// program cached costs (ns/op, testing.Benchmark) doing what the module's evaluate does per
// call: find the cached program, evaluate, and write the answer as JSON.
//
//	echo '{"vars": {"self": {...}}, "expressions": ["self.spec.replicas"]}' | go run .
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"testing"

	"opstudio.local/cel/celenv"
)

type input struct {
	Vars        json.RawMessage `json:"vars"`
	Expressions []string        `json:"expressions"`
}

type result struct {
	Expression string  `json:"expression"`
	NsPerOp    float64 `json:"nsPerOp"`
	Value      any     `json:"value,omitempty"`
	Error      string  `json:"error,omitempty"`
}

func main() {
	var in input
	if err := json.NewDecoder(os.Stdin).Decode(&in); err != nil {
		fail(err)
	}
	decoded, err := celenv.DecodeJSON(in.Vars)
	if err != nil {
		fail(err)
	}
	vars, ok := decoded.(map[string]any)
	if !ok {
		fail(fmt.Errorf("vars is not a JSON object"))
	}
	names := make([]string, 0, len(vars))
	for n := range vars {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]result, 0, len(in.Expressions))
	for _, src := range in.Expressions {
		if _, err := celenv.Compile(src, names); err != nil {
			out = append(out, result{Expression: src, Error: err.Error()})
			continue
		}
		once := func() celenv.Outcome {
			c, _ := celenv.Compile(src, names)
			o := celenv.Eval(c, vars)
			_, _ = json.Marshal(map[string]any{"value": o.Value, "cost": o.Cost})
			return o
		}
		first := once()
		r := testing.Benchmark(func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				once()
			}
		})
		res := result{Expression: src, NsPerOp: float64(r.T.Nanoseconds()) / float64(r.N), Value: first.Value}
		if first.Err != nil {
			res.Error = first.Err.Error()
		}
		out = append(out, res)
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}
