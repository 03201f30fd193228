// Issue 34's acceptance: an exported project lives on. Web app is exported into a git repository
// and committed; a person adds Go to the hook file and to cmd/main.go; the design gains a spec
// field bound into the Deployment and a new child; `opstudio export --update` brings the change
// in as a three-way merge: the hand edits are kept, the field and the child are there, and the
// project builds and `make test` (generate, manifests, fmt, vet, then envtest offline with
// KUBEBUILDER_ASSETS) passes and changes nothing.
// Then a hand edit in a generated region that the next design change also touches is reported
// as a conflict (markers in the file) and nothing else is lost. `export --check` exits 0 on a
// fresh export and 1 naming a generated file edited by hand. The CLI runs in-process (main(argv, io)).
// @lane: build exported Go projects, go build and go test
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { binDir } from '@opstudio/sandbox';
import { repoRoot } from '../config';
import { opstudio } from '../../testing/cli';
import { changedFiles, goEnv, hasGo, placeControllerGen, run, treeHashes, type StepResult } from './go-check';

const skip = hasGo() ? false : 'go and make are needed for the exported project';

function edit(file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8');
  assert.ok(text.includes(from), `${file} holds ${JSON.stringify(from)}`);
  writeFileSync(file, text.replace(from, to));
}

function git(dir: string, ...args: string[]): string {
  const r = spawnSync('git', ['-c', 'user.email=dev@example.com', '-c', 'user.name=dev', ...args], {
    cwd: dir,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, `git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

test(
  'export --update merges a design change into a hand-edited project; --check finds drift',
  { skip, timeout: 20 * 60_000 },
  async (t) => {
    const work = mkdtempSync(join(tmpdir(), 'opstudio-update-'));
    t.after(() => rmSync(work, { recursive: true, force: true }));
    const dir = join(work, 'webapp-operator');
    const v1 = join(repoRoot, 'examples/webapp.design.yaml');

    // version 1, exported and committed
    const exported = await opstudio(['export', v1, '--dir', dir]);
    assert.equal(exported.code, 0, exported.stderr);
    git(dir, 'init', '-q');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'webapp-operator from Operator Studio');
    const fresh = await opstudio(['export', v1, '--check', dir]);
    assert.equal(fresh.code, 0, `a fresh export has no drift: ${fresh.stdout}${fresh.stderr}`);

    // a person's Go: in the hook file and in cmd/main.go
    const hooks = join(dir, 'internal/controller/webapp_hooks.go');
    edit(
      hooks,
      'obj *unstructured.Unstructured) error {\n\treturn nil',
      'obj *unstructured.Unstructured) error {\n\tappliedChildren++ // hand edit: counted\n\treturn nil',
    );
    writeFileSync(
      hooks,
      `${readFileSync(hooks, 'utf8')}\n// appliedChildren counts the children applied (hand edit).\nvar appliedChildren int\n`,
    );
    edit(
      join(dir, 'cmd/main.go'),
      'func main() {',
      '// startedBy is a hand edit in main.go.\nvar startedBy = "hand edit"\n\nfunc main() {',
    );
    git(dir, 'commit', '-qam', 'hand edits');

    // version 2: a spec field bound into the Deployment and a new child
    const v2 = join(work, 'webapp-v2.design.yaml');
    let design = readFileSync(v1, 'utf8');
    const change = (from: string, to: string): void => {
      assert.ok(design.includes(from), from);
      design = design.replace(from, to);
    };
    change(
      '        - name: env\n          type: array',
      '        - name: logLevel\n          type: string\n          description: logLevel is passed to the web server\n          default: info\n        - name: env\n          type: array',
    );
    change(
      '  - id: service\n',
      '  - id: account\n    template:\n      apiVersion: v1\n      kind: ServiceAccount\n  - id: service\n',
    );
    change(
      '              envFrom:',
      "              args:\n              - ${'--log-level=' + self.spec.logLevel}\n              envFrom:",
    );
    writeFileSync(v2, design);

    const drift = await opstudio(['export', v2, '--check', dir]);
    assert.equal(drift.code, 1, drift.stderr);
    assert.match(drift.stdout, /changed +api\/v1alpha1\/webapp_types\.go/);

    const updated = await opstudio(['export', v2, '--update', dir]);
    assert.equal(updated.code, 0, `${updated.stdout}${updated.stderr}`);
    t.diagnostic(updated.stdout.trim().replace(/\n/g, '; '));
    assert.doesNotMatch(updated.stdout, /CONFLICT/);
    assert.match(readFileSync(hooks, 'utf8'), /appliedChildren\+\+ \/\/ hand edit: counted/);
    assert.match(readFileSync(join(dir, 'cmd/main.go'), 'utf8'), /var startedBy = "hand edit"/);
    assert.match(
      readFileSync(join(dir, 'api/v1alpha1/webapp_types.go'), 'utf8'),
      /LogLevel string `json:"logLevel,omitempty"`/,
    );
    assert.match(readFileSync(join(dir, 'internal/graph/design.json'), 'utf8'), /--log-level=/);
    assert.match(
      readFileSync(join(dir, 'internal/controller/webapp_controller.go'), 'utf8'),
      /Owns\(&corev1\.ServiceAccount\{\}\)/,
    );
    assert.match(readFileSync(join(dir, 'config/rbac/role.yaml'), 'utf8'), /- serviceaccounts/);
    const clean = await opstudio(['export', v2, '--check', dir]);
    assert.equal(clean.code, 0, `hand edits live outside the generated files: ${clean.stdout}`);
    const dirty = await opstudio(['export', v2, '--update', dir]);
    assert.equal(dirty.code, 2);
    assert.match(dirty.stderr, /uncommitted changes/);

    // the updated project is a working kubebuilder project
    const steps: StepResult[] = [];
    const check = (r: StepResult): void => {
      steps.push(r);
      t.diagnostic(`${r.step}: ${r.ok ? 'ok' : 'FAILED'} in ${r.seconds.toFixed(1)} s`);
      assert.ok(r.ok, `${r.step} failed in the updated project:\n${r.output}`);
    };
    check(run('go build ./...', dir, 'go', ['build', './...']));
    placeControllerGen(dir);
    const before = treeHashes(dir);
    // make test: manifests, generate, fmt, vet, then go test with envtest, offline (KUBEBUILDER_ASSETS)
    check(
      run(
        'make test',
        dir,
        'make',
        ['test'],
        goEnv({ KUBEBUILDER_ASSETS: binDir(), KUBEBUILDER_CONTROLPLANE_START_TIMEOUT: '120s' }),
      ),
    );
    assert.doesNotMatch(steps.at(-1)!.output, /setup-envtest/, 'make test used KUBEBUILDER_ASSETS, no download');
    assert.deepEqual(
      changedFiles(before, treeHashes(dir)),
      [],
      'make test (generate, manifests, fmt) changed the updated files',
    );
    t.diagnostic(`go steps: ${steps.reduce((s, r) => s + r.seconds, 0).toFixed(1)} s`);
    git(dir, 'add', '-A', '.');
    git(dir, 'commit', '-qm', 'webapp-operator: design version 2');

    // a hand edit in a generated region that version 3 changes too: a conflict, nothing else lost
    const types = join(dir, 'api/v1alpha1/webapp_types.go');
    edit(types, '// +default="info"', '// +default="warn"');
    const handEdited = await opstudio(['export', v2, '--check', dir]);
    assert.equal(handEdited.code, 1);
    assert.equal(handEdited.stdout.trim(), 'changed api/v1alpha1/webapp_types.go');
    git(dir, 'commit', '-qam', 'a hand edit in a generated file');
    const v3 = join(work, 'webapp-v3.design.yaml');
    change('          default: info\n', '          default: debug\n');
    writeFileSync(v3, design);
    const conflicted = await opstudio(['export', v3, '--update', dir]);
    assert.equal(conflicted.code, 1, `${conflicted.stdout}${conflicted.stderr}`);
    assert.match(conflicted.stdout, /^CONFLICT api\/v1alpha1\/webapp_types\.go/m);
    assert.equal(conflicted.stdout.match(/CONFLICT/g)?.length, 1, conflicted.stdout);
    const merged = readFileSync(types, 'utf8');
    assert.match(merged, /<<<<<<< yours\n\t\/\/ \+default="warn"\n/);
    assert.match(merged, /=======\n\t\/\/ \+default="debug"\n>>>>>>> studio/);
    assert.match(readFileSync(join(dir, 'config/crd/bases/web.example.com_webapps.yaml'), 'utf8'), /default: debug/);
    assert.match(readFileSync(hooks, 'utf8'), /appliedChildren\+\+/);
    assert.match(readFileSync(join(dir, 'cmd/main.go'), 'utf8'), /var startedBy = "hand edit"/);
  },
);
