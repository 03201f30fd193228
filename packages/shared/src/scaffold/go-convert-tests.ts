/**
 * The export's conversion tests (internal/convert): the table of the studio's own conversions
 * (testdata/cases.json, written at export time by the studio's converter) that Go's converter must
 * give byte for byte, and the round trip through the API types' ConvertTo/ConvertFrom on 1,000
 * generated objects per spoke, as the studio's round-trip check does. Static but for the API
 * imports of the typed test.
 */
import type { ConversionPlan } from '../conversion/convert';
import { goString } from '../gotypes/go-text';
import type { ProjectFacts } from './facts';

export function convertTestGo(module: string): string {
  return `package convert

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"testing"

	"k8s.io/apimachinery/pkg/util/sets"

	${goString(`${module}/internal/celenv`)}
)

// Case is one conversion the studio made when the project was exported.
type Case struct {
	From   string          \`json:"from"\`
	To     string          \`json:"to"\`
	Input  json.RawMessage \`json:"input"\`
	Output json.RawMessage \`json:"output,omitempty"\`
	Error  string          \`json:"error,omitempty"\`
}

// Cases are testdata/cases.json.
func Cases(t *testing.T) []Case {
	data, err := os.ReadFile("testdata/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []Case
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("testdata/cases.json has no cases")
	}
	return cases
}

// Normal is a value as JSON decodes it (int64 and float64 numbers), without the zero
// metadata.creationTimestamp the API types write.
func Normal(t *testing.T, v any) map[string]any {
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	decoded, err := celenv.DecodeJSON(data)
	if err != nil {
		t.Fatal(err)
	}
	obj, _ := decoded.(map[string]any)
	if meta, ok := obj["metadata"].(map[string]any); ok {
		if ts, there := meta["creationTimestamp"]; there && ts == nil {
			delete(meta, "creationTimestamp")
		}
	}
	return obj
}

// Show is a value for a failure message.
func Show(v any) string {
	data, _ := json.Marshal(v)
	return string(data)
}

// TestTheStudiosConversions: every conversion the studio made at export time, Go makes the same.
func TestTheStudiosConversions(t *testing.T) {
	for i, c := range Cases(t) {
		in := Normal(t, c.Input)
		got, err := Convert(in, c.From, c.To)
		if c.Error != "" {
			if err == nil || err.Error() != c.Error {
				t.Errorf("case %d (%s → %s) %s: the studio failed with %q, Go gave %v (%s)", i, c.From, c.To, Show(in), c.Error, err, Show(got))
			}
			continue
		}
		if err != nil {
			t.Errorf("case %d (%s → %s) %s: %v", i, c.From, c.To, Show(in), err)
			continue
		}
		if want := Normal(t, c.Output); !reflect.DeepEqual(Normal(t, got), want) {
			t.Errorf("case %d (%s → %s) %s:\\n  studio %s\\n  go     %s", i, c.From, c.To, Show(in), Show(want), Show(got))
		}
	}
}

// Generate is an object of a version's schema (seeded): each optional field present about
// half the time, strings of the studio's generator's characters, numbers inside the bounds.
func Generate(s *Schema, r *rand.Rand, apiVersion, kind, name string) map[string]any {
	out := map[string]any{"apiVersion": apiVersion, "kind": kind, "metadata": map[string]any{"name": name}}
	required := sets.New(s.Required...)
	for _, k := range sortedKeys(s.Properties) {
		if k == "apiVersion" || k == "kind" || k == "metadata" || (!required.Has(k) && r.Float64() < 0.3) {
			continue
		}
		if v, ok := generateValue(s.Properties[k], r, 1); ok {
			out[k] = v
		}
	}
	return prune(out, s, true).(map[string]any)
}

const generatedChars = "abcxyz019-.:/"

func generateValue(s *Schema, r *rand.Rand, depth int) (any, bool) {
	if len(s.Enum) > 0 {
		v, err := celenv.DecodeJSON(s.Enum[r.IntN(len(s.Enum))])
		return v, err == nil
	}
	if s.IntOrString {
		if r.IntN(2) == 0 {
			return generateInt(s, r), true
		}
		return generateText(s, r), true
	}
	switch s.Type {
	case "object":
		out := map[string]any{}
		if depth > 6 {
			return out, true
		}
		required := sets.New(s.Required...)
		for _, k := range sortedKeys(s.Properties) {
			if !required.Has(k) && r.IntN(2) == 0 {
				continue
			}
			if v, ok := generateValue(s.Properties[k], r, depth+1); ok {
				out[k] = v
			}
		}
		if s.AdditionalProperties != nil {
			for i := range r.IntN(3) {
				if v, ok := generateValue(s.AdditionalProperties, r, depth+1); ok {
					out[fmt.Sprintf("k%d%s", i, generateText(&Schema{}, r))] = v
				}
			}
		}
		return out, true
	case "array":
		out := []any{}
		if s.Items == nil || depth > 6 {
			return out, true
		}
		n := r.IntN(4)
		if s.MaxItems != nil {
			n = min(n, *s.MaxItems)
		}
		if s.MinItems != nil {
			n = max(n, *s.MinItems)
		}
		for range n {
			if v, ok := generateValue(s.Items, r, depth+1); ok {
				out = append(out, v)
			}
		}
		return out, true
	case "integer":
		return generateInt(s, r), true
	case "number":
		lo, hi := bounds(s)
		return math.Round(lo+r.Float64()*(hi-lo)) / 4, true
	case "boolean":
		return r.IntN(2) == 0, true
	case "string":
		return generateText(s, r), true
	}
	return nil, false
}

func bounds(s *Schema) (float64, float64) {
	lo, hi := 0.0, 1000.0
	if s.Minimum != nil {
		lo = *s.Minimum
		hi = lo + 1000
	}
	if s.Maximum != nil {
		hi = *s.Maximum
		if s.Minimum == nil {
			lo = hi - 1000
		}
	}
	return lo, hi
}

func generateInt(s *Schema, r *rand.Rand) int64 {
	lo, hi := bounds(s)
	return int64(lo) + r.Int64N(int64(hi)-int64(lo)+1)
}

func generateText(s *Schema, r *rand.Rand) string {
	lo, hi := 0, 12
	if s.MinLength != nil {
		lo = *s.MinLength
		hi = lo + 12
	}
	if s.MaxLength != nil {
		hi = min(hi, *s.MaxLength)
	}
	hi = max(hi, lo)
	b := make([]byte, lo+r.IntN(hi-lo+1))
	for i := range b {
		b[i] = generatedChars[r.IntN(len(generatedChars))]
	}
	return string(b)
}

func sortedKeys(m map[string]*Schema) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
`;
}

