package celenv

import (
	"encoding/json"
	"flag"
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/expressions.golden.json from this run")

// The table every CEL path is held to (packages/cel/testdata): natively here (the exported
// operator compiles this package), as WebAssembly in Node (the embedded controller,
// packages/cel/src/table.test.ts) and in the designer's worker (an end-to-end test). Each row
// gives the value or an error fragment; the golden file holds the exact outcome native cel-go
// gave, and the other paths must give exactly that.
func TestTable(t *testing.T) {
	raw, err := os.ReadFile("../testdata/expressions.json")
	if err != nil {
		t.Fatal(err)
	}
	var table struct {
		Vars  map[string]any `json:"vars"`
		Cases []struct {
			Expr  string `json:"expr"`
			Value any    `json:"value"`
			Error string `json:"error"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(raw, &table); err != nil {
		t.Fatal(err)
	}
	varsJSON, _ := json.Marshal(table.Vars)
	decoded, _ := DecodeJSON(varsJSON)
	vars := decoded.(map[string]any)
	names := make([]string, 0, len(vars))
	for n := range vars {
		names = append(names, n)
	}
	sort.Strings(names)
	golden := []map[string]any{}
	for _, c := range table.Cases {
		got := map[string]any{"expr": c.Expr}
		compiled, err := Compile(c.Expr, names)
		var out Outcome
		if err != nil {
			out = Outcome{Err: err}
			got["compile"] = true
		} else {
			out = Eval(compiled, vars)
		}
		if out.Err != nil {
			got["error"] = out.Err.Error()
			if c.Error == "" || !strings.Contains(out.Err.Error(), c.Error) {
				t.Errorf("%s: error %q, want %s", c.Expr, out.Err, describe(c.Value, c.Error))
			}
		} else {
			got["value"] = out.Value
			gotJSON, _ := json.Marshal(out.Value)
			var norm any
			_ = json.Unmarshal(gotJSON, &norm)
			if c.Error != "" || !reflect.DeepEqual(norm, c.Value) {
				t.Errorf("%s: value %s, want %s", c.Expr, gotJSON, describe(c.Value, c.Error))
			}
		}
		golden = append(golden, got)
	}
	text, _ := json.MarshalIndent(golden, "", " ")
	if *update {
		if err := os.WriteFile("../testdata/expressions.golden.json", append(text, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, _ := os.ReadFile("../testdata/expressions.golden.json")
	if strings.TrimSpace(string(want)) != strings.TrimSpace(string(text)) {
		t.Errorf("native outcomes differ from testdata/expressions.golden.json: run go test ./celenv -run TestTable -update and review the diff")
	}
}

func describe(value any, err string) string {
	if err != "" {
		return "an error with " + err
	}
	b, _ := json.Marshal(value)
	return string(b)
}
