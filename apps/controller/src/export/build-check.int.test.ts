// Issue 6's acceptance on the exported tree, for every example design in examples/ (issue 14's
// graph designs need cel-go and k8s.io/apiserver in go.mod for internal/celenv, issue 28) and
// issue 31's versions-with-conversion design (hub/spoke conversion, webhook config and
// conversion tests, internal/convert): the zip unzips into a project where go.mod/go.sum are what
// `go mod tidy` writes, `go build` and `go vet` pass, `make generate manifests` changes nothing,
// and `go test ./...` (envtest with the sandbox's etcd and kube-apiserver) passes. Issue 32: that
// `go test` runs the design's own cases (its validation cases in envtest, its render cases through
// the exported planner, from internal/controller/testdata/*_cases.json): the files hold every case
// the design declares, so every example's cases pass in the exported project's `make test`.
// Needs Go, not a running cluster. Slow when the Go build cache is cold (minutes); the timings go
// to the test's diagnostics.
// @lane: build exported Go projects, go build and go test
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDesign } from '@opstudio/shared/design/io';
import type { Design } from '@opstudio/shared/design/schema';
import { exportZip } from '@opstudio/shared/scaffold/export-zip';
import { unzipEntries } from '@opstudio/shared/zip/zip';
import { binDir } from '@opstudio/sandbox';
import type { KubernetesObject } from '@kubernetes/client-node';
import { kubeconfigPath, skipWithoutCluster } from '../../testing';
import { kubectl, lintChart, parseObjects, serverDryRun, templateChart } from './chart-check';
import { repoRoot } from '../config';
import { changedFiles, goEnv, hasGo, placeControllerGen, run, treeHashes, type StepResult } from './go-check';
import { writeTree } from './write-tree';
import { loadCel } from '@opstudio/cel/node';

// a graph's export reads what each child reads from the CEL engine
await loadCel();

const skip = hasGo() ? false : 'go and make are needed for the export build check';

function exampleDesign(example: string): Design {
  const file =
    example === 'conversion'
      ? 'packages/shared/src/conversion/testdata/two-versions.design.yaml'
      : `examples/${example}.design.yaml`;
  const parsed = parseDesign(readFileSync(join(repoRoot, file), 'utf8'));
  assert.ok(parsed.ok, file);
  return parsed.design;
}

/** The case names in the exported project's case file, or [] when it has none. */
function exportedCaseNames(dir: string, file: string): string[] {
  const path = join(dir, 'internal/controller/testdata', file);
  if (!existsSync(path)) return [];
  const data = JSON.parse(readFileSync(path, 'utf8')) as { cases?: { name: string }[] };
  return (data.cases ?? []).map((c) => c.name);
}

/** Examples the export refuses on purpose, with the path it names. */
const NOT_EXPORTABLE: Record<string, string> = {
  // it keeps the CRD options Go types cannot express (an imported CRD's uniqueItems, …)
  'raw-schema': 'versions[v1].spec.tags',
};

const EXAMPLES = readdirSync(join(repoRoot, 'examples'))
  .filter((f) => f.endsWith('.design.yaml'))
  .map((f) => f.slice(0, -'.design.yaml'.length))
  .filter((name) => NOT_EXPORTABLE[name] === undefined)
  .sort();

test('every example but the raw-schema one is export-checked below; that one is refused at its path', () => {
  assert.ok(EXAMPLES.length >= 7, EXAMPLES.join(', '));
  for (const [name, path] of Object.entries(NOT_EXPORTABLE))
    assert.throws(
      () => exportZip(exampleDesign(name)),
      (err: { path?: string }) => err.path === path,
      name,
    );
});

