package wire

import (
	"math"
	"sort"
	"strconv"
	"unicode/utf8"
)

// Encode writes the answers the module gives JavaScript (maps, lists, strings, numbers, bools,
// null) byte for byte as json.Marshal writes them, without its reflection. False for anything
// else, and for what json.Marshal refuses or repairs (NaN, ±Inf, invalid UTF-8): the caller
// then asks json.Marshal, whose answer, error included, stays the one given.
func Encode(v any) ([]byte, bool) {
	return appendValue(make([]byte, 0, 256), v)
}

func appendValue(b []byte, v any) ([]byte, bool) {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...), true
	case bool:
		return strconv.AppendBool(b, x), true
	case string:
		return appendString(b, x)
	case int:
		return strconv.AppendInt(b, int64(x), 10), true
	case int64:
		return strconv.AppendInt(b, x, 10), true
	case uint64:
		return strconv.AppendUint(b, x, 10), true
	case float64:
		return appendFloat(b, x)
	case []string:
		if x == nil {
			return append(b, "null"...), true
		}
		return appendList(b, len(x), func(b []byte, i int) ([]byte, bool) { return appendString(b, x[i]) })
	case []any:
		if x == nil {
			return append(b, "null"...), true
		}
		return appendList(b, len(x), func(b []byte, i int) ([]byte, bool) { return appendValue(b, x[i]) })
	case []map[string]any:
		if x == nil {
			return append(b, "null"...), true
		}
		return appendList(b, len(x), func(b []byte, i int) ([]byte, bool) { return appendValue(b, x[i]) })
	case map[string]any:
		if x == nil {
			return append(b, "null"...), true
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b = append(b, '{')
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			var ok bool
			if b, ok = appendString(b, k); !ok {
				return b, false
			}
			b = append(b, ':')
			if b, ok = appendValue(b, x[k]); !ok {
				return b, false
			}
		}
		return append(b, '}'), true
	}
	return b, false
}

func appendList(b []byte, n int, item func([]byte, int) ([]byte, bool)) ([]byte, bool) {
	b = append(b, '[')
	for i := 0; i < n; i++ {
		if i > 0 {
			b = append(b, ',')
		}
		var ok bool
		if b, ok = item(b, i); !ok {
			return b, false
		}
	}
	return append(b, ']'), true
}

// appendFloat: the shortest digits that read back, in positional form unless the magnitude is
// below 1e-6 or from 1e21 up (then with an exponent of at least one digit), as json.Marshal.
func appendFloat(b []byte, f float64) ([]byte, bool) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return b, false
	}
	abs := math.Abs(f)
	if abs == 0 || (abs >= 1e-6 && abs < 1e21) {
		return strconv.AppendFloat(b, f, 'f', -1, 64), true
	}
	start := len(b)
	b = strconv.AppendFloat(b, f, 'e', -1, 64)
	// e-07 → e-7, e+07 → e+7
	if n := len(b) - start; n >= 4 && b[len(b)-4] == 'e' && b[len(b)-2] == '0' {
		b[len(b)-2] = b[len(b)-1]
		b = b[:len(b)-1]
	}
	return b, true
}

const hexDigits = "0123456789abcdef"

// appendString quotes s as json.Marshal does (HTML-safe: <, > and & escaped; U+2028 and U+2029
// escaped); false when s is not valid UTF-8.
func appendString(b []byte, s string) ([]byte, bool) {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return b, false
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"'), true
}
