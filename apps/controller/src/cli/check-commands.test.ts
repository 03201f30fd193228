// Runs `diff` and `validate` in separate processes, as a user would, and checks what
// they print and their exit codes (0 fine, 1 findings, 2 bad input).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { parse, stringify } from 'yaml';

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
const corpus = process.env.OPSTUDIO_CONFORMANCE_DIR ?? resolve(repo, '../shared/conformance/crds');
const memcached = join(corpus, 'kubebuilder__memcacheds.cache.example.com.yaml');
const dir = mkdtempSync(join(tmpdir(), 'opstudio-check-'));

/** One CLI process; tests run concurrently because each start pays for tsx. */
function run(args: string[], input = ''): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/controller/src/cli/check-commands.ts', ...args], { cwd: repo });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    child.stdin.on('error', () => {}); // EPIPE when the command exits without reading stdin
    child.stdin.end(input);
  });
}

/** The Memcached CRD with an edit applied to `.spec` of v1alpha1, written to a temp file. */
function edited(name: string, edit: (spec: { properties: Record<string, Record<string, unknown>> }) => void): string {
  const doc = parse(readFileSync(memcached, 'utf8')) as { spec: { versions: { schema: { openAPIV3Schema: { properties: { spec: never } } } }[] } };
  edit(doc.spec.versions[0]!.schema.openAPIV3Schema.properties.spec);
  const file = join(dir, name);
  writeFileSync(file, stringify(doc));
  return file;
}

describe('opstudio diff', { concurrency: true }, () => {
  test('a CRD against itself: no changes, exit 0', async () => {
    const r = await run(['diff', memcached, memcached]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, 'No changes.\n');
  });
  test('a lowered maximum is breaking: table row, summary, exit 1', async () => {
    const r = await run(['diff', memcached, edited('max.yaml', (s) => (s.properties.size!.maximum = 2))]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /^SEVERITY +RULE +PATH +CHANGE$/m);
    assert.match(r.stdout, /^breaking +maximum +v1alpha1: \.spec\.size +maximum lowered from 3 to 2$/m);
    assert.match(r.stdout, /^1 change: 1 breaking, 0 safe$/m);
  });
  test('only safe changes exit 0 and are still listed', async () => {
    const r = await run(['diff', memcached, edited('safe.yaml', (s) => (s.properties.size!.description = 'how many'))]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^safe +description +v1alpha1: \.spec\.size +description changed$/m);
  });
  test('- reads the installed CRD from stdin', async () => {
    const r = await run(['diff', '-', edited('req.yaml', (s) => ((s as unknown as { required: string[] }).required = ['size']))], readFileSync(memcached, 'utf8'));
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /^breaking +required +v1alpha1: \.spec +new required field: size$/m);
  });
});

describe('opstudio validate', { concurrency: true }, () => {
  test('a valid CRD: no issues, exit 0', async () => {
    const r = await run(['validate', memcached]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, 'No issues found.\n');
  });
  test('a default above its maximum: the field, the fix, exit 1', async () => {
    const r = await run(['validate', edited('default.yaml', (s) => (s.properties.size!.default = 9))]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /^error +v1alpha1: \.spec\.size +default 9: 9 is above the maximum 3; change the default or the constraint$/m);
    assert.match(r.stdout, /^1 error, 0 warnings$/m);
  });
  test('reads stdin', async () => {
    const r = await run(['validate', '-'], readFileSync(memcached, 'utf8'));
    assert.equal(r.code, 0, r.stderr);
  });
});

describe('bad input: exit 2 and one line on stderr', { concurrency: true }, () => {
  const bad: [string, string[], RegExp, string?][] = [
    ['a missing file', ['validate', join(dir, 'nope.yaml')], /^opstudio validate: cannot read .*nope\.yaml: no such file\n$/],
    ['invalid YAML', ['validate', '-'], /^opstudio validate: stdin: invalid YAML: /, 'a: [\n'],
    ['not a CRD', ['validate', '-'], /^opstudio validate: stdin: kind is Deployment, expected CustomResourceDefinition\n$/, 'apiVersion: apps/v1\nkind: Deployment\n'],
    ['a design', ['diff', memcached, '-'], /^opstudio diff: stdin: is a design; run 'opstudio crd stdin'/, 'kind: OperatorDesign\n'],
    ['an old apiVersion', ['validate', '-'], /expected apiextensions\.k8s\.io\/v1\n$/, 'apiVersion: apiextensions.k8s.io/v1beta1\nkind: CustomResourceDefinition\n'],
    ['two documents', ['validate', '-'], /expected one CustomResourceDefinition, found 2 documents/, 'a: 1\n---\nb: 2\n'],
    ['a missing argument', ['diff', memcached], /^opstudio diff: usage: opstudio diff <installed-crd\.yaml> <proposed-crd\.yaml>/],
    ['stdin twice', ['diff', '-', '-'], /only one input can come from stdin/],
  ];
  for (const [name, args, stderr, input] of bad) {
    test(name, async () => {
      const r = await run(args, input ?? '');
      assert.equal(r.code, 2, r.stdout);
      assert.match(r.stderr, stderr);
      assert.equal(r.stderr.trimEnd().split('\n').length, 1, r.stderr);
      assert.equal(r.stdout, '');
    });
  }
});
