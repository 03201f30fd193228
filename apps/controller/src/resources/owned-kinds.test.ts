// The Owned objects panel watches its kinds cluster-wide with the studio's own rights: each must
// be one the chart lets the studio list and watch (docs/design/0022, 0043). Namespaces are (the
// cluster overview reads them), so a cluster-scoped Project's Namespace shows; ClusterRoles and
// ClusterRoleBindings are not, so they stay out. Roles and RoleBindings need the chart's opt-in
// `rbac.graphRbacChildren`, as such children do.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { REPO_ROOT } from '@opstudio/shared/testing/corpus';
import { OWNED_KINDS } from './owned-kinds';

interface ChartRule {
  readonly groups: readonly string[];
  readonly resources: readonly string[];
  readonly verbs: readonly string[];
  /** only with rbac.graphRbacChildren */
  readonly optIn: boolean;
}

const list = (line: string) =>
  (/\[(.*)\]/.exec(line)?.[1] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) => s.replace(/^"(.*)"$/, '$1')); // [""] is the core group

/** The ClusterRole template's rules with literal groups, read line by line (it is a Helm template, not YAML). */
function chartRules(): ChartRule[] {
  const text = readFileSync(`${REPO_ROOT}/deploy/helm/operator-studio/templates/clusterrole.yaml`, 'utf8');
  const rules: ChartRule[] = [];
  let optIn = false;
  let groups: string[] | undefined;
  let resources: string[] = [];
  for (const line of text.split('\n')) {
    if (line.includes('if .Values.rbac.graphRbacChildren')) optIn = true;
    else if (optIn && line.includes('{{- end }}')) optIn = false;
    else if (/^ {2}- apiGroups: \[/.test(line)) groups = list(line);
    else if (/^ {2}- apiGroups:/.test(line))
      groups = undefined; // from values: not a literal group
    else if (/^ {4}resources: \[/.test(line)) resources = list(line);
    else if (/^ {4}verbs: \[/.test(line) && groups !== undefined)
      rules.push({ groups, resources, verbs: list(line), optIn });
  }
  return rules;
}

test('every kind Owned objects watches is one the chart lets the studio list and watch', () => {
  const rules = chartRules();
  const granted = (group: string, resource: string) =>
    rules.filter(
      (r) =>
        r.groups.includes(group) &&
        r.resources.includes(resource) &&
        r.verbs.includes('list') &&
        r.verbs.includes('watch'),
    );
  const optIn: string[] = [];
  for (const k of OWNED_KINDS) {
    const found = granted(k.group, k.resource);
    assert.ok(found.length > 0, `${k.resource}.${k.group}: the chart grants no list and watch`);
    if (found.every((r) => r.optIn)) optIn.push(k.resource);
  }
  assert.deepEqual(optIn, ['roles', 'rolebindings']);
  const watched = OWNED_KINDS.map((k) => k.resource);
  for (const r of ['namespaces', 'resourcequotas', 'limitranges', 'networkpolicies']) assert.ok(watched.includes(r), r);
  for (const r of ['clusterroles', 'clusterrolebindings']) assert.ok(!watched.includes(r), r);
});
