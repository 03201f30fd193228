package check

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"sync"

	"k8s.io/kube-openapi/pkg/validation/spec"
)

// The OpenAPI components of the kinds children can be (the designer's bundled copy of the API
// server's document), defined once per process; a schema {"$ref": "#/components/schemas/X"}
// in a request names one of them and is inlined here, refs within refs too.
var (
	libMu      sync.Mutex
	components = map[string]*spec.Schema{}
	resolved   = map[string]*spec.Schema{}
)

const componentsPrefix = "#/components/schemas/"

// DefineSchemas takes {"components": {"<name>": schema, ...}}.
func DefineSchemas(raw []byte) error {
	var doc struct {
		Components map[string]*spec.Schema `json:"components"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return err
	}
	libMu.Lock()
	defer libMu.Unlock()
	for name, s := range doc.Components {
		components[componentsPrefix+name] = s
	}
	resolved = map[string]*spec.Schema{}
	envMu.Lock()
	envs = map[string]*typedEnv{} // built from the components they replace
	envMu.Unlock()
	return nil
}

// schemaOf parses a request's schema, inlining a component it names.
func schemaOf(raw json.RawMessage) (*spec.Schema, error) {
	var s spec.Schema
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, err
	}
	if ref, ok := refOf(&s); ok {
		libMu.Lock()
		defer libMu.Unlock()
		if hit, ok := resolved[ref]; ok {
			return hit, nil
		}
		out := inline(&s, map[string]bool{})
		resolved[ref] = out
		return out, nil
	}
	if bytes.Contains(raw, []byte(`"$ref"`)) {
		// a reference inside, such as a list of a kind's objects (a collection child)
		libMu.Lock()
		defer libMu.Unlock()
		return inline(&s, map[string]bool{}), nil
	}
	return &s, nil
}

// refOf is the component a schema names: directly, or wrapped in allOf as the API server
// publishes a reference that carries its own description or default.
func refOf(s *spec.Schema) (string, bool) {
	if u := s.Ref.GetURL(); u != nil {
		return s.Ref.String(), true
	}
	for i := range s.AllOf {
		if ref, ok := refOf(&s.AllOf[i]); ok {
			return ref, true
		}
	}
	return "", false
}

// inline replaces every reference with a copy of its component; a component met again inside
// itself is an open object (the type checker needs no more of it).
func inline(s *spec.Schema, seen map[string]bool) *spec.Schema {
	out := *s
	if ref, ok := refOf(s); ok {
		target, known := components[ref]
		if !known || seen[ref] {
			return &spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"object"}}}
		}
		seen[ref] = true
		defer delete(seen, ref)
		out = *target
		out.Ref = spec.Ref{}
	}
	out.AllOf = nil
	if len(out.Properties) > 0 {
		props := make(map[string]spec.Schema, len(out.Properties))
		for name, p := range out.Properties {
			props[name] = *inline(&p, seen)
		}
		out.Properties = props
	}
	if out.AdditionalProperties != nil && out.AdditionalProperties.Schema != nil {
		ap := *out.AdditionalProperties
		ap.Schema = inline(ap.Schema, seen)
		out.AdditionalProperties = &ap
	}
	if out.Items != nil && out.Items.Schema != nil {
		items := *out.Items
		items.Schema = inline(items.Schema, seen)
		out.Items = &items
	}
	return &out
}

// at walks a schema down a template path: names are properties (or map keys), numbers list items.
func at(s *spec.Schema, path []string) *spec.Schema {
	for _, step := range path {
		if s == nil {
			return nil
		}
		if _, err := strconv.Atoi(step); err == nil && s.Items != nil && s.Items.Schema != nil {
			s = s.Items.Schema
			continue
		}
		if p, ok := s.Properties[step]; ok {
			s = &p
			continue
		}
		if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
			s = s.AdditionalProperties.Schema
			continue
		}
		return nil
	}
	return s
}

func isIntOrString(s *spec.Schema) bool {
	v, ok := s.Extensions["x-kubernetes-int-or-string"].(bool)
	return ok && v || strings.HasSuffix(s.Format, "int-or-string")
}
