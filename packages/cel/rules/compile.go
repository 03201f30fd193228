package rules

import (
	"fmt"
	"sort"
	"strings"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/environment"
)

// Rule is what the API server worked out about one rule when it compiled it.
type Rule struct {
	// Node is the schema node the rule sits on: ".name" a property, "[]" the items of a list,
	// "{}" the values of a map.
	Node  []string `json:"node"`
	Index int      `json:"index"`
	// Cost is cel-go's worst-case estimate for one evaluation; Estimated multiplies it by how many
	// times the node can occur (Cardinality, from maxItems/maxProperties above it, or from the
	// request size limit where a list or map above it is unbounded). Estimated is what the
	// per-rule and per-CRD limits are checked against.
	Cost                  uint64 `json:"cost"`
	Cardinality           uint64 `json:"cardinality"`
	Estimated             uint64 `json:"estimated"`
	MessageExpressionCost uint64 `json:"messageExpressionCost,omitempty"`
	UsesOldSelf           bool   `json:"usesOldSelf,omitempty"`
}

// Compiled is a CRD version's rules as a CRD create would see them.
type Compiled struct {
	Rules    []Rule    `json:"rules"`
	Problems []Problem `json:"problems"`
	Total    uint64    `json:"total"`
	// Skipped says why no rule was compiled (the schema is not structural: the API server
	// then reports the schema and compiles nothing).
	Skipped string `json:"skipped,omitempty"`
}

// walker carries what the API server's recursive CRD validation carries down the schema.
type walker struct {
	out   *Compiled
	total total
	env   *environment.EnvSet
}

// CompileRules compiles every rule of a version's openAPIV3Schema as a CRD create does (the
// environment for new expressions at the API server's compatibility version, its per-call
// limit), checks the estimated costs against the per-rule and per-CRD limits, and runs the rules
// on every default (defaults.go).
func CompileRules(text string) (*Compiled, error) {
	s, err := LoadSchema(text)
	if err != nil {
		return nil, err
	}
	out := &Compiled{Rules: []Rule{}, Problems: []Problem{}}
	if s.StructuralErr != nil {
		out.Skipped = fmt.Sprintf("the schema is not structural: %v", s.StructuralErr)
		return out, nil
	}
	w := &walker{out: out, env: environment.MustBaseEnvSet(environment.DefaultCompatibilityVersion())}
	root := field.NewPath("openAPIV3Schema")
	w.node(s.Props, root, []string{}, nil, rootScope(s.Props))
	w.out.Problems = append(w.out.Problems, w.total.problems(root)...)
	w.defaults(s.Structural, root)
	out.Total = w.total.sum
	return out, nil
}

func (w *walker) add(errs field.ErrorList, node []string, index int) {
	for _, e := range errs {
		w.out.Problems = append(w.out.Problems, problemOf(e, node, index))
	}
}

func step(node []string, s string) []string {
	return append(append([]string(nil), node...), s)
}

// node visits one schema node: its children first, then its own rules, as the API server does.
func (w *walker) node(p *apiextensions.JSONSchemaProps, path *field.Path, node []string, noOldSelf *field.Path, sc *scope) {
	if p == nil {
		return
	}
	if p.AdditionalProperties != nil && p.AdditionalProperties.Schema != nil {
		w.node(p.AdditionalProperties.Schema, path.Child("additionalProperties"), step(node, "{}"), noOldSelf, sc.child(p.AdditionalProperties.Schema, mapValues))
	}
	names := make([]string, 0, len(p.Properties))
	for n := range p.Properties {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		child := p.Properties[n]
		forbid := noOldSelf
		if !cel.MapIsCorrelatable(p.XMapType) {
			forbid = path
		}
		w.node(&child, path.Child("properties").Key(n), step(node, "."+n), forbid, sc.child(&child, property(n)))
	}
	if p.Items != nil && p.Items.Schema != nil {
		forbid := noOldSelf
		if p.XListType == nil || *p.XListType != "map" {
			forbid = path
		}
		w.node(p.Items.Schema, path.Child("items"), step(node, "[]"), forbid, sc.child(p.Items.Schema, listItems))
	}
	if len(p.XValidations) > 0 {
		w.rules(p, path, node, noOldSelf, sc)
	}
}

func (w *walker) rules(p *apiextensions.JSONSchemaProps, path *field.Path, node []string, noOldSelf *field.Path, sc *scope) {
	// an empty rule is a schema error, and the API server compiles no rule of a node with one
	empty := false
	for i, r := range p.XValidations {
		if strings.TrimSpace(r.Rule) == "" {
			empty = true
			w.add(field.ErrorList{field.Required(path.Child("x-kubernetes-validations").Index(i).Child("rule"), "rule is not specified")}, node, i)
		}
	}
	if empty {
		return
	}
	info, err := sc.typeInfo()
	if err != nil || info == nil {
		w.add(field.ErrorList{field.InternalError(path.Child("x-kubernetes-validations"), fmt.Errorf("internal error: failed to construct type information for x-kubernetes-validations rules: %v", err))}, node, -1)
		return
	}
	results, err := cel.Compile(info.schema, info.decl, celconfig.PerCallLimit, w.env, cel.NewExpressionsEnvLoader())
	if err != nil {
		w.add(field.ErrorList{field.InternalError(path.Child("x-kubernetes-validations"), err)}, node, -1)
		return
	}
	for i, r := range results {
		at := path.Child("x-kubernetes-validations").Index(i)
		card := r.MaxCardinality
		if sc.card != nil {
			card = *sc.card
		}
		cost := times(r.MaxCost, card)
		w.out.Rules = append(w.out.Rules, Rule{Node: node, Index: i, Cost: r.MaxCost, Cardinality: card, Estimated: cost,
			MessageExpressionCost: r.MessageExpressionMaxCost, UsesOldSelf: r.UsesOldSelf})
		var errs field.ErrorList
		if cost > PerRuleLimit {
			errs = append(errs, field.Forbidden(at.Child("rule"), costMessage("estimated rule cost", cost, PerRuleLimit)))
		}
		w.total.observe(at.Child("rule"), cost, node, i)
		if r.Error != nil {
			errs = append(errs, compileError(at.Child("rule"), p.XValidations[i], r.Error))
		}
		if r.MessageExpressionError != nil {
			errs = append(errs, field.Invalid(at.Child("messageExpression"), p.XValidations[i], r.MessageExpressionError.Detail))
		} else if r.MessageExpression != nil {
			if r.MessageExpressionMaxCost > PerRuleLimit {
				errs = append(errs, field.Forbidden(at.Child("messageExpression"), costMessage("estimated messageExpression cost", r.MessageExpressionMaxCost, PerRuleLimit)))
			}
			w.total.observe(at.Child("messageExpression"), r.MessageExpressionMaxCost, node, i)
		}
		if r.UsesOldSelf && noOldSelf != nil {
			errs = append(errs, field.Invalid(at.Child("rule"), p.XValidations[i].Rule, fmt.Sprintf("oldSelf cannot be used on the uncorrelatable portion of the schema within %v", noOldSelf)))
		} else if !r.UsesOldSelf && p.XValidations[i].OptionalOldSelf != nil {
			errs = append(errs, field.Invalid(at.Child("optionalOldSelf"), *p.XValidations[i].OptionalOldSelf, "may not be set if oldSelf is not used in rule"))
		}
		w.add(errs, node, i)
	}
}
