/**
 * The design's validation cases (docs/design/0052) as the exported project's own table test:
 * `internal/controller/testdata/validation_cases.json` holds the cases as the API server gets
 * them (each object and old object a merge patch over the sample, already applied) with the two
 * temporary CRDs of `opstudio test --against-cluster` (design-tests/against-cluster.ts): the
 * design's CRD under the group `cases.<group>`, and its permissive twin under which the update
 * cases' old objects are stored first (a ratcheting case's old object is one the design's schema
 * refuses). `internal/controller/validation_cases_test.go` runs them in envtest's kube-apiserver
 * (creates and updates as dry runs) and fails a case with the words `opstudio test` uses
 * (`expected allowed, refused: …`, `errors: expected "…", not given`, `errors: not expected: "…"`).
 * The Go is static: the cases' names and objects reach it only as JSON data.
 */
import { clusterCases, clusterCopy, PROBE_FIELD } from '../design-tests/against-cluster';
import { crdObject } from '../crd/generate';
import type { Design } from '../design/schema';

/** The token of the copy's group: `cases.<group>`. */
const TOKEN = 'cases';

export function validationCasesJson(design: Design): string {
  const copy = clusterCopy(crdObject(design), TOKEN);
  const { cases, namespaces } = clusterCases(design, copy, TOKEN);
  const data = {
    group: copy.group,
    resource: copy.real.spec.names.plural,
    permissive: copy.permissive,
    real: copy.real,
    probeField: PROBE_FIELD,
    namespaces,
    cases: cases.map((p) => ({
      name: p.c.name,
      path: p.path,
      version: p.version,
      ...(p.namespace !== undefined ? { namespace: p.namespace } : {}),
      object: p.object,
      ...(p.oldObject !== null ? { oldObject: p.oldObject } : {}),
      expect: p.c.expect,
    })),
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}

export const VALIDATION_CASES_TEST_GO = `package controller

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"
)

// validationCases is testdata/validation_cases.json, written by the export from the design's tests.
type validationCases struct {
	Group      string           \`json:"group"\`
	Resource   string           \`json:"resource"\`
	Permissive map[string]any   \`json:"permissive"\`
	Real       map[string]any   \`json:"real"\`
	ProbeField string           \`json:"probeField"\`
	Namespaces []string         \`json:"namespaces"\`
	Cases      []validationCase \`json:"cases"\`
}

type validationCase struct {
	Name      string         \`json:"name"\`
	Path      string         \`json:"path"\`
	Version   string         \`json:"version"\`
	Namespace string         \`json:"namespace"\`
	Object    map[string]any \`json:"object"\`
	OldObject map[string]any \`json:"oldObject"\`
	Expect    struct {
		Allowed  bool      \`json:"allowed"\`
		Errors   *[]string \`json:"errors"\`
		Warnings *[]string \`json:"warnings"\`
	} \`json:"expect"\`
}

// warningLog keeps the API server's warnings (a ratcheted rule's failure is one).
type warningLog struct {
	mu    sync.Mutex
	texts []string
}

func (w *warningLog) HandleWarningHeader(code int, _ string, text string) {
	if code != 299 || text == "" {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.texts = append(w.texts, text)
}

func (w *warningLog) take() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := w.texts
	w.texts = nil
	return out
}

func loadValidationCases() validationCases {
	var table validationCases
	text, err := os.ReadFile(filepath.Join("testdata", "validation_cases.json"))
	if err != nil {
		panic(err)
	}
	if err := json.Unmarshal(text, &table); err != nil {
		panic(fmt.Errorf("testdata/validation_cases.json: %w", err))
	}
	return table
}

// quoted is a line as JSON.stringify writes it (no HTML escaping), as opstudio test prints it.
func quoted(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\\n")
}

// refusalLines are a refusal's causes as the API server words them: "<field>: <message>".
func refusalLines(err error) ([]string, bool) {
	status, ok := err.(apierrors.APIStatus)
	if !ok || status.Status().Code != 422 {
		return nil, false
	}
	details := status.Status().Details
	if details == nil || len(details.Causes) == 0 {
		return []string{status.Status().Message}, true
	}
	lines := []string{}
	for _, c := range details.Causes {
		field := c.Field
		if field == "" {
			field = "<nil>"
		}
		lines = append(lines, field+": "+c.Message)
	}
	return lines, true
}

// lineFailures: exactly the lines expected, in any order; each missing one and each extra one named.
func lineFailures(where string, expected, got []string) []string {
	out := []string{}
	for _, line := range expected {
		if !slices.Contains(got, line) {
			out = append(out, fmt.Sprintf("%s: expected %s, not given", where, quoted(line)))
		}
	}
	for _, line := range got {
		if !slices.Contains(expected, line) {
			out = append(out, fmt.Sprintf("%s: not expected: %s", where, quoted(line)))
		}
	}
	return out
}

// Ordered: the old objects are stored once, before the cases; ContinueOnFailure: one failing case
// does not skip the rest.
var _ = Describe("the design's validation cases, in the API server", Ordered, ContinueOnFailure, func() {
	table := loadValidationCases()
	ctx := context.Background()
	crds := schema.GroupVersionResource{Group: "apiextensions.k8s.io", Version: "v1", Resource: "customresourcedefinitions"}
	warnings := &warningLog{}
	var dyn dynamic.Interface
	stored := map[int]*unstructured.Unstructured{}
	notStored := map[int]string{}
	resource := func(c validationCase) dynamic.ResourceInterface {
		gvr := schema.GroupVersionResource{Group: table.Group, Version: c.Version, Resource: table.Resource}
		if c.Namespace == "" {
			return dyn.Resource(gvr)
		}
		return dyn.Resource(gvr).Namespace(c.Namespace)
	}
	crdName := func() string {
		return table.Real["metadata"].(map[string]any)["name"].(string)
	}

	BeforeAll(func() {
		config := rest.CopyConfig(cfg)
		config.WarningHandler = warnings
		var err error
		dyn, err = dynamic.NewForConfig(config)
		Expect(err).NotTo(HaveOccurred())

		By("installing the kind with a permissive schema (the same structure and defaults, no checks)")
		_, err = dyn.Resource(crds).Create(ctx, &unstructured.Unstructured{Object: table.Permissive}, metav1.CreateOptions{})
		Expect(err).NotTo(HaveOccurred())
		established := func() bool {
			crd, err := dyn.Resource(crds).Get(ctx, crdName(), metav1.GetOptions{})
			if err != nil {
				return false
			}
			conditions, _, _ := unstructured.NestedSlice(crd.Object, "status", "conditions")
			for _, c := range conditions {
				m, _ := c.(map[string]any)
				if m["type"] == "Established" && m["status"] == "True" {
					return true
				}
			}
			return false
		}
		Eventually(established, 30*time.Second, 100*time.Millisecond).Should(BeTrue())

		By("storing the update cases' old objects")
		for _, name := range table.Namespaces {
			ns := &unstructured.Unstructured{Object: map[string]any{"apiVersion": "v1", "kind": "Namespace", "metadata": map[string]any{"name": name}}}
			_, err := dyn.Resource(schema.GroupVersionResource{Version: "v1", Resource: "namespaces"}).Create(ctx, ns, metav1.CreateOptions{})
			Expect(err == nil || apierrors.IsAlreadyExists(err)).To(BeTrue(), "namespace %s: %v", name, err)
		}
		for i, c := range table.Cases {
			if c.OldObject == nil {
				continue
			}
			got, err := resource(c).Create(ctx, &unstructured.Unstructured{Object: c.OldObject}, metav1.CreateOptions{FieldValidation: "Ignore"})
			if err != nil {
				notStored[i] = "the old object could not be stored: " + err.Error()
				continue
			}
			stored[i] = got
		}

		By("giving the kind the design's schema, and waiting until the API server validates with it")
		versions, _, _ := unstructured.NestedSlice(table.Real, "spec", "versions")
		patch, err := json.Marshal(map[string]any{"spec": map[string]any{"versions": versions}})
		Expect(err).NotTo(HaveOccurred())
		_, err = dyn.Resource(crds).Patch(ctx, crdName(), types.MergePatchType, patch, metav1.PatchOptions{})
		Expect(err).NotTo(HaveOccurred())
		Eventually(established, 30*time.Second, 100*time.Millisecond).Should(BeTrue())
		if len(table.Cases) > 0 {
			first := table.Cases[0]
			probe := map[string]any{table.ProbeField: true}
			for k, v := range first.Object {
				probe[k] = v
			}
			Eventually(func() bool {
				got, err := resource(first).Create(ctx, &unstructured.Unstructured{Object: probe}, metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}})
				if err != nil {
					_, refused := refusalLines(err)
					return refused
				}
				_, kept := got.Object[table.ProbeField]
				return !kept
			}, 30*time.Second, 200*time.Millisecond).Should(BeTrue())
		}
		warnings.take()
	})

	AfterAll(func() {
		if dyn != nil {
			_ = dyn.Resource(crds).Delete(ctx, crdName(), metav1.DeleteOptions{})
		}
	})

	for i, c := range table.Cases {
		It(c.Name, func() {
			if why, ok := notStored[i]; ok {
				Fail(why)
			}
			object := &unstructured.Unstructured{Object: c.Object}
			var err error
			if old, ok := stored[i]; ok {
				object.SetResourceVersion(old.GetResourceVersion())
				_, err = resource(c).Update(ctx, object, metav1.UpdateOptions{DryRun: []string{metav1.DryRunAll}, FieldValidation: "Ignore"})
			} else {
				_, err = resource(c).Create(ctx, object, metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}, FieldValidation: "Ignore"})
			}
			gotWarnings := warnings.take()
			errs := []string{}
			if err != nil {
				lines, refused := refusalLines(err)
				if !refused {
					Fail("the API server did not answer with a verdict: " + err.Error())
				}
				errs = lines
			}
			failures := []string{}
			switch {
			case c.Expect.Allowed && err != nil:
				failures = append(failures, "expected allowed, refused: "+strings.Join(errs, "; "))
			case !c.Expect.Allowed && err == nil:
				failures = append(failures, "expected refused, allowed")
			case c.Expect.Errors != nil:
				failures = append(failures, lineFailures("errors", *c.Expect.Errors, errs)...)
			}
			if c.Expect.Warnings != nil {
				failures = append(failures, lineFailures("warnings", *c.Expect.Warnings, gotWarnings)...)
			}
			if len(failures) > 0 {
				Fail(c.Path + " " + quoted(c.Name) + ":\\n    " + strings.Join(failures, "\\n    "))
			}
		})
	}
})
`;
