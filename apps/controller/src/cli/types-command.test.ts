// `opstudio types` and `-o <dir>` through the CLI's `main`, in this process.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { opstudio } from '../../testing/cli';

const example = (name: string): string =>
  fileURLToPath(new URL(`../../../../examples/${name}.design.yaml`, import.meta.url));
const golden = (file: string): string =>
  readFileSync(new URL(`../../../../packages/shared/src/gotypes/testdata/memcached/${file}`, import.meta.url), 'utf8');

test('types without -o exits 2 and says to pass -o', async () => {
  const r = await opstudio(['types', example('memcached')]);
  assert.equal(r.code, 2);
  assert.equal(r.stdout, '');
  assert.equal(r.stderr, 'opstudio types: types writes several files: pass -o <dir>\n');
});

test('types -o writes the Go API package (the golden files) and lists what it wrote', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'opstudio-types-'));
  const r = await opstudio(['types', '-', '-o', dir], readFileSync(example('memcached'), 'utf8'));
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr, '');
  assert.deepEqual(r.stdout.trim().split('\n'), [
    join(dir, 'api/v1alpha1/groupversion_info.go'),
    join(dir, 'api/v1alpha1/memcached_types.go'),
  ]);
  for (const f of ['groupversion_info.go', 'memcached_types.go'])
    assert.equal(readFileSync(join(dir, 'api/v1alpha1', f), 'utf8'), golden(f));
});

test('types warns on stderr about what Go markers cannot say, and still writes the files', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'opstudio-types-'));
  const r = await opstudio(['types', example('raw-schema'), '-o', dir]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(
    r.stderr,
    /^opstudio types: warning: crd\.versions\[0\]\.schema\.spec\.schedule\.allOf: controller-gen has no marker for allOf$/m,
  );
  assert.match(r.stderr, /crd:allowDangerousTypes=true/);
  assert.deepEqual(readdirSync(join(dir, 'api')).sort(), ['v1']);
});

test('crd, rbac and sample -o write where kubebuilder keeps them, the same bytes as stdout', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'opstudio-files-'));
  const paths = {
    crd: 'config/crd/bases/cache.example.com_memcacheds.yaml',
    rbac: 'config/rbac/role.yaml',
    sample: 'config/samples/cache_v1alpha1_memcached.yaml',
  };
  for (const [cmd, path] of Object.entries(paths)) {
    const written = await opstudio([cmd, '-o', dir, example('memcached')]);
    assert.equal(written.code, 0, written.stderr);
    assert.equal(written.stdout, `${join(dir, path)}\n`);
    assert.equal(readFileSync(join(dir, path), 'utf8'), (await opstudio([cmd, example('memcached')])).stdout);
  }
});

test('-o without a directory, or on import, is a usage error (exit 2)', async () => {
  const noDir = await opstudio(['crd', example('memcached'), '-o']);
  assert.equal(noDir.code, 2);
  assert.match(noDir.stderr, /^opstudio crd: -o needs a value <dir>$/m);
  const onImport = await opstudio(['import', example('memcached'), '-o', tmpdir()]);
  assert.equal(onImport.code, 2);
  assert.match(
    onImport.stderr,
    /^opstudio import: unknown option -o \(it takes no options\): see `opstudio import --help`$/m,
  );
});