/** The zip a user downloads, unzipped into a temporary folder removed after the test. */
function unzipExport(t: TestContext, design: Design, label: string, bytes = exportZip(design).bytes): string {
  const root = mkdtempSync(join(tmpdir(), `opstudio-export-${label}-`));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const prefix = `${design.project.projectName}/`;
  writeTree(
    root,
    new Map(
      [...unzipEntries(bytes)].map(([name, data]) => [name.slice(prefix.length), new TextDecoder().decode(data)]),
    ),
  );
  return root;
}

type ChartCrd = KubernetesObject & {
  spec: { conversion?: { webhook?: { clientConfig?: { service?: { name?: string } } } } };
};

/** A text field holding Helm's delimiters, which must reach the cluster as text. */
function templateHostile(): Design {
  const design = structuredClone(exampleDesign('memcached'));
  const size = design.crd.versions[0]?.schema?.fields?.[0]?.fields?.[0];
  assert.ok(size);
  size.description = 'size {{ fail "boom" }} {{- .Values.x -}} {{{';
  return design;
}

// Issue 34 point 3: kubebuilder's helm/v2-alpha chart in every export (dist/chart). The CRD Helm
// renders is config/crd/bases' (the user's `{{` included), the manager's ClusterRole grants
// config/rbac/role.yaml's rules, and the sandbox accepts every object (cert-manager's and the
// ServiceMonitor's kinds aside: the sandbox has neither operator; helm lint renders them).
test(
  'the Helm chart of every example: helm lint --strict, helm template, a server-side dry run on the sandbox',
  { skip: skipWithoutCluster, timeout: 10 * 60_000 },
  async (t) => {
    const kubeconfig = kubeconfigPath ?? '';
    const namespace = `chart-${Date.now().toString(36)}`;
    assert.ok(kubectl(kubeconfig, ['create', 'namespace', namespace]).ok);
    t.after(() => kubectl(kubeconfig, ['delete', 'namespace', namespace, '--wait=false']));
    const everything = {
      'prometheus.enabled': 'true',
      'networkPolicy.enabled': 'true',
      'rbac.helpers.enabled': 'true',
    };
    for (const [label, design] of [
      ...[...EXAMPLES, 'conversion'].map((e): [string, Design] => [e, exampleDesign(e)]),
      ['template-hostile', templateHostile()] as [string, Design],
    ]) {
      const started = performance.now();
      const dir = unzipExport(t, design, label);
      for (const set of [{}, { ...everything, 'certManager.enabled': 'true' }]) {
        const lint = await lintChart(dir, set);
        assert.ok(lint.ok && /1 chart\(s\) linted, 0 chart\(s\) failed/.test(lint.output), `${label}: ${lint.output}`);
        assert.doesNotMatch(lint.output, /\[(WARNING|ERROR)\]/, label);
      }
      // the sandbox has no cert-manager and no prometheus-operator: their kinds stay off here
      const rendered = await templateChart(dir, 'rel', namespace, {
        ...everything,
        'prometheus.enabled': 'false',
        'certManager.enabled': 'false',
      });
      const objects = parseObjects(rendered);
      const crd = objects.find((o) => o.kind === 'CustomResourceDefinition') as ChartCrd;
      const crdFile = readdirSync(join(dir, 'config/crd/bases'))[0] ?? '';
      const expected = parseObjects(readFileSync(join(dir, 'config/crd/bases', crdFile), 'utf8'))[0];
      const { 'helm.sh/resource-policy': keep, ...annotations } = crd.metadata?.annotations ?? {};
      const { conversion, ...spec } = crd.spec;
      assert.equal(keep, 'keep', label);
      assert.deepEqual(
        { ...crd, metadata: { ...crd.metadata, annotations }, spec },
        expected,
        `${label}: the CRD is config/'s`,
      );
      // the conversion webhook is the chart's Service (kustomize patches it in config/crd/patches)
      assert.equal(
        conversion?.webhook?.clientConfig?.service?.name,
        label === 'conversion' ? 'rel-cache-operator-webhook-service' : undefined,
      );
      const role = objects.find((o) => o.kind === 'ClusterRole' && o.metadata?.name?.endsWith('-manager-role')) as {
        rules: unknown;
      };
      const configRole = parseObjects(readFileSync(join(dir, 'config/rbac/role.yaml'), 'utf8'))[0] as unknown as {
        rules: unknown;
      };
      assert.deepEqual(role.rules, configRole.rules, `${label}: the manager's rules are config/rbac/role.yaml's`);
      const dryRun = serverDryRun(kubeconfig, rendered);
      assert.ok(dryRun.ok, `${label}: the sandbox refused the chart:\n${dryRun.output}`);
      assert.match(
        dryRun.output,
        /deployment\.apps\/rel-[a-z0-9-]+-controller-manager serverside-applied \(server dry run\)/,
        label,
      );
      t.diagnostic(
        `${label}: lint, template and dry run of ${objects.length} objects in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
  },
);

for (const example of [...EXAMPLES, 'conversion']) {
  test(
    `export of ${example}: tidy, build, vet, generate+manifests unchanged, go test`,
    { skip, timeout: 40 * 60_000 },
    (t) => {
      const design = exampleDesign(example);
      const started = performance.now();
      const zip = exportZip(design);
      const exportMs = performance.now() - started;
      t.diagnostic(
        `export: ${exportMs.toFixed(0)} ms, ${zip.scaffold.files.size} files, zip ${zip.bytes.length} bytes`,
      );

      // unzip the bytes a user downloads, not the file map
      const dir = unzipExport(t, design, example, zip.bytes);
      const exported = treeHashes(dir);
      // the design's cases, every one, are in the tables the exported `go test` runs
      const cases = design.tests ?? { render: [], validation: [] };
      assert.deepEqual(
        exportedCaseNames(dir, 'render_cases.json'),
        (cases.render ?? []).map((c) => c.name),
        'render cases in the export',
      );
      assert.deepEqual(
        exportedCaseNames(dir, 'validation_cases.json'),
        (cases.validation ?? []).map((c) => c.name),
        'validation cases in the export',
      );
      t.diagnostic(`cases: ${cases.render?.length ?? 0} render, ${cases.validation?.length ?? 0} validation`);

      const steps: StepResult[] = [];
      const check = (r: StepResult): void => {
        steps.push(r);
        t.diagnostic(`${r.step}: ${r.ok ? 'ok' : 'FAILED'} in ${r.seconds.toFixed(1)} s`);
        assert.ok(r.ok, `${r.step} failed in the exported ${example} project:\n${r.output}`);
      };

      check(run('go mod tidy', dir, 'go', ['mod', 'tidy']));
      assert.deepEqual(
        changedFiles(exported, treeHashes(dir)),
        [],
        'go mod tidy changed go.mod/go.sum: regenerate packages/shared/src/scaffold/testdata/go.{mod,sum}.txt',
      );
      check(run('go build ./...', dir, 'go', ['build', './...']));
      check(run('go vet ./...', dir, 'go', ['vet', './...']));
      check(run('gofmt -l .', dir, 'gofmt', ['-l', '.']));
      assert.equal(steps.at(-1)?.output.trim(), '', 'gofmt would reformat these files');
      placeControllerGen(dir);
      check(run('make generate manifests', dir, 'make', ['generate', 'manifests']));
      assert.deepEqual(
        changedFiles(exported, treeHashes(dir)),
        [],
        'make generate manifests changed the committed files',
      );
      check(
        run(
          'go test ./...',
          dir,
          'go',
          ['test', './...'],
          goEnv({
            KUBEBUILDER_ASSETS: binDir(),
            // envtest's 20 s for its kube-apiserver to start is short on 2 busy cores (the other lane runs)
            KUBEBUILDER_CONTROLPLANE_START_TIMEOUT: '120s',
          }),
        ),
      );
      t.diagnostic(`build check total: ${steps.reduce((s, r) => s + r.seconds, 0).toFixed(1)} s`);
    },
  );
}
