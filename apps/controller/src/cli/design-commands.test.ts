// The conformance round trip through the CLI's `main` (in this process; the binary once, for
// `-`): `opstudio import <crd>` → design file → `opstudio crd <design>` must give the CRD back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { corpusFiles } from '@opstudio/shared/testing/corpus';
import { opstudio } from '../../testing/cli';

const BIN = fileURLToPath(new URL('../../bin/opstudio.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'opstudio-design-cli-'));

/** `opstudio` as a process of its own: the binary, its stdin and its exit code. */
function opstudioProcess(args: string[], input?: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

for (const file of corpusFiles()) {
  test(`opstudio import | opstudio crd reproduces ${file.name}`, async () => {
    const crdPath = join(dir, file.name);
    writeFileSync(crdPath, file.text);
    const imported = await opstudio(['import', crdPath]);
    assert.equal(imported.code, 0, imported.stderr);
    assert.match(imported.stdout, /^apiVersion: studio\.opstudio\.dev\/v1alpha1\nkind: OperatorDesign\n/);
    const designPath = join(dir, `${file.name}.design.yaml`);
    writeFileSync(designPath, imported.stdout);
    const generated = await opstudio(['crd', designPath]);
    assert.equal(generated.code, 0, generated.stderr);
    if (file.byteIdentical)
      assert.ok(generated.stdout === file.text, `${file.name}: generated CRD differs from the corpus file`);
    else assert.deepEqual(parse(generated.stdout), parse(file.text));
  });
}

test('`-` reads stdin (the binary, in a process of its own)', () => {
  const memcached = corpusFiles().find((f) => f.name.startsWith('kubebuilder__'))!;
  const design = opstudioProcess(['import', '-'], memcached.text);
  assert.equal(design.code, 0, design.stderr);
  const crd = opstudioProcess(['crd', '-'], design.stdout);
  assert.equal(crd.code, 0, crd.stderr);
  assert.equal(crd.stdout, memcached.text);
});

test('rbac and sample print the ClusterRole and a sample CR for a design', async () => {
  const design = fileURLToPath(new URL('../../../../examples/memcached.design.yaml', import.meta.url));
  const rbac = await opstudio(['rbac', design]);
  assert.equal(rbac.code, 0, rbac.stderr);
  assert.ok(
    rbac.stdout.startsWith(
      '---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: manager-role\n',
    ),
    rbac.stdout,
  );
  const sample = await opstudio(['sample', design]);
  assert.equal(sample.code, 0, sample.stderr);
  assert.ok(sample.stdout.startsWith('apiVersion: cache.example.com/v1alpha1\nkind: Memcached\n'), sample.stdout);
  assert.ok(sample.stdout.includes('\nspec:\n  size: 1\n'), sample.stdout);
});

test('unreadable or invalid input exits 2 with one line on stderr', async () => {
  const missing = await opstudio(['crd', join(dir, 'nope.yaml')]);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /^opstudio crd: cannot read .*nope\.yaml: no such file\n$/);

  const bad = join(dir, 'bad.design.yaml');
  writeFileSync(
    bad,
    'apiVersion: studio.opstudio.dev/v1alpha1\nkind: OperatorDesign\nproject: {domain: example.com, repo: x, projectName: x}\ncrd: {group: cache, names: {kind: memcached}, scope: Namespaced, versions: []}\n',
  );
  const invalid = await opstudio(['crd', bad]);
  assert.equal(invalid.code, 2);
  assert.equal(invalid.stderr.split('\n').length, 2, invalid.stderr);
  assert.match(invalid.stderr, /crd\.names\.kind: kind must be UpperCamelCase/);

  const notCrd = await opstudio(['import', '-'], 'kind: ConfigMap\n');
  assert.equal(notCrd.code, 2);
  assert.match(notCrd.stderr, /expected apiVersion apiextensions\.k8s\.io\/v1 and kind CustomResourceDefinition/);

  const usage = await opstudio(['crd']);
  assert.equal(usage.code, 2);
  assert.match(usage.stderr, /^opstudio crd: missing <design\.yaml>: usage: opstudio crd <design\.yaml>/);
});
