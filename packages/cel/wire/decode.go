// Package wire is the JSON that crosses between JavaScript and the WebAssembly module, read and
// written for speed: a plan sends the module a context (the custom resource, each planned child
// a later expression reads) and takes back each expression's value, thousands of times for the
// impact before install. encoding/json's reflection-driven decoding into `any` was ~15% of that;
// this reader gives exactly what celenv.DecodeJSON gives (the test holds it to that), and leaves
// anything it does not read as JSON to celenv.DecodeJSON, whose error is then the answer.
package wire

import (
	"errors"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"opstudio.local/cel/celenv"
)

// Decode reads one JSON document as celenv.DecodeJSON does: objects as map[string]any, arrays
// as []any, a number without a fraction or exponent that fits as an int64, any other number as
// a float64. What follows the document is not read (as json.Decoder's Decode does not).
func Decode(data []byte) (any, error) {
	r := reader{data: data}
	r.space()
	if r.at < len(data) && (data[r.at] == '{' || data[r.at] == '[') {
		if v, ok := r.value(0); ok {
			return v, nil
		}
	}
	// a scalar document (what ends it is the decoder's business), or not JSON: its answer and error
	return celenv.DecodeJSON(data)
}

// maxDepth is encoding/json's nesting limit; deeper documents go the slow way (and fail there).
const maxDepth = 10000

type reader struct {
	data []byte
	at   int
}

var errSyntax = errors.New("not JSON")

func (r *reader) space() {
	for r.at < len(r.data) {
		switch r.data[r.at] {
		case ' ', '\t', '\n', '\r':
			r.at++
		default:
			return
		}
	}
}

// value reads the value at r.at; false when the text is not JSON there.
func (r *reader) value(depth int) (any, bool) {
	r.space()
	if r.at >= len(r.data) || depth > maxDepth {
		return nil, false
	}
	switch c := r.data[r.at]; {
	case c == '{':
		return r.object(depth + 1)
	case c == '[':
		return r.array(depth + 1)
	case c == '"':
		return r.string()
	case c == 't':
		return true, r.literal("true")
	case c == 'f':
		return false, r.literal("false")
	case c == 'n':
		return nil, r.literal("null")
	case c == '-' || (c >= '0' && c <= '9'):
		return r.number()
	}
	return nil, false
}

func (r *reader) literal(word string) bool {
	if len(r.data)-r.at < len(word) || string(r.data[r.at:r.at+len(word)]) != word {
		return false
	}
	r.at += len(word)
	return true
}

func (r *reader) object(depth int) (any, bool) {
	r.at++ // {
	out := map[string]any{}
	r.space()
	if r.at < len(r.data) && r.data[r.at] == '}' {
		r.at++
		return out, true
	}
	for {
		r.space()
		if r.at >= len(r.data) || r.data[r.at] != '"' {
			return nil, false
		}
		key, ok := r.string()
		if !ok {
			return nil, false
		}
		r.space()
		if r.at >= len(r.data) || r.data[r.at] != ':' {
			return nil, false
		}
		r.at++
		v, ok := r.value(depth)
		if !ok {
			return nil, false
		}
		out[key.(string)] = v // a repeated key: the last one wins, as in encoding/json
		r.space()
		if r.at >= len(r.data) {
			return nil, false
		}
		switch r.data[r.at] {
		case ',':
			r.at++
		case '}':
			r.at++
			return out, true
		default:
			return nil, false
		}
	}
}

func (r *reader) array(depth int) (any, bool) {
	r.at++ // [
	out := []any{}
	r.space()
	if r.at < len(r.data) && r.data[r.at] == ']' {
		r.at++
		return out, true
	}
	for {
		v, ok := r.value(depth)
		if !ok {
			return nil, false
		}
		out = append(out, v)
		r.space()
		if r.at >= len(r.data) {
			return nil, false
		}
		switch r.data[r.at] {
		case ',':
			r.at++
		case ']':
			r.at++
			return out, true
		default:
			return nil, false
		}
	}
}

