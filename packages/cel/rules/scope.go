package rules

import (
	"errors"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	"k8s.io/apimachinery/pkg/util/validation/field"
	apiservercel "k8s.io/apiserver/pkg/cel"
)

// typeInfo is a node's structural schema and its CEL type, what a rule on it compiles against.
type typeInfo struct {
	schema *structuralschema.Structural
	decl   *apiservercel.DeclType
}

// scope follows the API server's CRD validation down the schema: a node's CEL type is taken from
// its parent's when an ancestor has rules (so the types agree with the root's), otherwise built
// from the node's own schema; and card is how many times the node can occur (nil: unbounded).
type scope struct {
	parent *scope
	props  *apiextensions.JSONSchemaProps
	from   func(parent *typeInfo) *typeInfo
	within bool
	card   *uint64
	info   *typeInfo
	err    error
	done   bool
}

func rootScope(p *apiextensions.JSONSchemaProps) *scope {
	one := uint64(1)
	return &scope{props: p, within: len(p.XValidations) > 0, card: &one}
}

func (s *scope) child(p *apiextensions.JSONSchemaProps, from func(*typeInfo) *typeInfo) *scope {
	c := &scope{parent: s, props: p, from: from, within: s.within || len(p.XValidations) > 0}
	if s.card != nil {
		if n := fanOut(s.props); n != nil {
			v := times(*s.card, *n)
			c.card = &v
		}
	}
	return c
}

func (s *scope) typeInfo() (*typeInfo, error) {
	if !s.within {
		return nil, nil
	}
	if s.done {
		return s.info, s.err
	}
	s.done = true
	if s.parent != nil {
		parent, err := s.parent.typeInfo()
		if err != nil {
			s.err = err
			return nil, err
		}
		if parent != nil {
			if s.info = s.from(parent); s.info != nil {
				return s.info, nil
			}
		}
	}
	s.info, s.err = convert(s.props, s.parent == nil || s.props.XEmbeddedResource)
	return s.info, s.err
}

func convert(p *apiextensions.JSONSchemaProps, isRoot bool) (*typeInfo, error) {
	ss, err := structuralschema.NewStructural(p)
	if err != nil {
		return nil, err
	}
	decl := model.SchemaDeclType(ss, isRoot)
	if decl == nil {
		return nil, errors.New("unable to convert structural schema to CEL declarations")
	}
	return &typeInfo{ss, decl}, nil
}

func property(name string) func(*typeInfo) *typeInfo {
	return func(parent *typeInfo) *typeInfo {
		if parent.schema.Properties == nil {
			return nil
		}
		child := parent.schema.Properties[name]
		escaped, ok := apiservercel.Escape(name)
		if !ok {
			return nil
		}
		f, ok := parent.decl.Fields[escaped]
		if !ok {
			return nil
		}
		return &typeInfo{&child, f.Type}
	}
}

func listItems(parent *typeInfo) *typeInfo {
	if parent.schema.Items == nil {
		return nil
	}
	return &typeInfo{parent.schema.Items, parent.decl.ElemType}
}

func mapValues(parent *typeInfo) *typeInfo {
	if parent.schema.AdditionalProperties == nil {
		return nil
	}
	return &typeInfo{parent.schema.AdditionalProperties.Structural, parent.decl.ElemType}
}

// Problem is a field error as the API server lists it: Field is its path, Type its reason
// (FieldValueInvalid …), Detail the text, Message what the API server shows for it (the value
// and the detail), Text the whole line ("path: message"). Node and Index name the rule it is
// about (Index -1: not one rule; Node null: not one node).
type Problem struct {
	Field   string   `json:"field"`
	Type    string   `json:"type"`
	Detail  string   `json:"detail"`
	Message string   `json:"message"`
	Text    string   `json:"text"`
	Node    []string `json:"node"`
	Index   int      `json:"index"`
}

func problemOf(e *field.Error, node []string, index int) Problem {
	return Problem{Field: e.Field, Type: string(e.Type), Detail: e.Detail, Message: e.ErrorBody(), Text: e.Error(), Node: node, Index: index}
}

func compileError(path *field.Path, rule apiextensions.ValidationRule, e *apiservercel.Error) *field.Error {
	if e.Type == apiservercel.ErrorTypeRequired {
		return field.Required(path, e.Detail)
	}
	return field.Invalid(path, rule, e.Detail)
}
