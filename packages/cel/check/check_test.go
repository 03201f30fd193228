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

func TestDynamicSizes(t *testing.T) {
	vars := map[string]json.RawMessage{"self": json.RawMessage(self), "service": nil}
	r := Check(Request{Source: "'http://' + service.metadata.name + '.' + service.metadata.namespace", Vars: vars, Text: true})
	if r.OverLimit || r.Error != "" {
		t.Fatalf("%+v", r)
	}
	// a double loop over a list as long as a request allows: past any useful estimate, a warning
	r = Check(Request{Source: "service.items.map(a, service.items.map(b, a + b))", Vars: vars})
	if !r.Unbounded || r.OverLimit {
		t.Fatalf("%+v", r)
	}
}

func TestComponents(t *testing.T) {
	lib := `{"components":{
	  "D":{"type":"object","properties":{"spec":{"allOf":[{"$ref":"#/components/schemas/S"}]},"status":{"type":"object","properties":{"ready":{"type":"integer"}}}}},
	  "S":{"type":"object","properties":{"replicas":{"type":"integer","format":"int32"},"port":{"type":"string","format":"int-or-string","x-kubernetes-int-or-string":true},"labels":{"type":"object","additionalProperties":{"type":"string"}}}}}}`
	if err := DefineSchemas([]byte(lib)); err != nil {
		t.Fatal(err)
	}
	d := json.RawMessage(`{"$ref":"#/components/schemas/D"}`)
	vars := map[string]json.RawMessage{"self": json.RawMessage(self), "dep": d}
	r := Check(Request{Source: "self.spec.version", Vars: vars, Expect: d, ExpectAt: []string{"spec", "replicas"}})
	if r.Mismatch != "it gives string, and the field is integer (int32)" {
		t.Fatalf("%+v", r)
	}
	for _, ok := range []string{"self.spec.version", "self.spec.replicas"} {
		r = Check(Request{Source: ok, Vars: vars, Expect: d, ExpectAt: []string{"spec", "port"}})
		if r.Mismatch != "" || r.Error != "" {
			t.Fatalf("%s %+v", ok, r)
		}
	}
	r = Check(Request{Source: "dep.status.redy", Vars: vars})
	if !strings.Contains(r.Error, "undefined field 'redy'") {
		t.Fatalf("%+v", r)
	}
	r = Check(Request{Source: "dep.spec.replicas + 1", Vars: vars, Expect: d, ExpectAt: []string{"spec", "labels", "x"}})
	if !strings.Contains(r.Mismatch, "gives int, and the field is string") {
		t.Fatalf("%+v", r)
	}
}

func TestListOfComponents(t *testing.T) {
	lib := `{"components":{"C":{"type":"object","properties":{"data":{"type":"object","additionalProperties":{"type":"string"}}}}}}`
	if err := DefineSchemas([]byte(lib)); err != nil {
		t.Fatal(err)
	}
	// a collection child, as its dependents read it: a list of the kind's objects
	list := json.RawMessage(`{"type":"array","maxItems":1000,"items":{"$ref":"#/components/schemas/C"}}`)
	vars := map[string]json.RawMessage{"cms": list}
	if r := Check(Request{Source: "cms.map(c, c.data.port).join(',')", Vars: vars}); r.Error != "" || r.Type != "string" {
		t.Fatalf("%+v", r)
	}
	if r := Check(Request{Source: "cms.map(c, c.dta)", Vars: vars}); !strings.Contains(r.Error, "undefined field 'dta'") {
		t.Fatalf("%+v", r)
	}
}

func TestRangeBoundedByMaximum(t *testing.T) {
	bounded := json.RawMessage(`{"type":"object","properties":{"spec":{"type":"object","properties":{"replicas":{"type":"integer","maximum":9}}}}}`)
	open := json.RawMessage(`{"type":"object","properties":{"spec":{"type":"object","properties":{"replicas":{"type":"integer"}}}}}`)
	src := "lists.range(self.spec.replicas).map(i, '%s-%d'.format(['p', i]))"
	if r := Check(Request{Source: src, Vars: map[string]json.RawMessage{"self": bounded}}); r.OverLimit || r.Error != "" || r.Unbounded {
		t.Fatalf("bounded: %+v", r)
	}
	if r := Check(Request{Source: src + ".size()", Vars: map[string]json.RawMessage{"self": open}}); !r.Unbounded || r.OverLimit {
		t.Fatalf("unbounded: %+v", r)
	}
	if r := Check(Request{Source: "lists.range(5).map(i, i * 2)", Vars: map[string]json.RawMessage{"self": open}}); r.OverLimit {
		t.Fatalf("literal: %+v", r)
	}
}
