package check

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// The designer's bundled kind schemas: a Service's name and namespace (CEL escapes the keyword
// `namespace` as a field) are sized by ObjectMeta's bounds, so an address built from them is cheap.
func TestBundledService(t *testing.T) {
	text, err := os.ReadFile("../../shared/src/graph/kind-schemas.generated.ts")
	if err != nil {
		t.Fatal(err)
	}
	// the module is one line of JSON after `export const KIND_SCHEMAS = `
	start := strings.Index(string(text), "export const KIND_SCHEMAS = ")
	raw := []byte(strings.TrimSuffix(strings.TrimSpace(string(text[start+len("export const KIND_SCHEMAS = "):])), ";"))
	if err := DefineSchemas(raw); err != nil {
		t.Fatal(err)
	}
	svc := json.RawMessage(`{"$ref":"#/components/schemas/io.k8s.api.core.v1.Service"}`)
	r := Check(Request{Source: "'http://' + service.metadata.name + '.' + service.metadata.namespace + '.svc'", Vars: map[string]json.RawMessage{"service": svc}})
	if r.Error != "" || r.OverLimit || r.CostMax > 1000 {
		t.Fatalf("%+v", r)
	}
}
