//go:build js && wasm

package main

import (
	"encoding/json"
	"syscall/js"

	"opstudio.local/cel/rules"
)

// compileRules('{openAPIV3Schema}') → rules.Compiled | {"error": "..."}
func compileRules(_ js.Value, args []js.Value) any {
	out, err := rules.CompileRules(args[0].String())
	if err != nil {
		return answer(map[string]any{"error": err.Error()})
	}
	return answer(out)
}

// validate('{"schema": …, "object": …, "oldObject": …|null, "byRule": bool}') → rules.Validated | {"error": "..."}
func validate(_ js.Value, args []js.Value) any {
	var req rules.Request
	if err := json.Unmarshal([]byte(args[0].String()), &req); err != nil {
		return answer(map[string]any{"error": "the request is not JSON: " + err.Error()})
	}
	out, err := rules.Validate(req)
	if err != nil {
		return answer(map[string]any{"error": err.Error()})
	}
	return answer(out)
}

// validateAll('{"schema": …, "items": [{"object": …, "oldObject": …}, …], "stored": bool}') →
// [validate's answer for each item, in order]: many objects against one schema in one call, the
// schema read once (the impact before install validates every live object of a kind).
func validateAll(_ js.Value, args []js.Value) any {
	var req struct {
		Schema json.RawMessage `json:"schema"`
		Items  []struct {
			Object    json.RawMessage `json:"object"`
			OldObject json.RawMessage `json:"oldObject,omitempty"`
		} `json:"items"`
		Stored bool `json:"stored,omitempty"`
	}
	if err := json.Unmarshal([]byte(args[0].String()), &req); err != nil {
		return answer(map[string]any{"error": "the request is not JSON: " + err.Error()})
	}
	out := make([]any, len(req.Items))
	for i, item := range req.Items {
		v, err := rules.Validate(rules.Request{Schema: req.Schema, Object: item.Object, OldObject: item.OldObject, Stored: req.Stored})
		if err != nil {
			out[i] = map[string]any{"error": err.Error()}
		} else {
			out[i] = v
		}
	}
	return answer(out)
}

func ruleLimits() string {
	return answer(map[string]any{"perRule": rules.PerRuleLimit, "perCRD": rules.PerCRDLimit, "perCall": rules.PerCallLimit, "perObject": rules.PerObjectLimit}).(string)
}
