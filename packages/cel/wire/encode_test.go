package wire

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"
)

func TestEncodeIsJSONMarshal(t *testing.T) {
	values := []any{
		nil, true, false, "", "plain", "quote \" backslash \\ <a href=\"x\">&amp;</a>", "\b\f\n\r\t\x00\x1f\x7f",
		"é中😀", "line\u2028para\u2029", "\ufffd",
		0, -1, int64(math.MaxInt64), int64(math.MinInt64), uint64(math.MaxUint64),
		0.0, math.Copysign(0, -1), 1.5, -2.25, 1e20, 1e21, 1e-6, 1e-7, 123456789.125, 5e-324, math.MaxFloat64, 1e100, -1e-100,
		[]string{"a", "b"}, []string(nil), []string{}, []any{}, []any(nil), []any{1, "x", nil, []any{map[string]any{}}},
		map[string]any{"value": map[string]any{"b": 1, "a": []any{int64(2), 2.5}, "<": ">"}, "cost": uint64(3)},
		[]map[string]any{{"error": "no such key: x", "missing": true, "cost": uint64(1)}, {"value": nil}},
		map[string]any(nil), []map[string]any(nil),
	}
	for _, v := range values {
		got, ok := Encode(v)
		want, err := json.Marshal(v)
		if !ok || err != nil || !bytes.Equal(got, want) {
			t.Errorf("%#v: %s (%v), want %s (%v)", v, got, ok, want, err)
		}
	}
	// left to json.Marshal: what it refuses or repairs, and types this does not know
	for _, v := range []any{math.NaN(), math.Inf(1), []any{math.Inf(-1)}, "bad \xff utf-8", struct{ A int }{1}, map[string]int{"a": 1}} {
		if _, ok := Encode(v); ok {
			t.Errorf("%#v: encoded, want it left to json.Marshal", v)
		}
	}
}
