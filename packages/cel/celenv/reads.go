package celenv

import (
	"reflect"
	"sort"

	"github.com/google/cel-go/cel"
	"github.com/google/cel-go/common/ast"
)

var stringType = reflect.TypeOf("")

// FreeVariables is which of the declared variables an expression reads: a comprehension's or
// cel.bind's own variables (macros expand to comprehensions) shadow them in their scope. This is
// how the graph learns which children a child depends on.
func FreeVariables(a *cel.Ast, vars []string) []string {
	declared := map[string]bool{}
	for _, v := range vars {
		declared[v] = true
	}
	found := map[string]bool{}
	var walk func(e ast.Expr, bound map[string]bool)
	walk = func(e ast.Expr, bound map[string]bool) {
		switch e.Kind() {
		case ast.IdentKind:
			if n := e.AsIdent(); declared[n] && !bound[n] {
				found[n] = true
			}
		case ast.SelectKind:
			walk(e.AsSelect().Operand(), bound)
		case ast.CallKind:
			c := e.AsCall()
			if c.IsMemberFunction() {
				walk(c.Target(), bound)
			}
			for _, arg := range c.Args() {
				walk(arg, bound)
			}
		case ast.ListKind:
			for _, el := range e.AsList().Elements() {
				walk(el, bound)
			}
		case ast.MapKind:
			for _, en := range e.AsMap().Entries() {
				walk(en.AsMapEntry().Key(), bound)
				walk(en.AsMapEntry().Value(), bound)
			}
		case ast.StructKind:
			for _, f := range e.AsStruct().Fields() {
				walk(f.AsStructField().Value(), bound)
			}
		case ast.ComprehensionKind:
			c := e.AsComprehension()
			walk(c.IterRange(), bound)
			walk(c.AccuInit(), bound)
			inner := map[string]bool{c.IterVar(): true, c.AccuVar(): true}
			if c.HasIterVar2() {
				inner[c.IterVar2()] = true
			}
			for k := range bound {
				inner[k] = true
			}
			walk(c.LoopCondition(), inner)
			walk(c.LoopStep(), inner)
			walk(c.Result(), inner)
		}
	}
	walk(a.NativeRep().Expr(), map[string]bool{})
	out := make([]string, 0, len(found))
	for n := range found {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
