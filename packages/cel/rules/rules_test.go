package rules

import (
	"encoding/json"
	"strings"
	"testing"
)

const schema = `{"type":"object","properties":{"spec":{"type":"object",
 "x-kubernetes-validations":[
  {"rule":"self.replicas <= self.max","messageExpression":"'too many replicas for ' + self.name"},
  {"rule":"self.name == oldSelf.name","message":"name is immutable"}],
 "properties":{"replicas":{"type":"integer"},"max":{"type":"integer","default":5},"name":{"type":"string","maxLength":20},
  "tags":{"type":"array","maxItems":5,"items":{"type":"string","maxLength":10,"x-kubernetes-validations":[{"rule":"self.matches('^[a-z]+$')"}]}}}}}}`

func TestCompileRules(t *testing.T) {
	c, err := CompileRules(schema)
	if err != nil || len(c.Problems) != 0 || len(c.Rules) != 3 {
		t.Fatalf("%v %+v", err, c)
	}
	// the regex rule sits under a list of at most 5 items: its cost counts 5 times
	if c.Rules[0].Node[0] != ".spec" || c.Rules[0].Node[1] != ".tags" || c.Rules[0].Cardinality != 5 || c.Rules[0].Estimated != 5*c.Rules[0].Cost {
		t.Fatalf("%+v", c.Rules[0])
	}
	bad, _ := CompileRules(`{"type":"object","properties":{"spec":{"type":"object","x-kubernetes-validations":[{"rule":"self.sise > 1"}],"properties":{"size":{"type":"integer"}}}}}`)
	if len(bad.Problems) != 1 || !strings.Contains(bad.Problems[0].Detail, "undefined field 'sise'") ||
		bad.Problems[0].Field != "openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule" {
		t.Fatalf("%+v", bad.Problems)
	}
}

func TestCostOverLimit(t *testing.T) {
	c, _ := CompileRules(`{"type":"object","properties":{"spec":{"type":"object","properties":{"list":{"type":"array","items":{"type":"string"},
	 "x-kubernetes-validations":[{"rule":"self.all(a, self.all(b, self.all(c, a + b + c != '')))"}]}}}}}`)
	if len(c.Problems) == 0 || !strings.Contains(c.Problems[0].Detail, "estimated rule cost exceeds budget by factor of more than 100x") {
		t.Fatalf("%+v", c.Problems)
	}
}

func run(t *testing.T, obj, old string) *Validated {
	t.Helper()
	req := Request{Schema: json.RawMessage(schema), Object: json.RawMessage(obj), ByRule: true}
	if old != "" {
		req.OldObject = json.RawMessage(old)
	}
	v, err := Validate(req)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestValidate(t *testing.T) {
	v := run(t, `{"spec":{"replicas":7,"name":"a"}}`, "")
	if len(v.Errors) != 1 || v.Errors[0].Detail != "too many replicas for a" || v.Errors[0].Field != "spec" || !v.Errors[0].Rule {
		t.Fatalf("%+v", v)
	}
	if len(v.ByRule) != 1 || v.ByRule[0].Index != 0 {
		t.Fatalf("%+v", v.ByRule)
	}
	v = run(t, `{"spec":{"replicas":1,"name":"b"}}`, `{"spec":{"replicas":1,"name":"a"}}`)
	if len(v.Errors) != 1 || v.Errors[0].Detail != "name is immutable" {
		t.Fatalf("%+v", v)
	}
	// ratcheting: an unchanged value that fails a rule is a warning, not an error
	v = run(t, `{"spec":{"replicas":9,"name":"a","tags":["X"]}}`, `{"spec":{"replicas":9,"name":"a","tags":["X"]}}`)
	if len(v.Errors) != 0 || len(v.Warnings) != 2 {
		t.Fatalf("%+v", v)
	}
}

func TestDefaultsMeetTheRules(t *testing.T) {
	// an object default {} whose rule reads a field without has(): the API server refuses the CRD
	c, _ := CompileRules(`{"type":"object","properties":{"spec":{"type":"object","properties":{"config":{"type":"object","default":{},
	 "x-kubernetes-validations":[{"rule":"self.level > 0"}],"properties":{"level":{"type":"integer"}}}}}}}`)
	if len(c.Problems) != 1 || c.Problems[0].Field != "openAPIV3Schema.properties[spec].properties[config].default" ||
		!strings.Contains(c.Problems[0].Detail, "no such key: level") || strings.Join(c.Problems[0].Node, "") != ".spec.config" {
		t.Fatalf("%+v", c.Problems)
	}
	// with has(), or a default the rule accepts, nothing
	for _, ok := range []string{`"default":{}, "x-kubernetes-validations":[{"rule":"!has(self.level) || self.level > 0"}]`,
		`"default":{"level":2}, "x-kubernetes-validations":[{"rule":"self.level > 0"}]`} {
		c, _ := CompileRules(`{"type":"object","properties":{"spec":{"type":"object","properties":{"config":{"type":"object",` + ok + `,"properties":{"level":{"type":"integer"}}}}}}}`)
		if len(c.Problems) != 0 {
			t.Fatalf("%s: %+v", ok, c.Problems)
		}
	}
}
