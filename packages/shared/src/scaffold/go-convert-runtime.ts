/**
 * `internal/convert/convert.go`: the studio's converter (packages/shared/src/conversion/convert.ts)
 * in Go, static: the design's rules, hub and version schemas are data (rules.json, embedded), the
 * computed fields run on the project's internal/celenv (the studio's own CEL environment). The
 * api packages' ConvertTo/ConvertFrom call Objects, so the exported conversion webhook answers as
 * the studio's does: the same moves, the same CEL, the same annotation `<group>/<field>` for a
 * kept field, the result pruned to the target version's schema. Only the module path is spliced
 * in (the import of internal/celenv); no design text reaches Go source.
 */
import { goString } from '../gotypes/go-text';

export function convertRuntimeGo(module: string): string {
  return `// Package convert converts one object between this kind's versions with the design's rules
// (rules.json, docs/design/0053 of Operator Studio): a spoke goes to the hub by its rules in
// order, the hub to a spoke by the same rules backwards, spoke to spoke through the hub, and the
// result is pruned to the target version's schema as the API server prunes.
package convert

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"reflect"

	${goString(`${module}/internal/celenv`)}
)

//go:embed rules.json
var rulesJSON []byte

// Computed is one field a computed rule fills, with its CEL over the source object as self.
type Computed struct {
	Field string \`json:"field"\`
	CEL   string \`json:"cel"\`
}

// Rule is one rule of a spoke; exactly one form is set: From/To (a move), ToHub/ToSpoke
// (computed fields), Add (+ Default) or Drop. Keep carries what the other version lacks in the
// annotation <group>/<field>.
type Rule struct {
	From    string          \`json:"from,omitempty"\`
	To      string          \`json:"to,omitempty"\`
	ToHub   []Computed      \`json:"toHub,omitempty"\`
	ToSpoke []Computed      \`json:"toSpoke,omitempty"\`
	Add     string          \`json:"add,omitempty"\`
	Default json.RawMessage \`json:"default,omitempty"\`
	Drop    string          \`json:"drop,omitempty"\`
	Keep    bool            \`json:"keep,omitempty"\`
}

// Schema is what pruning and the round-trip test's generator read of a version's schema.
type Schema struct {
	Type                  string             \`json:"type,omitempty"\`
	Properties            map[string]*Schema \`json:"properties,omitempty"\`
	Required              []string           \`json:"required,omitempty"\`
	Items                 *Schema            \`json:"items,omitempty"\`
	AdditionalProperties  *Schema            \`json:"additionalProperties,omitempty"\`
	AnyAdditional         bool               \`json:"anyAdditionalProperties,omitempty"\`
	PreserveUnknownFields bool               \`json:"preserveUnknownFields,omitempty"\`
	EmbeddedResource      bool               \`json:"embeddedResource,omitempty"\`
	IntOrString           bool               \`json:"intOrString,omitempty"\`
	Enum                  []json.RawMessage  \`json:"enum,omitempty"\`
	Minimum               *float64           \`json:"minimum,omitempty"\`
	Maximum               *float64           \`json:"maximum,omitempty"\`
	MinLength             *int               \`json:"minLength,omitempty"\`
	MaxLength             *int               \`json:"maxLength,omitempty"\`
	MinItems              *int               \`json:"minItems,omitempty"\`
	MaxItems              *int               \`json:"maxItems,omitempty"\`
}

// Plan is rules.json: the API group, the hub (the storage version), each spoke's rules and
// each version's schema (nil: not pruned).
type Plan struct {
	Group   string             \`json:"group"\`
	Hub     string             \`json:"hub"\`
	Spokes  map[string][]Rule  \`json:"spokes"\`
	Schemas map[string]*Schema \`json:"schemas"\`
}

// Rules is the design's conversion, as embedded.
var Rules = func() *Plan {
	var p Plan
	if err := json.Unmarshal(rulesJSON, &p); err != nil {
		panic(fmt.Sprintf("internal/convert/rules.json: %v", err))
	}
	return &p
}()

// Objects converts a typed object (src, at version from) into dst (at version to) through JSON,
// as the API server sends and reads them; ConvertTo and ConvertFrom call it.
func Objects(src, dst any, from, to string) error {
	data, err := json.Marshal(src)
	if err != nil {
		return err
	}
	decoded, err := celenv.DecodeJSON(data)
	if err != nil {
		return err
	}
	obj, ok := decoded.(map[string]any)
	if !ok {
		return fmt.Errorf("a %s object is not a JSON object", from)
	}
	out, err := Convert(obj, from, to)
	if err != nil {
		return err
	}
	if data, err = json.Marshal(out); err != nil {
		return err
	}
	target := reflect.ValueOf(dst)
	if target.Kind() != reflect.Pointer || target.IsNil() {
		return fmt.Errorf("the %s object to fill is not a pointer", to)
	}
	target.Elem().Set(reflect.Zero(target.Elem().Type()))
	return json.Unmarshal(data, dst)
}

// Convert is one object from one version to another, pruned to the target version's schema.
func Convert(obj map[string]any, from, to string) (map[string]any, error) {
	p := Rules
	for _, v := range []string{from, to} {
		if _, ok := p.Schemas[v]; !ok {
			return nil, fmt.Errorf("%s is not a version of this kind", v)
		}
	}
	out := clone(obj).(map[string]any)
	var err error
	if from != p.Hub {
		if out, err = p.toHub(out, from); err != nil {
			return nil, err
		}
	}
	if to != p.Hub {
		if out, err = p.toSpoke(out, to); err != nil {
			return nil, err
		}
	}
	out["apiVersion"] = p.Group + "/" + to
	if s := p.Schemas[to]; s != nil {
		return prune(out, s, true).(map[string]any), nil
	}
	return out, nil
}

func (p *Plan) annotation(field string) string { return p.Group + "/" + field }

func (p *Plan) toHub(src map[string]any, spoke string) (map[string]any, error) {
	out := clone(src).(map[string]any)
	for i, r := range p.Spokes[spoke] {
		switch {
		case r.From != "" && r.To != "":
			move(out, r.From, r.To)
		case r.ToHub != nil:
			if err := computed(out, src, r.ToHub, r.ToSpoke, fmt.Sprintf("%s rules[%d]", spoke, i)); err != nil {
				return nil, err
			}
		case r.Add != "":
			kept, found, err := takeAnnotation(out, p.annotation(r.Add), r.Keep)
			if err != nil {
				return nil, err
			}
			if found {
				setPath(out, r.Add, kept)
			} else if _, there := getPath(out, r.Add); !there && r.Default != nil && parentThere(out, r.Add) {
				// defaulted as the API server defaults: only inside an object that is there
				v, err := celenv.DecodeJSON(r.Default)
				if err != nil {
					return nil, err
				}
				setPath(out, r.Add, v)
			}
		case r.Drop != "":
			if v, there := deletePath(out, r.Drop); there && r.Keep {
				putAnnotation(out, p.annotation(r.Drop), v)
			}
		}
	}
	return out, nil
}

func (p *Plan) toSpoke(src map[string]any, spoke string) (map[string]any, error) {
	out := clone(src).(map[string]any)
	rules := p.Spokes[spoke]
	for i := len(rules) - 1; i >= 0; i-- {
		r := rules[i]
		switch {
		case r.From != "" && r.To != "":
			move(out, r.To, r.From)
		case r.ToSpoke != nil:
			if err := computed(out, src, r.ToSpoke, r.ToHub, fmt.Sprintf("%s rules[%d]", spoke, i)); err != nil {
				return nil, err
			}
		case r.Add != "":
			// the default needs no annotation: the way back puts it there again
			def := "null"
			if r.Default != nil {
				v, err := celenv.DecodeJSON(r.Default)
				if err != nil {
					return nil, err
				}
				def = jsonText(v)
			}
			if v, there := deletePath(out, r.Add); there && r.Keep && jsonText(v) != def {
				putAnnotation(out, p.annotation(r.Add), v)
			}
		case r.Drop != "":
			kept, found, err := takeAnnotation(out, p.annotation(r.Drop), r.Keep)
			if err != nil {
				return nil, err
			}
			if found {
				setPath(out, r.Drop, kept)
			}
		}
	}
	return out, nil
}

func move(out map[string]any, from, to string) {
	if v, there := deletePath(out, from); there {
		setPath(out, to, v)
	}
}

// computed fills each target field from its expression over the source object; a field the
// expression reads and the object lacks, or a null or optional.none() result, leaves it unset.
func computed(out, src map[string]any, fills, owned []Computed, where string) error {
	type value struct {
		field string
		v     any
	}
	var values []value
	for _, c := range fills {
		compiled, err := celenv.Compile(c.CEL, []string{"self"})
		if err != nil {
			return fmt.Errorf("%s (%s): %s", where, c.Field, err)
		}
		o := celenv.Eval(compiled, map[string]any{"self": src})
		if o.Err != nil {
			if o.Missing {
				continue
			}
			return fmt.Errorf("%s (%s): %s", where, c.Field, o.Err)
		}
		values = append(values, value{c.Field, objectValue(o.Value)})
	}
	for _, c := range owned {
		deletePath(out, c.Field)
	}
	for _, v := range values {
		if v.v != nil {
			setPath(out, v.field, v.v)
		}
	}
	return nil
}

// objectValue is a CEL result as Kubernetes' JSON decoding holds it: a uint as int64 (float64
// past its range).
func objectValue(v any) any {
	switch x := v.(type) {
	case uint64:
		if x <= math.MaxInt64 {
			return int64(x)
		}
		return float64(x)
	case []any:
		for i := range x {
			x[i] = objectValue(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = objectValue(x[k])
		}
	}
	return v
}

func takeAnnotation(obj map[string]any, key string, wanted bool) (any, bool, error) {
	a := annotations(obj)
	text, ok := a[key].(string)
	if !ok {
		return nil, false, nil
	}
	delete(a, key)
	if len(a) == 0 {
		delete(obj["metadata"].(map[string]any), "annotations")
	}
	if !wanted {
		return nil, false, nil
	}
	v, err := celenv.DecodeJSON([]byte(text))
	if err != nil {
		return nil, false, fmt.Errorf("the annotation %s does not hold JSON", key)
	}
	return v, true, nil
}
`;
}
