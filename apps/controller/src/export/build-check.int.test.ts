// Issue 6's acceptance on the exported tree, for the Memcached and kitchen-sink designs (and, for
// issue 14, the Web app and Redis graph designs, whose go.mod needs cel-go and k8s.io/apiserver
// directly for internal/celenv, issue 28): the
// zip unzips into a project where go.mod/go.sum are what `go mod tidy` writes, `go build` and
// `go vet` pass, `make generate manifests` changes nothing, and `go test ./...` (envtest with
// the sandbox's etcd and kube-apiserver) passes. Issue 31: the versions-with-conversion design
// (its hub/spoke conversion, webhook config and conversion tests, internal/convert) too, with a
// status added (the exported controller writes one). Needs Go, not a running cluster. Slow when the
// Go build cache is cold (minutes); the timings go to the test's diagnostics.
// @lane: build exported Go projects, go build and go test
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

for (const example of ['memcached', 'kitchen-sink', 'webapp', 'redis', 'conversion']) {
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
