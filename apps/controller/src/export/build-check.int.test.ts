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
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDesign } from '@opstudio/shared/design/io';
import type { Design } from '@opstudio/shared/design/schema';
import { exportZip } from '@opstudio/shared/scaffold/export-zip';
import { unzipEntries } from '@opstudio/shared/zip/zip';
import { binDir } from '@opstudio/sandbox';
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
      const root = mkdtempSync(join(tmpdir(), `opstudio-export-${example}-`));
      t.after(() => rmSync(root, { recursive: true, force: true }));
      const prefix = `${design.project.projectName}/`;
      writeTree(
        root,
        new Map(
          [...unzipEntries(zip.bytes)].map(([name, data]) => [
            name.slice(prefix.length),
            new TextDecoder().decode(data),
          ]),
        ),
      );
      const dir = root;
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
