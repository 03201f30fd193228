/**
 * `internal/graph/kinds.go`: graph/child-kinds.ts's facts the Go planner needs (issue 27): the
 * API server's name rule of each built-in kind, checked on every rendered name before the
 * controller applies it (apimachinery's own validation functions, so the two agree), and which
 * kinds are cluster-scoped (they get no namespace). Built from the studio's tables only: no
 * design text reaches it.
 */
import { BUILTIN_CHILD_KINDS, OTHER_CLUSTER_SCOPED } from '../graph/child-kinds';
import type { NameRule } from '../graph/kube-names';
import { goString } from '../gotypes/go-text';

const GO_CHECK: Record<NameRule, string> = {
  'dns1123-subdomain': 'validation.IsDNS1123Subdomain',
  'dns1123-label': 'validation.IsDNS1123Label',
  'dns1035-label': 'validation.IsDNS1035Label',
  'path-segment': 'path.IsValidPathSegmentName',
};

const apiVersionOf = (k: { group: string; version: string }): string =>
  k.group === '' ? k.version : `${k.group}/${k.version}`;

export function graphKindsGo(): string {
  // positional literals: gofmt leaves them as written, whatever the lengths of the keys
  const rules = BUILTIN_CHILD_KINDS.map(
    (k) => `\t{${goString(`${apiVersionOf(k)}/${k.kind}`)}, ${GO_CHECK[k.name]}, ${k.nameMax ?? 0}},`,
  );
  const cluster = [
    ...BUILTIN_CHILD_KINDS.filter((k) => !k.namespaced).map((k) => `${apiVersionOf(k)}/${k.kind}`),
    ...OTHER_CLUSTER_SCOPED,
  ].map((key) => `\t${goString(key)},`);
  return `package graph

import (
	"fmt"
	"slices"
	"strings"

	"k8s.io/apimachinery/pkg/api/validation/path"
	"k8s.io/apimachinery/pkg/util/validation"
)

// nameRule is the API server's grammar for a kind's names (apiVersion/kind), and a shorter
// limit where it has one.
type nameRule struct {
	kind  string
	check func(string) []string
	max   int
}

// nameRules are the built-in kinds' rules; any other kind (a custom resource) has DNS-1123
// subdomain names.
var nameRules = []nameRule{
${rules.join('\n')}
}

// clusterScoped are the built-in kinds that live outside namespaces: they get no namespace.
var clusterScoped = []string{
${cluster.join('\n')}
}

func isClusterScoped(c *Child) bool {
	return slices.Contains(clusterScoped, c.APIVersion+"/"+c.Kind)
}

// childNameProblem says why a rendered child's name is not a valid name of its kind, or "".
// A name from an expression is user input: it is checked before the controller writes.
func childNameProblem(c *Child, object map[string]any) string {
	meta, _ := object["metadata"].(map[string]any)
	name, _ := meta["name"].(string)
	rule := nameRule{check: validation.IsDNS1123Subdomain}
	if i := slices.IndexFunc(nameRules, func(r nameRule) bool { return r.kind == c.APIVersion+"/"+c.Kind }); i >= 0 {
		rule = nameRules[i]
	}
	problems := rule.check(name)
	if rule.max > 0 && len(name) > rule.max {
		problems = append(problems, fmt.Sprintf("a %s name is at most %d characters", c.Kind, rule.max))
	}
	if len(problems) == 0 {
		return ""
	}
	return fmt.Sprintf("child %s: metadata.name %q is not a valid %s name: %s", c.ID, name, c.Kind, strings.Join(problems, "; "))
}
`;
}

/** `internal/graph/kinds_test.go`: the name rules and scopes, as graph/plan-names.test.ts checks them in the studio. */
export const GRAPH_KINDS_TEST_GO = `package graph

import (
	"strings"
	"testing"
)

func TestChildNameProblem(t *testing.T) {
	cases := []struct {
		apiVersion, kind, name string
		valid                  bool
	}{
		{"v1", "ConfigMap", "a.b-c", true},
		{"v1", "ConfigMap", "Bad_Name", false},
		{"v1", "Service", "a.b", false},
		{"v1", "Service", "1abc", false},
		{"v1", "Service", "abc-1", true},
		{"v1", "Namespace", "victim.ns", false},
		{"rbac.authorization.k8s.io/v1", "ClusterRole", "system:aggregate-to-edit", true},
		{"rbac.authorization.k8s.io/v1", "RoleBinding", "a/b", false},
		{"batch/v1", "CronJob", strings.Repeat("a", 53), false},
		{"batch/v1", "Job", strings.Repeat("a", 63), true},
		{"example.com/v1", "Widget", "UPPER", false},
	}
	for _, c := range cases {
		child := &Child{ID: "child", APIVersion: c.apiVersion, Kind: c.kind}
		object := map[string]any{"metadata": map[string]any{"name": c.name}}
		problem := childNameProblem(child, object)
		if (problem == "") != c.valid {
			t.Errorf("%s %q: valid %v, problem %q", c.kind, c.name, c.valid, problem)
		}
		if problem != "" && !strings.HasPrefix(problem, "child child: metadata.name ") {
			t.Errorf("%s %q: the problem names the child and the field: %q", c.kind, c.name, problem)
		}
	}
}

func TestClusterScoped(t *testing.T) {
	for kind, want := range map[string]bool{
		"v1/Namespace": true, "rbac.authorization.k8s.io/v1/ClusterRole": true,
		"storage.k8s.io/v1/StorageClass": true, "v1/ConfigMap": false, "example.com/v1/Widget": false,
	} {
		i := strings.LastIndex(kind, "/")
		if got := isClusterScoped(&Child{APIVersion: kind[:i], Kind: kind[i+1:]}); got != want {
			t.Errorf("%s: cluster-scoped %v, want %v", kind, got, want)
		}
	}
}
`;
