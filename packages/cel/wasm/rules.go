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

func ruleLimits() string {
	return answer(map[string]any{"perRule": rules.PerRuleLimit, "perCRD": rules.PerCRDLimit, "perCall": rules.PerCallLimit, "perObject": rules.PerObjectLimit}).(string)
}