// number reads JSON's number grammar strictly, then converts as celenv's numbers() does.
func (r *reader) number() (any, bool) {
	start := r.at
	if r.data[r.at] == '-' {
		r.at++
	}
	digits := func() int {
		n := 0
		for r.at < len(r.data) && r.data[r.at] >= '0' && r.data[r.at] <= '9' {
			r.at++
			n++
		}
		return n
	}
	if r.at < len(r.data) && r.data[r.at] == '0' {
		r.at++
	} else if digits() == 0 {
		return nil, false
	}
	integer := true
	if r.at < len(r.data) && r.data[r.at] == '.' {
		r.at++
		integer = false
		if digits() == 0 {
			return nil, false
		}
	}
	if r.at < len(r.data) && (r.data[r.at] == 'e' || r.data[r.at] == 'E') {
		r.at++
		integer = false
		if r.at < len(r.data) && (r.data[r.at] == '+' || r.data[r.at] == '-') {
			r.at++
		}
		if digits() == 0 {
			return nil, false
		}
	}
	text := string(r.data[start:r.at])
	if integer {
		if i, err := strconv.ParseInt(text, 10, 64); err == nil {
			return i, true
		}
	}
	f, _ := strconv.ParseFloat(text, 64) // out of range: ±Inf, as celenv's numbers() keeps it
	return f, true
}

// string reads a quoted string: escapes resolved, a lone UTF-16 surrogate and each byte of
// invalid UTF-8 as U+FFFD (as encoding/json does); a control character inside is not JSON.
func (r *reader) string() (any, bool) {
	r.at++ // "
	start := r.at
	for r.at < len(r.data) {
		c := r.data[r.at]
		if c == '"' {
			s := string(r.data[start:r.at])
			r.at++
			return s, true
		}
		if c == '\\' || c < 0x20 || c >= utf8.RuneSelf {
			break // the slow path below
		}
		r.at++
	}
	buf := append([]byte(nil), r.data[start:r.at]...)
	for r.at < len(r.data) {
		c := r.data[r.at]
		switch {
		case c == '"':
			r.at++
			return string(buf), true
		case c < 0x20:
			return nil, false
		case c == '\\':
			r.at++
			if r.at >= len(r.data) {
				return nil, false
			}
			e := r.data[r.at]
			r.at++
			switch e {
			case '"', '\\', '/':
				buf = append(buf, e)
			case 'b':
				buf = append(buf, '\b')
			case 'f':
				buf = append(buf, '\f')
			case 'n':
				buf = append(buf, '\n')
			case 'r':
				buf = append(buf, '\r')
			case 't':
				buf = append(buf, '\t')
			case 'u':
				rr, ok := r.hex4()
				if !ok {
					return nil, false
				}
				if utf16.IsSurrogate(rr) {
					// a pair only when a \u escape of the low half follows; else U+FFFD for this one
					save := r.at
					if r.at+1 < len(r.data) && r.data[r.at] == '\\' && r.data[r.at+1] == 'u' {
						r.at += 2
						if lo, ok := r.hex4(); ok {
							if pair := utf16.DecodeRune(rr, lo); pair != utf8.RuneError {
								buf = utf8.AppendRune(buf, pair)
								continue
							}
						}
					}
					r.at = save
					rr = utf8.RuneError
				}
				buf = utf8.AppendRune(buf, rr)
			default:
				return nil, false
			}
		case c < utf8.RuneSelf:
			buf = append(buf, c)
			r.at++
		default:
			rr, size := utf8.DecodeRune(r.data[r.at:])
			if rr == utf8.RuneError && size == 1 {
				buf = utf8.AppendRune(buf, utf8.RuneError)
			} else {
				buf = append(buf, r.data[r.at:r.at+size]...)
			}
			r.at += size
		}
	}
	return nil, false
}

func (r *reader) hex4() (rune, bool) {
	if len(r.data)-r.at < 4 {
		return 0, false
	}
	var v rune
	for _, c := range r.data[r.at : r.at+4] {
		switch {
		case c >= '0' && c <= '9':
			v = v<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			v = v<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			v = v<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	r.at += 4
	return v, true
}
