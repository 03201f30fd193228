/**
 * `internal/graph/render.go`: `${…}` in template strings (graph/expressions.ts splitExpressions) and
 * rendering a template (graph/evaluate.ts): a whole-string expression keeps its type, several are
 * interpolated.
 * Static Go: no design text reaches it (the design is data, in design.json).
 */

export const GRAPH_RENDER_GO = `package graph

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
)

type part struct {
	text string
	expr bool
}

// splitExpressions splits a string into text and \${…} parts; braces and quotes inside the CEL
// are skipped over.
func splitExpressions(s string) ([]part, error) {
	parts := []part{}
	from := 0
	for start := strings.Index(s, "\${"); start != -1; start = indexFrom(s, "\${", from) {
		end := closingBrace(s, start+2)
		if end == -1 {
			return nil, fmt.Errorf("\`\${\` at offset %d is not closed by \`}\`", start)
		}
		if start > from {
			parts = append(parts, part{text: s[from:start]})
		}
		parts = append(parts, part{text: strings.TrimSpace(s[start+2 : end]), expr: true})
		from = end + 1
	}
	if from < len(s) {
		parts = append(parts, part{text: s[from:]})
	}
	return parts, nil
}

func indexFrom(s, sub string, from int) int {
	if from > len(s) {
		return -1
	}
	i := strings.Index(s[from:], sub)
	if i == -1 {
		return -1
	}
	return from + i
}

func closingBrace(s string, i int) int {
	depth := 0
	for ; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\'':
			// a CEL string literal may hold }: skip to its closing quote, honouring escapes
			for i++; i < len(s) && s[i] != c; i++ {
				if s[i] == '\\\\' {
					i++
				}
			}
		case '{':
			depth++
		case '}':
			if depth == 0 {
				return i
			}
			depth--
		}
	}
	return -1
}

var identifier = regexp.MustCompile(\`^[A-Za-z_][A-Za-z0-9_]*$\`)

// childPath is where a value sits: spec.template, metadata.labels['app.kubernetes.io/name'], ports[0].
func childPath(base string, key any) string {
	if i, ok := key.(int); ok {
		return fmt.Sprintf("%s[%d]", base, i)
	}
	k := key.(string)
	if identifier.MatchString(k) {
		if base == "" {
			return k
		}
		return base + "." + k
	}
	return fmt.Sprintf("%s['%s']", base, k)
}

// evaluateString evaluates a string with \${…}: one whole expression keeps its type, several are
// interpolated.
func (g *Graph) evaluateString(s string, sc *scope, path string) (any, *Failure) {
	if !strings.Contains(s, "\${") {
		return s, nil
	}
	parts, err := splitExpressions(s)
	if err != nil {
		return nil, &Failure{Path: path, Message: err.Error()}
	}
	if len(parts) == 1 && parts[0].expr {
		return g.evaluate(parts[0].text, sc, path)
	}
	var out strings.Builder
	for _, p := range parts {
		if !p.expr {
			out.WriteString(p.text)
			continue
		}
		value, failure := g.evaluate(p.text, sc, path)
		if failure != nil {
			return nil, failure
		}
		switch value.(type) {
		case nil, map[string]any, []any:
			return nil, &Failure{Path: path, Message: fmt.Sprintf("\${%s} is inside a longer string, so it must give a string, number or bool", p.text)}
		}
		out.WriteString(text(value))
	}
	return out.String(), nil
}

// renderValue is a deep copy of a template with every expression evaluated; the first failure stops it.
func (g *Graph) renderValue(value any, sc *scope, path string) (any, *Failure) {
	switch v := value.(type) {
	case string:
		return g.evaluateString(v, sc, path)
	case []any:
		out := make([]any, 0, len(v))
		for i, x := range v {
			r, failure := g.renderValue(x, sc, childPath(path, i))
			if failure != nil {
				return nil, failure
			}
			out = append(out, r)
		}
		return out, nil
	case map[string]any:
		out := make(map[string]any, len(v))
		// sorted keys: the first failure reported is the same on every run
		for _, k := range slices.Sorted(maps.Keys(v)) {
			r, failure := g.renderValue(v[k], sc, childPath(path, k))
			if failure != nil {
				return nil, failure
			}
			out[k] = r
		}
		return out, nil
	}
	return value, nil
}
`;