/** internal/convert/typed_test.go: the API types' ConvertTo/ConvertFrom, as the manager's webhook calls them. */
export function convertTypedTestGo(f: ProjectFacts, plan: ConversionPlan): string {
  const versions = [plan.hub, ...plan.spokes.keys()];
  const imports = versions.map((v) => `\t${f.alias(v)} ${goString(`${f.module}/api/${v}`)}`).join('\n');
  const spokes = [...plan.spokes.keys()]
    .map((v) => `\t${goString(v)}: func() conversion.Convertible { return &${f.alias(v)}.${f.kind}{} },`)
    .join('\n');
  const hub = `${f.alias(plan.hub)}.${f.kind}`;
  return `package convert_test

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
	webhookconversion "sigs.k8s.io/controller-runtime/pkg/webhook/conversion"

${imports}
	${goString(`${f.module}/internal/convert`)}
)

// the spoke versions' types, and the hub's
var spokes = map[string]func() conversion.Convertible{
${spokes}
}

func newHub() *${hub} { return &${hub}{} }

const hubVersion = ${goString(plan.hub)}

// typed is an object read into an API type; lossless when the type writes it back the same
// (an optional empty string, say, is left out by omitempty before any conversion runs).
func typed(t *testing.T, obj map[string]any, into any) bool {
	data, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, into); err != nil {
		t.Fatalf("%s does not read as %T: %v", convert.Show(obj), into, err)
	}
	return reflect.DeepEqual(convert.Normal(t, into), convert.Normal(t, obj))
}

// TestTheManagerConverts: the scheme sees the kind as convertible, so the manager serves /convert.
func TestTheManagerConverts(t *testing.T) {
	scheme := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{${versions.map((v) => `${f.alias(v)}.AddToScheme`).join(', ')}} {
		if err := add(scheme); err != nil {
			t.Fatal(err)
		}
	}
	ok, err := webhookconversion.IsConvertible(scheme, newHub())
	if err != nil || !ok {
		t.Fatalf("the kind is not convertible (%v): the manager would serve no conversion webhook", err)
	}
}

// TestRoundTrip: 1,000 generated objects of each spoke go to the hub and back and come back
// equal, as the studio's round-trip check requires: as JSON (what the rules do), and through the
// API types' ConvertTo and ConvertFrom (what the manager's webhook does) for every object whose
// values the API types hold (an optional empty string or list is left out by omitempty, so the
// types cannot carry it; such objects are counted, not failed).
func TestRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for spoke, newSpoke := range spokes {
		schema := convert.Rules.Schemas[spoke]
		if schema == nil {
			continue
		}
		held := 0
		for i := range 1000 {
			obj := convert.Generate(schema, r, convert.Rules.Group+"/"+spoke, ${goString(f.kind)}, "generated")
			there, err := convert.Convert(obj, spoke, hubVersion)
			if err != nil {
				t.Fatalf("%s → %s fails for object %d %s: %v", spoke, hubVersion, i, convert.Show(obj), err)
			}
			back, err := convert.Convert(there, hubVersion, spoke)
			if err != nil {
				t.Fatalf("%s → %s fails for object %d %s: %v", hubVersion, spoke, i, convert.Show(there), err)
			}
			if want, got := convert.Normal(t, obj), convert.Normal(t, back); !reflect.DeepEqual(want, got) {
				t.Fatalf("%s → %s → %s does not round-trip object %d:\\n  was        %s\\n  came back  %s", spoke, hubVersion, spoke, i, convert.Show(want), convert.Show(got))
			}
			src := newSpoke()
			if !typed(t, obj, src) || !typed(t, there, newHub()) {
				continue
			}
			held++
			hub := newHub()
			if err := src.ConvertTo(hub); err != nil {
				t.Fatalf("%s → %s fails for object %d %s: %v", spoke, hubVersion, i, convert.Show(obj), err)
			}
			typedBack := newSpoke()
			if err := typedBack.ConvertFrom(hub); err != nil {
				t.Fatalf("%s → %s fails for object %d %s: %v", hubVersion, spoke, i, convert.Show(hub), err)
			}
			if want, got := convert.Normal(t, src), convert.Normal(t, typedBack); !reflect.DeepEqual(want, got) {
				t.Fatalf("%s → %s → %s through the API types does not round-trip object %d:\\n  was        %s\\n  came back  %s", spoke, hubVersion, spoke, i, convert.Show(want), convert.Show(got))
			}
		}
		t.Logf("%s: 1000 objects round-trip; %d of them through the API types (the others hold values omitempty leaves out)", spoke, held)
		if held == 0 {
			t.Fatalf("%s: no generated object is held by the API types as it is", spoke)
		}
	}
}

// TestTheStudiosConversionsThroughTheTypes: the studio's conversions again, through ConvertTo and
// ConvertFrom, for every case whose input and output the API types hold as they are.
func TestTheStudiosConversionsThroughTheTypes(t *testing.T) {
	held := 0
	for i, c := range convert.Cases(t) {
		if c.Error != "" {
			continue
		}
		in := convert.Normal(t, c.Input)
		var out any
		var err error
		if c.To == hubVersion {
			src := spokes[c.From]()
			if !typed(t, in, src) || !typed(t, convert.Normal(t, c.Output), newHub()) {
				continue
			}
			hub := newHub()
			out = hub
			err = src.ConvertTo(hub)
		} else {
			src := newHub()
			if !typed(t, in, src) || !typed(t, convert.Normal(t, c.Output), spokes[c.To]()) {
				continue
			}
			dst := spokes[c.To]()
			out = dst
			err = dst.ConvertFrom(src)
		}
		held++
		if err != nil {
			t.Errorf("case %d (%s → %s) %s: %v", i, c.From, c.To, convert.Show(in), err)
		} else if want, got := convert.Normal(t, c.Output), convert.Normal(t, out); !reflect.DeepEqual(got, want) {
			t.Errorf("case %d (%s → %s) %s:\\n  studio %s\\n  go     %s", i, c.From, c.To, convert.Show(in), convert.Show(want), convert.Show(got))
		}
	}
	t.Logf("%d cases through the API types (the others hold values omitempty leaves out)", held)
	if held == 0 {
		t.Fatal("no case is held by the API types as it is")
	}
}
`;
}
