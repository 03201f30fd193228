/**
 * The design's render cases (docs/design/0052) as the exported project's own table test:
 * `internal/controller/testdata/render_cases.json` holds each case's custom resource as
 * `opstudio test` plans it (the sample with the case's patch, or the case's whole object, pruned
 * and defaulted as the API server stores it: design-tests/stored.ts), what the case says the
 * cluster reports (`observed`, by child or external reference id) and what it expects, keys in
 * the order written. `internal/controller/render_cases_test.go` runs the exported planner
 * (`graph.Design().PlanAll`) as `renderFor` does (design-tests/render-case.ts): first until every
 * child it can plan is planned, each taken as created as planned (the preview's
 * `assumeApplied`), then once more with each child as the cluster reports it; and compares with
 * match.ts's rules, failing a case with `opstudio test`'s own lines (`children.config.data.GREETING:
 * expected "hello", got "hi"`). Under the image form's profile it finishes the Deployment and
 * words the conditions as the controller does (go-graph-profile.ts). The Go is static: the
 * cases' names, objects and messages reach it only as JSON data.
 */
import { celEngine } from '../cel/engine';
import { caseResource } from '../design-tests/render-case';
import { storedObject } from '../design-tests/stored';
import type { Design } from '../design/schema';
import type { ResourceGraph } from '../graph/model';
import { goString } from '../gotypes/go-text';
import type { ProjectFacts } from './facts';

export function renderCasesJson(design: Design): string {
  const engine = celEngine();
  if (engine === undefined)
    throw new Error('exporting render cases needs the CEL engine: start it first (loadCel from @opstudio/cel/node)');
  const cases = (design.tests?.render ?? []).map((c, i) => ({
    name: c.name,
    path: `tests.render[${i}]`,
    cr: storedObject(engine, design, caseResource(design, c)),
    ...(c.observed !== undefined ? { observed: c.observed } : {}),
    expect: c.expect,
  }));
  return `${JSON.stringify({ cases }, null, 2)}\n`;
}

/** Under the image form's profile: the controller's finish to the Deployment and its conditions. */
const PROFILE_FINISH = `
// renderFinish is what the controller does to a plan under the image form's profile: kubebuilder's
// labels on the Deployment.
func renderFinish(p *graph.Plan, crName string) {
	for _, d := range p.Desired {
		if d.ID == deployImageChild {
			dressDeployImage(d.Object, crName)
		}
	}
}

// renderConditions are the conditions the controller writes under the profile on a custom
// resource that has none yet (Degraded=False only clears one), Ready mirroring Available.
func renderConditions(design *graph.Graph, p graph.Plan, crName string, observed map[string]map[string]any) []graph.Condition {
	out := []graph.Condition{}
	for _, c := range deployImageConditions(p, crName, len(design.Children) > 0, observed[deployImageChild]) {
		if c.Type == "Degraded" && c.Status == "False" && renderFind(out, "Degraded") == nil {
			continue
		}
		out = renderSet(out, c)
	}
	if available := renderFind(out, "Available"); available != nil {
		out = renderSet(out, graph.Condition{Type: "Ready", Status: available.Status, Reason: available.Reason, Message: available.Message})
	}
	return out
}
`;

const GRAPH_FINISH = `
// renderFinish: the controller applies the plan's objects as planned.
func renderFinish(_ *graph.Plan, _ string) {}

// renderConditions are the plan's conditions as the controller sets them on a custom resource
// that has none yet (one per type, the last word for each).
func renderConditions(_ *graph.Graph, p graph.Plan, _ string, _ map[string]map[string]any) []graph.Condition {
	out := []graph.Condition{}
	for _, c := range p.Conditions {
		out = renderSet(out, c)
	}
	return out
}
`;

