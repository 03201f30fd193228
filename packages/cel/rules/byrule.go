package rules

import (
	"encoding/json"
	"sort"
	"strings"
)

// The validator reports a failed rule by the value's path and its message, not by which rule it
// was; the designer wants the rule. So each rule runs again in a copy of the schema that keeps
// that rule alone (only when the whole run found something).

type ruleAt struct {
	node  []string
	index int
}

func children(m map[string]any, node []string, visit func(map[string]any, []string)) {
	if props, ok := m["properties"].(map[string]any); ok {
		names := make([]string, 0, len(props))
		for n := range props {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			if c, ok := props[n].(map[string]any); ok {
				visit(c, step(node, "."+n))
			}
		}
	}
	if c, ok := m["items"].(map[string]any); ok {
		visit(c, step(node, "[]"))
	}
	if c, ok := m["additionalProperties"].(map[string]any); ok {
		visit(c, step(node, "{}"))
	}
}

// listRules finds every rule on the schema's structural spine.
func listRules(m map[string]any, node []string, out *[]ruleAt) {
	if rules, ok := m["x-kubernetes-validations"].([]any); ok {
		for i := range rules {
			*out = append(*out, ruleAt{node, i})
		}
	}
	children(m, node, func(c map[string]any, n []string) { listRules(c, n, out) })
}

// keepOnly removes every rule but the one at keep (rules inside allOf and the like included).
func keepOnly(m map[string]any, node []string, keep ruleAt) {
	for _, k := range []string{"allOf", "anyOf", "oneOf"} {
		if list, ok := m[k].([]any); ok {
			for _, e := range list {
				if sub, ok := e.(map[string]any); ok {
					keepOnly(sub, []string{"-"}, keep)
				}
			}
		}
	}
	if not, ok := m["not"].(map[string]any); ok {
		keepOnly(not, []string{"-"}, keep)
	}
	if rules, ok := m["x-kubernetes-validations"].([]any); ok {
		if strings.Join(node, "\x00") == strings.Join(keep.node, "\x00") && keep.index < len(rules) {
			m["x-kubernetes-validations"] = []any{rules[keep.index]}
		} else {
			delete(m, "x-kubernetes-validations")
		}
	}
	children(m, node, func(c map[string]any, n []string) { keepOnly(c, n, keep) })
}

func byRule(schema json.RawMessage, obj, old map[string]any) ([]RuleOutcome, error) {
	var probe map[string]any
	if err := json.Unmarshal(schema, &probe); err != nil {
		return nil, err
	}
	var all []ruleAt
	listRules(probe, []string{}, &all)
	var out []RuleOutcome
	for _, r := range all {
		var copyOf map[string]any
		_ = json.Unmarshal(schema, &copyOf)
		keepOnly(copyOf, []string{}, r)
		text, _ := json.Marshal(copyOf)
		s, err := LoadSchema(string(text))
		if err != nil || s.Structural == nil {
			continue
		}
		v := validatorsFor(s)
		if v.rules == nil {
			continue
		}
		errs, warnings := runRules(v.rules, s, obj, old, nil)
		if len(errs) == 0 && len(warnings) == 0 {
			continue
		}
		o := RuleOutcome{Node: r.node, Index: r.index, Errors: []Problem{}, Warnings: warnings}
		for _, e := range errs {
			o.Errors = append(o.Errors, problemOf(e, r.node, r.index))
		}
		out = append(out, o)
	}
	return out, nil
}
