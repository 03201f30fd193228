package check

import (
	"encoding/json"
	"testing"
)

// A design's checks share one set of variables: after the first, a check compiles and estimates only.
func BenchmarkCheckSameVars(b *testing.B) {
	vars := map[string]json.RawMessage{"self": json.RawMessage(self), "db": nil}
	for i := 0; i < b.N; i++ {
		Check(Request{Source: "self.spec.replicas + 1", Vars: vars, Expect: json.RawMessage(`{"type":"integer"}`)})
	}
}
