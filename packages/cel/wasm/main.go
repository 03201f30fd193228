//go:build js && wasm

// The studio's CEL as WebAssembly: celenv's environment behind three functions on
// globalThis.opstudioCel, called synchronously from JavaScript with JSON text in and out
// (packages/cel/src/engine.ts). Contexts (the variables of one reconcile or preview) are
// decoded once and kept by number until released.
package main

import (
	"encoding/json"
	"maps"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall/js"

	"opstudio.local/cel/celenv"
	checkpkg "opstudio.local/cel/check"
	"opstudio.local/cel/wire"
)

var (
	contexts = map[int]map[string]any{}
	nextID   = 1
)

func answer(v any) any {
	if b, ok := wire.Encode(v); ok {
		return string(b)
	}
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

// context('{"self": {...}, "db": {...}}'[, parent[, "3,5"]]) → id (0 when the JSON is bad).
// With a parent, the new context is the parent's variables with these set over them: a
// collection's element (its iterators) without decoding the observed children again. The third
// argument lists contexts released since the last call (engine.ts holds releases until then:
// each call into the module costs more than the little a release does).
func context(_ js.Value, args []js.Value) any {
	if len(args) > 2 && args[2].Type() == js.TypeString {
		defer releaseAll(args[2].String())
	}
	v, err := wire.Decode([]byte(args[0].String()))
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
	if args[0].Type() == js.TypeString {
		releaseAll(args[0].String())
	} else {
		delete(contexts, args[0].Int())
	}
	return nil
}

// releaseAll("3,5") releases each context listed.
func releaseAll(ids string) {
	for ids != "" {
		id, rest, _ := strings.Cut(ids, ",")
		if n, err := strconv.Atoi(id); err == nil {
			delete(contexts, n)
		}
		ids = rest
	}
}

// evaluate(source, "self,db", contextId) → {"value": …, "cost": n} | {"error": "...", "missing": bool, "cost": n}
func evaluate(_ js.Value, args []js.Value) any {
	return answer(evaluateOne(args[0].String(), args[1].String(), contexts[args[2].Int()]))
}

// evaluateAll('["source", …]', "self,db", contextId) → [evaluate's answer for each, in order]:
// a template's expressions in one call (crossing into WebAssembly costs more than most of them).
func evaluateAll(_ js.Value, args []js.Value) any {
	var sources []string
	if err := json.Unmarshal([]byte(args[0].String()), &sources); err != nil {
		return answer(map[string]any{"error": "the sources are not a JSON list of strings: " + err.Error()})
	}
	csv, values := args[1].String(), contexts[args[2].Int()]
	out := make([]map[string]any, len(sources))
	for i, source := range sources {
		out[i] = evaluateOne(source, csv, values)
	}
	return answer(out)
}

func evaluateOne(source, csv string, values map[string]any) map[string]any {
	c, err := compiled(source, csv)
	if err != nil {
		return map[string]any{"error": err.Error(), "compile": true}
	}
	out := celenv.Eval(c, values)
	if out.Err != nil {
		return map[string]any{"error": out.Err.Error(), "missing": out.Missing, "cost": out.Cost}
	}
	return map[string]any{"value": out.Value, "cost": out.Cost}
}

// programs holds what celenv.Compile gave, by the variables as the caller lists them and the
// source: a plan evaluates the same few expressions for every resource, and celenv.Compile's own
// lookup (the variables sorted and joined, a formatted key) cost more than most evaluations.
var programs = map[string]map[string]*celenv.Compiled{}

func compiled(source, csv string) (*celenv.Compiled, error) {
	if c, ok := programs[csv][source]; ok {
		return c, nil
	}
	c, err := celenv.Compile(source, vars(csv))
	if err != nil {
		return nil, err
	}
	if programs[csv] == nil {
		if len(programs) >= 64 {
			programs = map[string]map[string]*celenv.Compiled{}
		}
		programs[csv] = map[string]*celenv.Compiled{}
	}
	if len(programs[csv]) >= 4000 {
		programs[csv] = map[string]*celenv.Compiled{}
	}
	programs[csv][source] = c
	return c, nil
}

// gcPercent: Go's collector runs on the one thread that also answers every call, and at the
// default 100 it was 15% of the impact before install's time; at 400 it was 6%, with the
// process's RSS the same (the module's memory had room) — docs/design/0051. The memory limit
// keeps a heap that would grow past it collecting as often as it must.
const (
	gcPercent   = 400
	memoryLimit = 1 << 30
)

func main() {
	debug.SetGCPercent(gcPercent)
	debug.SetMemoryLimit(memoryLimit)
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
