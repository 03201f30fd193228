//go:build js && wasm

// The studio's CEL as WebAssembly: celenv's environment behind three functions on
// globalThis.opstudioCel, called synchronously from JavaScript with JSON text in and out
// (packages/cel/src/engine.ts). Contexts (the variables of one reconcile or preview) are
// decoded once and kept by number until released.
package main

import (
	"encoding/json"
	"maps"
	"strings"
	"syscall/js"

	"opstudio.local/cel/celenv"
	checkpkg "opstudio.local/cel/check"
)

var (
	contexts = map[int]map[string]any{}
	nextID   = 1
)

func answer(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(map[string]any{"error": err.Error()})
	}
	return string(b)
}

func vars(csv string) []string {
	if csv == "" {
		return nil
	}
	return strings.Split(csv, ",")
}

// compile(source, "self,db") → {"reads": [...]} | {"error": "..."}
func compile(_ js.Value, args []js.Value) any {
	c, err := celenv.Compile(args[0].String(), vars(args[1].String()))
	if err != nil {
		return answer(map[string]any{"error": err.Error()})
	}
	return answer(map[string]any{"reads": c.Reads})
}

// context('{"self": {...}, "db": {...}}'[, parent]) → id (0 and an error when the JSON is bad).
// With a parent, the new context is the parent's variables with these set over them: a
// collection's element (its iterators) without decoding the observed children again.
func context(_ js.Value, args []js.Value) any {
	v, err := celenv.DecodeJSON([]byte(args[0].String()))
	m, ok := v.(map[string]any)
	if err != nil || !ok {
		return 0
	}
	if len(args) > 1 && args[1].Type() == js.TypeNumber {
		if parent, found := contexts[args[1].Int()]; found {
			merged := maps.Clone(parent)
			maps.Copy(merged, m)
			m = merged
		}
	}
	id := nextID
	nextID++
	contexts[id] = m
	return id
}

func release(_ js.Value, args []js.Value) any {
	delete(contexts, args[0].Int())
	return nil
}

// evaluate(source, "self,db", contextId) → {"value": …, "cost": n} | {"error": "...", "missing": bool, "cost": n}
func evaluate(_ js.Value, args []js.Value) any {
	return answer(evaluateOne(args[0].String(), vars(args[1].String()), contexts[args[2].Int()]))
}

// evaluateAll('["source", …]', "self,db", contextId) → [evaluate's answer for each, in order]:
// a template's expressions in one call (crossing into WebAssembly costs more than most of them).
func evaluateAll(_ js.Value, args []js.Value) any {
	var sources []string
	if err := json.Unmarshal([]byte(args[0].String()), &sources); err != nil {
		return answer(map[string]any{"error": "the sources are not a JSON list of strings: " + err.Error()})
	}
	names, values := vars(args[1].String()), contexts[args[2].Int()]
	out := make([]map[string]any, len(sources))
	for i, source := range sources {
		out[i] = evaluateOne(source, names, values)
	}
	return answer(out)
}

func evaluateOne(source string, names []string, values map[string]any) map[string]any {
	c, err := celenv.Compile(source, names)
	if err != nil {
		return map[string]any{"error": err.Error(), "compile": true}
	}
	out := celenv.Eval(c, values)
	if out.Err != nil {
		return map[string]any{"error": out.Err.Error(), "missing": out.Missing, "cost": out.Cost}
	}
	return map[string]any{"value": out.Value, "cost": out.Cost}
}

func main() {
	js.Global().Set("opstudioCel", js.ValueOf(map[string]any{
		"compile":     js.FuncOf(compile),
		"context":     js.FuncOf(context),
		"release":     js.FuncOf(release),
		"evaluate":    js.FuncOf(evaluate),
		"evaluateAll": js.FuncOf(evaluateAll),
		"check":       js.FuncOf(check),
		"schemas":     js.FuncOf(schemas),
		"limits":      answer(map[string]any{"perCall": celenv.PerCallLimit, "perReconcile": celenv.PerReconcileLimit}),
		// x-kubernetes-validations, by the API server's own code (rules.go)
		"compileRules": js.FuncOf(compileRules),
		"validate":     js.FuncOf(validate),
		"validateAll":  js.FuncOf(validateAll),
		"ruleLimits":   ruleLimits(),
	}))
	select {}
}

// check('{"source": …, "vars": {…}, "expect": …, "text": bool}') → check.Result
func check(_ js.Value, args []js.Value) any {
	var req checkpkg.Request
	if err := json.Unmarshal([]byte(args[0].String()), &req); err != nil {
		return answer(map[string]any{"error": err.Error()})
	}
	return answer(checkpkg.Check(req))
}

// schemas('{"components": {...}}') → "" | the error: the components check requests may name
func schemas(_ js.Value, args []js.Value) any {
	if err := checkpkg.DefineSchemas([]byte(args[0].String())); err != nil {
		return err.Error()
	}
	return ""
}
