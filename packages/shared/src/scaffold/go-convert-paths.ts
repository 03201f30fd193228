/**
 * `internal/convert/paths.go`: the field paths, annotations and pruning of the export's converter,
 * as packages/shared/src/conversion/convert.ts and prune.ts have them (go-convert-runtime.ts holds
 * the rules' order and the CEL). Static Go.
 */
export const CONVERT_PATHS_GO = `package convert

import (
	"bytes"
	"encoding/json"
	"strings"
)

func annotations(obj map[string]any) map[string]any {
	meta, _ := obj["metadata"].(map[string]any)
	a, _ := meta["annotations"].(map[string]any)
	return a
}

func putAnnotation(obj map[string]any, key string, v any) {
	meta, ok := obj["metadata"].(map[string]any)
	if !ok {
		meta = map[string]any{}
		obj["metadata"] = meta
	}
	a := map[string]any{}
	for k, x := range annotations(obj) {
		a[k] = x
	}
	a[key] = jsonText(v)
	meta["annotations"] = a
}

// jsonText is a value as the studio writes it in an annotation: compact JSON, no HTML escaping.
func jsonText(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "null"
	}
	return strings.TrimSuffix(b.String(), "\\n")
}

func parentThere(obj map[string]any, path string) bool {
	i := strings.LastIndex(path, ".")
	if i < 0 {
		return true
	}
	v, _ := getPath(obj, path[:i])
	_, ok := v.(map[string]any)
	return ok
}

func getPath(obj any, path string) (any, bool) {
	at := obj
	for _, part := range strings.Split(path, ".") {
		m, ok := at.(map[string]any)
		if !ok {
			return nil, false
		}
		if at, ok = m[part]; !ok {
			return nil, false
		}
	}
	return at, true
}

func setPath(obj map[string]any, path string, v any) {
	parts := strings.Split(path, ".")
	at := obj
	for _, part := range parts[:len(parts)-1] {
		next, ok := at[part].(map[string]any)
		if !ok {
			next = map[string]any{}
			at[part] = next
		}
		at = next
	}
	at[parts[len(parts)-1]] = v
}

// deletePath removes the field and gives its value; its parent stays (the API server keeps spec: {}).
func deletePath(obj map[string]any, path string) (any, bool) {
	i := strings.LastIndex(path, ".")
	holder := any(obj)
	if i >= 0 {
		holder, _ = getPath(obj, path[:i])
	}
	m, ok := holder.(map[string]any)
	if !ok {
		return nil, false
	}
	last := path[i+1:]
	v, there := m[last]
	delete(m, last)
	return v, there
}

// prune drops what the schema does not declare, as the API server prunes a custom resource:
// x-kubernetes-preserve-unknown-fields keeps it; at the root and in an embedded resource
// apiVersion, kind and metadata stay.
func prune(v any, s *Schema, root bool) any {
	switch x := v.(type) {
	case []any:
		if s.Items == nil {
			return x
		}
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = prune(e, s.Items, false)
		}
		return out
	case map[string]any:
		out := map[string]any{}
		for k, e := range x {
			sub := s.Properties[k]
			if sub == nil {
				sub = s.AdditionalProperties
			}
			switch {
			case (root || s.EmbeddedResource) && (k == "apiVersion" || k == "kind" || k == "metadata"):
				out[k] = e
			case sub != nil:
				out[k] = prune(e, sub, false)
			case s.PreserveUnknownFields || s.AnyAdditional:
				out[k] = e
			}
		}
		return out
	}
	return v
}

func clone(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = clone(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = clone(e)
		}
		return out
	}
	return v
}
`;
