package check

import (
	"encoding/json"
	"strings"
	"testing"
)

const self = `{"type":"object","properties":{"spec":{"type":"object","properties":{
 "version":{"type":"string"},"replicas":{"type":"integer"},
 "items":{"type":"array","maxItems":200,"items":{"type":"string","maxLength":10}}}}}}`

func TestTypes(t *testing.T) {
	vars := map[string]json.RawMessage{"self": json.RawMessage(self), "db": nil}
	r := Check(Request{Source: "self.spec.version", Vars: vars, Expect: json.RawMessage(`{"type":"integer"}`)})
	if !strings.Contains(r.Mismatch, "gives string") || !strings.Contains(r.Mismatch, "integer") {
		t.Fatalf("%+v", r)
	}
	r = Check(Request{Source: "self.spec.replicas + 1", Vars: vars, Expect: json.RawMessage(`{"type":"integer"}`)})
	if r.Mismatch != "" || r.Error != "" || r.Type != "int" {
		t.Fatalf("%+v", r)
	}
	r = Check(Request{Source: "self.spec.nope", Vars: vars})
	if !strings.Contains(r.Error, "undefined field 'nope'") {
		t.Fatalf("%+v", r)
	}
	r = Check(Request{Source: "db.anything.goes", Vars: vars})
	if r.Error != "" {
		t.Fatalf("%+v", r)
	}
	r = Check(Request{Source: "self.spec.items.map(a, self.spec.items.map(b, self.spec.items.map(c, a + b + c))).size()", Vars: vars})
	if !r.OverLimit {
		t.Fatalf("%+v", r)
	}
	t.Logf("cubic: %+v", r)
}
