package wire

import (
	"os"
	"reflect"
	"testing"

	"opstudio.local/cel/celenv"
)

var documents = []string{
	`{}`, `[]`, ` { "a" : [ 1 , 2.5 , -0 , -0.0 , 1e3 , 1E-2 , 12345678901234567890 , 9223372036854775807 , -9223372036854775808 , 1e400 , -1e400 ] } `,
	`{"a":1,"a":2}`, `{"a":{"b":[{"c":null,"d":true,"e":false}]},"f":[[],{}]}`,
	`{"s":"plain","t":"esc \" \\ \/ \b \f \n \r \t","u":"\u00e9\u4e2d\uD83D\uDE00","v":"é中😀"}`,
	`{"lone":"\ud83d","low":"\ude00x","pair-then-bad":"\ud83d\u0041","two-high":"\ud83d\ud83d\ude00"}`,
	"{\"bad-utf8\":\"a\xffb\xc3\",\"ok\":\"\xef\xbf\xbd\"}",
	`{"metadata":{"name":"web-001","namespace":"shop","uid":"u-1","labels":{"app.kubernetes.io/name":"webapp"}},"spec":{"port":8080,"replicas":1,"env":[{"name":"A","value":"b"}]}}`,
	`[1,"x",null]`, `{"a":1} trailing`, `{"a":[1,2]}   `,
	// not JSON: both fail, with encoding/json's words
	``, `{`, `{"a"}`, `{"a":}`, `{"a":1,}`, `[1,]`, `{"a":01}`, `{"a":-}`, `{"a":1.}`, `{"a":1e}`, `{"a":tru}`,
	`{"a":"\x"}`, `{"a":"\u12"}`, "{\"a\":\"\x01\"}", `{"a":"open`, `{a:1}`, `{"a":1 "b":2}`, `[1 2]`, `{"a":nul}`,
	// scalars go to celenv.DecodeJSON whole
	`1`, `"s"`, `true`, `null`, `01`, `1 2`,
}

func TestDecodeIsCelenvDecodeJSON(t *testing.T) {
	docs := append([]string(nil), documents...)
	if raw, err := os.ReadFile("../testdata/expressions.json"); err == nil {
		docs = append(docs, string(raw))
	}
	for _, d := range docs {
		same(t, d)
	}
}

func FuzzDecodeIsCelenvDecodeJSON(f *testing.F) {
	for _, d := range documents {
		f.Add(d)
	}
	f.Fuzz(func(t *testing.T, d string) { same(t, d) })
}

func same(t *testing.T, d string) {
	t.Helper()
	got, gotErr := Decode([]byte(d))
	want, wantErr := celenv.DecodeJSON([]byte(d))
	if (gotErr == nil) != (wantErr == nil) || (gotErr != nil && gotErr.Error() != wantErr.Error()) {
		t.Fatalf("%q: error %v, want %v", d, gotErr, wantErr)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%q: %#v, want %#v", d, got, want)
	}
}