export function renderCasesTestGo(f: ProjectFacts, graph: ResourceGraph, header: string): string {
  return `${header}

package controller

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	utiljson "k8s.io/apimachinery/pkg/util/json"

	${goString(`${f.module}/internal/graph`)}
)

// renderCases is testdata/render_cases.json, written by the export from the design's tests.
type renderCases struct {
	Cases []renderCase \`json:"cases"\`
}

type renderCase struct {
	Name string         \`json:"name"\`
	Path string         \`json:"path"\`
	CR   map[string]any \`json:"cr"\`
	// Observed and Expect's Children and Status keep their keys' order: a case's lines follow it.
	Observed json.RawMessage \`json:"observed"\`
	Expect   struct {
		Children   json.RawMessage           \`json:"children"\`
		Absent     []string                  \`json:"absent"\`
		Status     json.RawMessage           \`json:"status"\`
		Conditions []renderExpectedCondition \`json:"conditions"\`
		Exact      bool                      \`json:"exact"\`
	} \`json:"expect"\`
}

type renderExpectedCondition struct {
	Type            string  \`json:"type"\`
	Status          *string \`json:"status"\`
	Reason          *string \`json:"reason"\`
	Message         *string \`json:"message"\`
	MessageContains *string \`json:"messageContains"\`
}

// renderField is one key of an object as the case writes it; renderObject keeps their order.
type renderField struct {
	Key   string
	Value any
}

type renderObject []renderField

// renderAbsent stands for a field that is not there.
type renderAbsentValue struct{}

var renderAbsent = renderAbsentValue{}

func loadRenderCases() renderCases {
	var table renderCases
	text, err := os.ReadFile(filepath.Join("testdata", "render_cases.json"))
	if err != nil {
		panic(err)
	}
	if err := json.Unmarshal(text, &table); err != nil {
		panic(fmt.Errorf("testdata/render_cases.json: %w", err))
	}
	return table
}

// renderOrdered reads a JSON value with each object as a renderObject (keys in order); null or
// nothing is an empty renderObject.
func renderOrdered(raw json.RawMessage) (any, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		return renderObject{}, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	var read func() (any, error)
	read = func() (any, error) {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		delim, ok := tok.(json.Delim)
		if !ok {
			return tok, nil
		}
		if delim == '[' {
			list := []any{}
			for dec.More() {
				v, err := read()
				if err != nil {
					return nil, err
				}
				list = append(list, v)
			}
			_, err = dec.Token()
			return list, err
		}
		object := renderObject{}
		for dec.More() {
			key, err := dec.Token()
			if err != nil {
				return nil, err
			}
			v, err := read()
			if err != nil {
				return nil, err
			}
			object = append(object, renderField{Key: key.(string), Value: v})
		}
		_, err = dec.Token()
		return object, err
	}
	v, err := read()
	if v == nil {
		return renderObject{}, err
	}
	return v, err
}

// renderPlain is a value read by renderOrdered as plain JSON (maps).
func renderPlain(v any) any {
	switch t := v.(type) {
	case renderObject:
		out := map[string]any{}
		for _, f := range t {
			out[f.Key] = renderPlain(f.Value)
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i, item := range t {
			out[i] = renderPlain(item)
		}
		return out
	}
	return v
}

// renderJSON is a value as plain JSON (numbers as float64), or as opstudio test shows it.
func renderJSON(v any) any {
	text, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	var out any
	if err := json.Unmarshal(text, &out); err != nil {
		panic(err)
	}
	return out
}

// renderKube is a value as the controller reads it from the API server: whole numbers as int64
// (CEL's int), not JSON's float64.
func renderKube(v any) map[string]any {
	text, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	out := map[string]any{}
	if err := utiljson.Unmarshal(text, &out); err != nil {
		panic(err)
	}
	return out
}

// renderShow is a value as opstudio test prints it: JSON with keys in order, no HTML escaping;
// "absent" for a field that is not there.
func renderShow(v any) string {
	if v == renderAbsent {
		return "absent"
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(renderPlain(v)); err != nil {
		panic(err)
	}
	return strings.TrimSuffix(b.String(), "\\n")
}

func renderMismatch(path string, expected, got any) string {
	if path == "" {
		path = "(the whole value)"
	}
	return fmt.Sprintf("%s: expected %s, got %s", path, renderShow(expected), renderShow(got))
}

// renderMismatches are match.ts's: every field expected must be there with that value (lists
// item by item, of the same length); exact also names each field that is extra, in key order.
func renderMismatches(expected, got any, exact bool, path string) []string {
	switch e := expected.(type) {
	case renderObject:
		g, ok := got.(map[string]any)
		if !ok {
			return []string{renderMismatch(path, expected, got)}
		}
		out := []string{}
		given := map[string]bool{}
		for _, f := range e {
			given[f.Key] = true
			v, has := g[f.Key]
			if !has {
				v = renderAbsent
			}
			out = append(out, renderMismatches(f.Value, v, exact, path+"."+f.Key)...)
		}
		if exact {
			extra := []string{}
			for k := range g {
				if !given[k] {
					extra = append(extra, k)
				}
			}
			sort.Strings(extra)
			for _, k := range extra {
				out = append(out, renderMismatch(path+"."+k, renderAbsent, g[k]))
			}
		}
		return out
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(e) {
			return []string{renderMismatch(path, expected, got)}
		}
		out := []string{}
		for i, v := range e {
			out = append(out, renderMismatches(v, g[i], exact, fmt.Sprintf("%s[%d]", path, i))...)
		}
		return out
	}
	if reflect.DeepEqual(expected, got) {
		return nil
	}
	return []string{renderMismatch(path, expected, got)}
}

// renderMergePatch is a JSON merge patch over a copy of target.
func renderMergePatch(target, patch any) any {
	if patch == nil {
		return target
	}
	p, ok := patch.(map[string]any)
	if !ok {
		return patch
	}
	out := map[string]any{}
	if t, ok := target.(map[string]any); ok {
		for k, v := range t {
			out[k] = v
		}
	}
	for k, v := range p {
		if v == nil {
			delete(out, k)
		} else {
			out[k] = renderMergePatch(out[k], v)
		}
	}
	return out
}

func renderFind(conditions []graph.Condition, conditionType string) *graph.Condition {
	for i := range conditions {
		if conditions[i].Type == conditionType {
			return &conditions[i]
		}
	}
	return nil
}

func renderSet(conditions []graph.Condition, c graph.Condition) []graph.Condition {
	if found := renderFind(conditions, c.Type); found != nil {
		*found = c
		return conditions
	}
	return append(conditions, c)
}
${graph.profile !== undefined ? PROFILE_FINISH : GRAPH_FINISH}
// renderObserved are a plan's children as observed (each patched by what the case says the
// cluster reports of it): the first of each id, and all of them.
func renderObserved(desired []graph.Desired, patches map[string]any) (map[string]map[string]any, map[string][]map[string]any) {
	observed := map[string]map[string]any{}
	owned := map[string][]map[string]any{}
	for _, d := range desired {
		object := renderKube(renderMergePatch(renderJSON(d.Object), patches[d.ID]))
		if observed[d.ID] == nil {
			observed[d.ID] = object
		}
		owned[d.ID] = append(owned[d.ID], object)
	}
	return observed, owned
}

// runRenderCase is renderFor and runRenderCase of opstudio test (design-tests/render-case.ts)
// over the exported planner: the failures, in its words and order.
func runRenderCase(design *graph.Graph, c renderCase) []string {
	failures := []string{}
	read, err := renderOrdered(c.Observed)
	if err != nil {
		return []string{"the case could not run: observed: " + err.Error()}
	}
	observedGiven, _ := read.(renderObject)
	patches := map[string]any{}
	for _, f := range observedGiven {
		patches[f.Key] = renderPlain(f.Value)
	}
	known := map[string]bool{}
	for _, ch := range design.Children {
		known[ch.ID] = true
	}
	given := map[string]any{}
	for _, x := range design.Externals {
		known[x.ID] = true
		object, ok := patches[x.ID].(map[string]any)
		if !ok {
			continue
		}
		if x.Selector != nil {
			items, _ := object["items"].([]any)
			if items == nil {
				items = []any{}
			}
			given[x.ID] = items
		} else {
			given[x.ID] = object
		}
	}
	externals := renderKube(given)
	for _, f := range observedGiven {
		if !known[f.Key] {
			failures = append(failures, fmt.Sprintf("observed.%s: the design has no child or external reference %s", f.Key, f.Key))
		}
	}
	metadata, _ := c.CR["metadata"].(map[string]any)
	crName, _ := metadata["name"].(string)

	// first as the preview: every child counts as created as soon as it is planned, without a status
	observed := map[string]map[string]any{}
	owned := map[string][]map[string]any{}
	var first graph.Plan
	for range len(design.Children) + 2 {
		first = design.PlanAll(renderKube(c.CR), observed, externals, owned)
		renderFinish(&first, crName)
		nextObserved, nextOwned := renderObserved(first.Desired, nil)
		if reflect.DeepEqual(nextOwned, owned) {
			break
		}
		observed, owned = nextObserved, nextOwned
	}
	// then as a reconcile that finds them, with what the cluster reports of them
	observed, owned = renderObserved(first.Desired, patches)
	p := design.PlanAll(renderKube(c.CR), observed, externals, owned)
	renderFinish(&p, crName)

	for _, e := range p.Errors {
		text := e.Message
		if e.Path != "" {
			text = e.Path + ": " + e.Message
		}
		failures = append(failures, "the design failed for this resource: "+text)
	}
	children := map[string][]any{}
	for _, d := range p.Desired {
		children[d.ID] = append(children[d.ID], renderJSON(d.Object))
	}
	expectedChildren, err := renderOrdered(c.Expect.Children)
	if err != nil {
		return []string{"the case could not run: expect.children: " + err.Error()}
	}
	for _, f := range expectedChildren.(renderObject) {
		got, ok := children[f.Key]
		if !ok {
			failures = append(failures, fmt.Sprintf("children.%s: not created for this resource", f.Key))
			continue
		}
		var actual any = got
		if _, list := f.Value.([]any); !list {
			actual = got[0]
		}
		failures = append(failures, renderMismatches(f.Value, actual, c.Expect.Exact, "children."+f.Key)...)
	}
	for _, id := range c.Expect.Absent {
		if _, ok := children[id]; ok {
			failures = append(failures, fmt.Sprintf("absent: %s is created for this resource", id))
		}
	}
	if len(bytes.TrimSpace(c.Expect.Status)) > 0 {
		status := map[string]any{}
		for field, value := range p.Status {
			keys := strings.Split(field, ".")
			at := status
			for _, k := range keys[:len(keys)-1] {
				next, ok := at[k].(map[string]any)
				if !ok {
					next = map[string]any{}
					at[k] = next
				}
				at = next
			}
			at[keys[len(keys)-1]] = value
		}
		expected, err := renderOrdered(c.Expect.Status)
		if err != nil {
			return []string{"the case could not run: expect.status: " + err.Error()}
		}
		failures = append(failures, renderMismatches(expected, renderJSON(status), false, "status")...)
	}
	conditions := renderConditions(design, p, crName, observed)
	for _, want := range c.Expect.Conditions {
		where := "conditions." + want.Type
		have := renderFind(conditions, want.Type)
		if have == nil {
			failures = append(failures, where+": no condition of this type")
			continue
		}
		for _, pair := range []struct {
			key  string
			want *string
			have string
		}{{"status", want.Status, have.Status}, {"reason", want.Reason, have.Reason}, {"message", want.Message, have.Message}} {
			if pair.want != nil && *pair.want != pair.have {
				failures = append(failures, renderMismatch(where+"."+pair.key, *pair.want, pair.have))
			}
		}
		if want.MessageContains != nil && !strings.Contains(have.Message, *want.MessageContains) {
			failures = append(failures, fmt.Sprintf("%s.message: expected to contain %s, got %s", where, renderShow(*want.MessageContains), renderShow(have.Message)))
		}
	}
	return failures
}

var _ = Describe("the design's render cases, in the exported planner", func() {
	table := loadRenderCases()
	for _, c := range table.Cases {
		It(c.Name, func() {
			design, err := graph.Design()
			Expect(err).NotTo(HaveOccurred())
			if failures := runRenderCase(design, c); len(failures) > 0 {
				Fail(c.Path + " " + renderShow(c.Name) + ":\\n    " + strings.Join(failures, "\\n    "))
			}
		})
	}
})
`;
}
