// Issue 34 point 3: the exported project passes its own `make lint-config` and `make lint`
// (golangci-lint at kubebuilder's pin, with the .golangci.yml the export writes: kubebuilder's
// linters, logcheck aside) for the Web app graph design and the Memcached image form. The pinned
// golangci-lint is built once into the binaries cache and placed where the Makefile looks, so
// nothing is downloaded.
// @lane: build golangci-lint from its Go module and lint exported projects
// @opt-in: builds golangci-lint from source (minutes cold) and type-checks each project's dependencies; run it with --only lint.int
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, copyFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDesign } from '@opstudio/shared/design/io';
import { scaffoldProject } from '@opstudio/shared/scaffold/scaffold';
import { GOLANGCI_LINT_VERSION } from '@opstudio/shared/scaffold/project-lint';
import { cacheRoot, ensureGolangciLint, GOLANGCI_LINT_VERSION as BUILT_VERSION } from '@opstudio/sandbox';
import { loadCel } from '@opstudio/cel/node';
import { repoRoot } from '../config';
import { goEnv, hasGo, run } from './go-check';
import { writeTree } from './write-tree';

await loadCel();

const skip = hasGo() ? false : 'go and make are needed to lint the exported project';

test('the tests build the golangci-lint the exported Makefile pins', () => {
  assert.equal(GOLANGCI_LINT_VERSION, `v${BUILT_VERSION}`);
});

for (const example of ['webapp', 'memcached']) {
  test(`export of ${example}: make lint-config and make lint pass`, { skip, timeout: 30 * 60_000 }, async (t) => {
    const parsed = parseDesign(readFileSync(join(repoRoot, `examples/${example}.design.yaml`), 'utf8'));
    assert.ok(parsed.ok);
    // one folder per example, and a cache of the test's own: golangci-lint replays cached findings
    // under the folder they were first seen in, where the config's path exclusions no longer match
    const dir = join(tmpdir(), `opstudio-lint-${example}`);
    rmSync(dir, { recursive: true, force: true });
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    writeTree(dir, scaffoldProject(parsed.design).files);
    // where the Makefile's go-install-tool looks: bin/golangci-lint -> bin/golangci-lint-<version>
    const built = await ensureGolangciLint({ onProgress: (line) => t.diagnostic(line) });
    mkdirSync(join(dir, 'bin'), { recursive: true });
    copyFileSync(built, join(dir, 'bin', `golangci-lint-${GOLANGCI_LINT_VERSION}`));
    symlinkSync(join(dir, 'bin', `golangci-lint-${GOLANGCI_LINT_VERSION}`), join(dir, 'bin', 'golangci-lint'));
    const env = goEnv({ GOLANGCI_LINT_CACHE: join(cacheRoot(), 'golangci-lint-cache') });
    for (const target of ['lint-config', 'lint']) {
      const r = run(`make ${target}`, dir, 'make', [target], env);
      t.diagnostic(`make ${target}: ${r.ok ? 'ok' : 'FAILED'} in ${r.seconds.toFixed(1)} s`);
      assert.ok(r.ok, `make ${target} failed in the exported ${example} project:\n${r.output}`);
    }
  });
}
