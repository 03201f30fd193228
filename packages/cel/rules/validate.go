package rules

import (
	"context"
	"encoding/json"
	"errors"
	"sync"

	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/listtype"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/pruning"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/common"
	"k8s.io/apiserver/pkg/warning"

	"opstudio.local/cel/wire"
)

// Request is an object to validate against a version's schema: a create when OldObject is
// absent or null, an update (transition rules, ratcheting) when it is there.
type Request struct {
	Schema    json.RawMessage `json:"schema"`
	Object    json.RawMessage `json:"object"`
	OldObject json.RawMessage `json:"oldObject,omitempty"`
	// ByRule: also say which rule gave which error (each rule run on its own).
	ByRule bool `json:"byRule,omitempty"`
	// Stored: also give the object as the API server would store it (pruned, defaulted).
	Stored bool `json:"stored,omitempty"`
}

// Validated is what the API server answers: the field errors that refuse the object, in its
// order (Rule marks those from x-kubernetes-validations), and its warnings (a ratcheted rule
// failure is a warning, not an error).
type Validated struct {
	Errors   []Outcome     `json:"errors"`
	Warnings []string      `json:"warnings"`
	ByRule   []RuleOutcome `json:"byRule,omitempty"`
	Skipped  string        `json:"skipped,omitempty"`
	// Object is the object after pruning and defaulting, when the request asked (Stored).
	Object map[string]any `json:"object,omitempty"`
}

// Outcome is a field error and whether a validation rule gave it.
type Outcome struct {
	Problem
	Rule bool `json:"rule,omitempty"`
}

// RuleOutcome is one rule run on its own: its errors and warnings.
type RuleOutcome struct {
	Node     []string  `json:"node"`
	Index    int       `json:"index"`
	Errors   []Problem `json:"errors"`
	Warnings []string  `json:"warnings"`
}

type compiled struct {
	once   sync.Once
	schema apiservervalidation.SchemaValidator
	rules  *cel.Validator
	err    error
}

var (
	validatorsMu sync.Mutex
	validators   = map[*Schema]*compiled{}
)

// validatorsFor builds the schema validator and the rules validator once per schema, as the API
// server does when it starts serving a CRD version.
func validatorsFor(s *Schema) *compiled {
	validatorsMu.Lock()
	c, ok := validators[s]
	if !ok {
		if len(validators) >= cacheLimit {
			validators = map[*Schema]*compiled{}
		}
		c = &compiled{}
		validators[s] = c
	}
	validatorsMu.Unlock()
	c.once.Do(func() {
		c.schema, _, c.err = apiservervalidation.NewSchemaValidator(s.Props)
		c.rules = cel.NewValidator(s.Structural, true, celconfig.PerCallLimit)
	})
	return c
}

type recorder struct{ texts []string }

func (r *recorder) AddWarning(_, text string) { r.texts = append(r.texts, text) }

func decodeObject(raw json.RawMessage, what string) (map[string]any, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	v, err := wire.Decode(raw)
	if err != nil {
		return nil, errors.New(what + " is not JSON: " + err.Error())
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, errors.New(what + " must be a JSON object")
	}
	return m, nil
}

// Validate runs a create or update of a custom resource through the API server's steps: unknown
// fields pruned, defaults applied, the schema's value validations, list-type invariants, then
// (unless an error blocks them) the x-kubernetes-validations rules within the runtime budget.
func Validate(req Request) (*Validated, error) {
	s, err := LoadSchema(string(req.Schema))
	if err != nil {
		return nil, err
	}
	obj, err := decodeObject(req.Object, "the object")
	if err != nil {
		return nil, err
	}
	if obj == nil {
		return nil, errors.New("the object is missing")
	}
	old, err := decodeObject(req.OldObject, "the old object")
	if err != nil {
		return nil, err
	}
	out := &Validated{Errors: []Outcome{}, Warnings: []string{}}
	if s.StructuralErr != nil {
		out.Skipped = "the schema is not structural: " + s.StructuralErr.Error()
		return out, nil
	}
	for _, o := range []map[string]any{obj, old} {
		if o != nil {
			pruning.Prune(o, s.Structural, true)
			defaulting.PruneNonNullableNullsWithoutDefaults(o, s.Structural)
			defaulting.Default(o, s.Structural)
		}
	}
	if req.Stored {
		out.Object = obj
	}
	v := validatorsFor(s)
	if v.err != nil {
		return nil, v.err
	}
	var errs field.ErrorList
	var correlated *common.CorrelatedObject
	if old == nil {
		errs = apiservervalidation.ValidateCustomResource(nil, obj, v.schema)
		errs = append(errs, listtype.ValidateListSetsAndMaps(nil, s.Structural, obj)...)
	} else {
		correlated = common.NewCorrelatedObject(obj, old, &model.Structural{Structural: s.Structural})
		errs = apiservervalidation.ValidateCustomResourceUpdate(nil, obj, old, v.schema, apiservervalidation.WithRatcheting(correlated))
		if len(listtype.ValidateListSetsAndMaps(nil, s.Structural, old)) == 0 {
			errs = append(errs, listtype.ValidateListSetsAndMaps(nil, s.Structural, obj)...)
		}
	}
	for _, e := range errs {
		out.Errors = append(out.Errors, Outcome{Problem: problemOf(e, nil, -1)})
	}
	if v.rules == nil {
		return out, nil
	}
	if blocked := blocking(errs); blocked != nil {
		out.Errors = append(out.Errors, Outcome{Problem: problemOf(blocked, nil, -1)})
		return out, nil
	}
	ruleErrs, warnings := runRules(v.rules, s, obj, old, correlated)
	for _, e := range ruleErrs {
		out.Errors = append(out.Errors, Outcome{Problem: problemOf(e, nil, -1), Rule: true})
	}
	out.Warnings = warnings
	if req.ByRule && (len(ruleErrs) > 0 || len(warnings) > 0) {
		out.ByRule, err = byRule(req.Schema, obj, old)
	}
	return out, err
}

func runRules(v *cel.Validator, s *Schema, obj, old map[string]any, correlated *common.CorrelatedObject) (field.ErrorList, []string) {
	rec := &recorder{texts: []string{}}
	ctx := warning.WithWarningRecorder(context.Background(), rec)
	var opts []cel.Option
	var oldValue any
	if old != nil {
		oldValue = old
		if correlated == nil {
			correlated = common.NewCorrelatedObject(obj, old, &model.Structural{Structural: s.Structural})
		}
		opts = append(opts, cel.WithRatcheting(correlated))
	}
	errs, _ := v.Validate(ctx, nil, s.Structural, obj, oldValue, celconfig.RuntimeCELCostBudget, opts...)
	return errs, rec.texts
}

// blocking is the API server's rule: errors of these kinds leave the rules unchecked.
func blocking(errs field.ErrorList) *field.Error {
	for _, e := range errs {
		switch e.Type {
		case field.ErrorTypeNotSupported, field.ErrorTypeRequired, field.ErrorTypeTooLong, field.ErrorTypeTooMany, field.ErrorTypeTypeInvalid:
			return field.Invalid(nil, nil, "some validation rules were not checked because the object was invalid; correct the existing errors to complete validation")
		}
	}
	return nil
}
