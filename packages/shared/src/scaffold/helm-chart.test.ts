/// <reference types="node" />
// The export's Helm chart (helm-chart.ts): the CRD and every role's rules are config/'s texts,
// only the templates are the studio's to regenerate, a `{{` a user typed stays text, and a design
// with conversion gets the webhook's Service, the CRD's spec.conversion and cert-manager's
// pieces. helm lint/template and a server-side dry run of the rendered chart are in
// apps/controller/src/export/build-check.int.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDesign } from '../design/io';
import type { Design } from '../design/schema';
import { crdPath } from './config-files';
import { projectFacts } from './facts';
import { CHART_DIR, helmLiteral } from './helm-chart-names';
import { isGenerated, MANIFEST_PATH, parseManifest } from './project-manifest';
import { scaffoldProject } from './scaffold';
import { loadCel } from '@opstudio/cel/node';

await loadCel();

const repo = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

function load(file: string): Design {
  const parsed = parseDesign(readFileSync(join(repo, file), 'utf8'));
  assert.ok(parsed.ok, file);
  return parsed.design;
}

const T = `${CHART_DIR}/templates`;
/** The template's text with our actions' lines dropped and the escapes undone. */
const literal = (template: string): string =>
  template
    .split('\n')
    .filter((l) => !/\{\{-? (if|end|else)|helm\.sh\/resource-policy|cert-manager\.io\/inject-ca-from/.test(l))
    .join('\n')
    .replaceAll('{{ "{{" }}', '{{');

test("the Memcached chart: kubebuilder's layout, the CRD and the rules exactly config/'s", () => {
  const { files, facts } = scaffoldProject(load('examples/memcached.design.yaml'));
  for (const path of [
    'Chart.yaml',
    'values.yaml',
    '.helmignore',
    'templates/_helpers.tpl',
    'templates/manager/manager.yaml',
    'templates/crd/memcacheds.cache.example.com.yaml',
    'templates/rbac/controller-manager.yaml',
    'templates/rbac/manager-role.yaml',
    'templates/rbac/manager-rolebinding.yaml',
    'templates/rbac/studio-handoff-role.yaml',
    'templates/metrics/controller-manager-metrics-service.yaml',
    'templates/prometheus/controller-manager-metrics-monitor.yaml',
    'templates/network-policy/allow-metrics-traffic.yaml',
  ])
    assert.ok(files.has(`${CHART_DIR}/${path}`), path);
  assert.equal([...files.keys()].filter((p) => p.includes('/webhook/') || p.includes('cert-manager')).length, 0);

  const crd = files.get(`${T}/crd/memcacheds.cache.example.com.yaml`) ?? '';
  assert.equal(literal(crd), `${(files.get(crdPath(facts)) ?? '').replace(/^---\n/, '')}`);
  assert.match(crd, /^\{\{- if \.Values\.crd\.enabled \}\}\n/);
  assert.match(crd, /\{\{- if \.Values\.crd\.keep \}\}\n {4}"helm\.sh\/resource-policy": keep\n/);

  const rules = (text: string): string => text.slice(text.indexOf('\nrules:\n'));
  const pairs: [string, string][] = [
    ['manager-role', 'role'],
    ['leader-election-role', 'leader_election_role'],
    ['studio-handoff-role', 'studio_handoff_role'],
    ['metrics-auth-role', 'metrics_auth_role'],
    ['metrics-reader', 'metrics_reader_role'],
    ['memcached-editor-role', 'memcached_editor_role'],
  ];
  for (const [chart, config] of pairs)
    assert.equal(
      literal(rules(files.get(`${T}/rbac/${chart}.yaml`) ?? '')).trimEnd(),
      rules(files.get(`config/rbac/${config}.yaml`) ?? '').trimEnd(),
      chart,
    );
  assert.match(files.get(`${T}/rbac/manager-role.yaml`) ?? '', /\n {2}- memcacheds\/finalizers\n/);

  // the image form's operand image reaches the manager as config/manager gives it
  assert.match(
    files.get(`${T}/manager/manager.yaml`) ?? '',
    /\n {8}- name: MEMCACHED_IMAGE\n {10}value: "memcached:1\.6\.26-alpine3\.19"\n/,
  );
  assert.match(files.get('Makefile') ?? '', /\nhelm-deploy: .*\n\tIMG="\$\(IMG\)"; \$\(HELM\) upgrade --install/);
});

test('templates are regenerated with the design; Chart.yaml, values.yaml and .helmignore are the user’s', () => {
  const { files } = scaffoldProject(load('examples/memcached.design.yaml'));
  const chart = [...files.keys()].filter((p) => p.startsWith(`${CHART_DIR}/`));
  const generated = chart.filter(isGenerated);
  assert.deepEqual(
    chart.filter((p) => !isGenerated(p)).sort(),
    ['Chart.yaml', 'values.yaml', '.helmignore'].map((f) => `${CHART_DIR}/${f}`).sort(),
  );
  assert.ok(generated.every((p) => p.startsWith(`${T}/`)));
  const manifest = parseManifest(files.get(MANIFEST_PATH) ?? '');
  assert.ok(manifest.ok, manifest.ok ? '' : manifest.message);
  assert.ok(manifest.manifest.generated.includes(`${T}/_helpers.tpl`));
  assert.ok(!manifest.manifest.generated.includes(`${CHART_DIR}/values.yaml`));
});

test('a `{{` the user typed is text in the chart, not a template action', () => {
  const design = load('examples/memcached.design.yaml');
  const hostile = 'size {{ fail "boom" }} {{- .Values.x -}} {{{ /* }}';
  const size = design.crd.versions[0]?.schema?.fields?.[0]?.fields?.[0];
  assert.ok(size);
  size.description = hostile;
  const { files } = scaffoldProject(design);
  const crd = files.get(`${T}/crd/memcacheds.cache.example.com.yaml`) ?? '';
  assert.ok(!crd.includes('{{ fail'), 'the action is escaped');
  assert.ok(crd.includes(helmLiteral(hostile)));
  // every `{{` left is the escape or one of the chart's own conditions
  const actions = crd.replaceAll('{{ "{{" }}', '').match(/\{\{[^}]*\}\}/g) ?? [];
  assert.deepEqual([...new Set(actions)].sort(), [
    '{{- end }}',
    '{{- if .Values.crd.enabled }}',
    '{{- if .Values.crd.keep }}',
  ]);
  assert.equal(helmLiteral('a {{ b }} {{{'), 'a {{ "{{" }} b }} {{ "{{" }}{');
});

test('a design with conversion: the webhook Service, spec.conversion and cert-manager behind certManager.enabled', () => {
  const design = load('packages/shared/src/conversion/testdata/two-versions.design.yaml');
  const { files } = scaffoldProject(design);
  const f = projectFacts(design);
  const crd = files.get(`${T}/crd/${f.plural}.${f.fullGroup}.yaml`) ?? '';
  assert.match(
    crd,
    /\nspec:\n {2}conversion:\n {4}strategy: Webhook\n {4}webhook:\n {6}clientConfig:\n {8}service:\n {10}name: \{\{ include "[a-z0-9-]+\.resourceName" \(dict "suffix" "webhook-service" "context" \$\) \}\}\n/,
  );
  assert.match(crd, /cert-manager\.io\/inject-ca-from: \{\{ \.Release\.Namespace \}\}\//);
  for (const path of [
    'webhook/webhook-service.yaml',
    'cert-manager/serving-cert.yaml',
    'cert-manager/selfsigned-issuer.yaml',
  ])
    assert.ok(files.has(`${T}/${path}`), path);
  assert.match(files.get(`${CHART_DIR}/values.yaml`) ?? '', /\ncertManager:\n {2}enabled: true\n/);
  assert.match(
    files.get(`${T}/manager/manager.yaml`) ?? '',
    /- --webhook-cert-path=\/tmp\/k8s-webhook-server\/serving-certs/,
  );
});
