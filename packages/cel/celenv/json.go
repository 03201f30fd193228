package celenv

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// DecodeJSON reads a JSON document the way Kubernetes' unstructured decoding does: a number
// without a fraction or exponent is an int64, any other number a float64. The exported
// operator's objects arrive this way, so CEL sees the same types in the studio and there.
func DecodeJSON(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return numbers(v), nil
}

func numbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		if i, err := strconv.ParseInt(string(x), 10, 64); err == nil {
			return i
		}
		f, _ := strconv.ParseFloat(string(x), 64)
		return f
	case map[string]any:
		for k, e := range x {
			x[k] = numbers(e)
		}
	case []any:
		for i, e := range x {
			x[i] = numbers(e)
		}
	}
	return v
}
