/// <reference types="node" />
// The Update project… patch (project-patch.ts), with git as the oracle: `git apply` of the patch
// between two scaffolds turns a tree of the first into the second, byte for byte (new, deleted
// and changed files, a last line without a line break), and refuses a file with hand edits in a
// changed hunk rather than applying half of it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDesign } from '../design/io';
import { diffHunks, projectUpdatePatch, scaffoldPatch } from './project-patch';
import { scaffoldProject } from './scaffold';
import { loadCel } from '@opstudio/cel/node';

await loadCel();

const repo = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

function writeFiles(dir: string, files: ReadonlyMap<string, string>): void {
  for (const [p, text] of files) {
    mkdirSync(dirname(join(dir, p)), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
}

function gitApply(dir: string, patch: string): { ok: boolean; output: string } {
  const r = spawnSync('git', ['apply', '--whitespace=nowarn', '-'], { cwd: dir, input: patch, encoding: 'utf8' });
  return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
}

test('hunks: context, joined changes, a file without its last line break', () => {
  assert.equal(diffHunks('a\nb\nc\n', 'a\nb\nc\n'), '');
  assert.equal(diffHunks('a\nb\nc\n', 'a\nB\nc\n'), '@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n');
  assert.equal(diffHunks('', 'x\n'), '@@ -0,0 +1 @@\n+x\n');
  assert.equal(diffHunks('x', 'x\n'), '@@ -1 +1 @@\n-x\n\\ No newline at end of file\n+x\n');
  const long = Array.from({ length: 20 }, (_, i) => `l${i}`);
  const changed = long.map((l, i) => (i === 2 || i === 17 ? l.toUpperCase() : l));
  const hunks = diffHunks(`${long.join('\n')}\n`, `${changed.join('\n')}\n`);
  assert.deepEqual(hunks.match(/^@@.*@@$/gm), ['@@ -1,6 +1,6 @@', '@@ -15,6 +15,6 @@']);
});

test('git apply of the patch between two designs’ scaffolds gives the second scaffold', (t) => {
  const parsed = parseDesign(readFileSync(join(repo, 'examples/memcached.design.yaml'), 'utf8'));
  assert.ok(parsed.ok);
  const before = scaffoldProject(parsed.design).files;
  const design = structuredClone(parsed.design);
  // a new spec field (types, CRD, chart, design.json change) and no render cases (two files go)
  design.crd.versions[0]?.schema?.fields?.[0]?.fields?.push({ name: 'logLevel', type: 'string', description: 'x' });
  design.tests = { ...design.tests, render: [] };
  const after = new Map(scaffoldProject(design).files);
  after.set('hack/no-eol.txt', 'last line without a break');
  const patch = scaffoldPatch(before, after);
  assert.match(patch, /^diff --git a\/api\/v1alpha1\/memcached_types\.go b\/api\/v1alpha1\/memcached_types\.go$/m);
  assert.match(patch, /^deleted file mode 100644\n--- a\/internal\/controller\/render_cases_test\.go$/m);
  assert.match(patch, /^new file mode 100644\n--- \/dev\/null\n\+\+\+ b\/hack\/no-eol\.txt$/m);

  const dir = mkdtempSync(join(tmpdir(), 'opstudio-patch-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFiles(dir, before);
  const applied = gitApply(dir, patch);
  assert.ok(applied.ok, applied.output);
  for (const [p, text] of after) assert.equal(readFileSync(join(dir, p), 'utf8'), text, p);
  assert.throws(() => readFileSync(join(dir, 'internal/controller/render_cases_test.go')));
  assert.equal(scaffoldPatch(after, after), '');

  // a hand edit where the studio changed the file: git refuses, nothing is written
  const edited = mkdtempSync(join(tmpdir(), 'opstudio-patch-edited-'));
  t.after(() => rmSync(edited, { recursive: true, force: true }));
  const types = 'api/v1alpha1/memcached_types.go';
  const section = patch.slice(patch.indexOf(`diff --git a/${types}`));
  const context =
    section
      .split('\n')
      .find((l) => l.startsWith(' ') && l.trim().length > 2)
      ?.slice(1) ?? '';
  assert.ok(context !== '' && before.get(types)?.includes(context), context);
  writeFiles(edited, new Map([...before, [types, (before.get(types) ?? '').replace(context, `${context} // mine`)]]));
  assert.equal(gitApply(edited, patch).ok, false);
  // all or nothing: the CRD the patch also changes is as it was
  const crd = 'config/crd/bases/cache.example.com_memcacheds.yaml';
  assert.match(patch, /^diff --git a\/config\/crd\/bases\/cache\.example\.com_memcacheds\.yaml /m);
  assert.equal(readFileSync(join(edited, crd), 'utf8'), before.get(crd));
});

test('the update patch starts from the project’s .opstudio/design.yaml; a renamed kind or bad YAML is refused', () => {
  const parsed = parseDesign(readFileSync(join(repo, 'examples/memcached.design.yaml'), 'utf8'));
  assert.ok(parsed.ok);
  const exported = scaffoldProject(parsed.design).files.get('.opstudio/design.yaml') ?? '';
  const design = structuredClone(parsed.design);
  design.crd.versions[0]?.schema?.fields?.[0]?.fields?.push({ name: 'logLevel', type: 'string' });
  const r = projectUpdatePatch(exported, design);
  assert.ok(r.ok);
  assert.equal(r.fileName, 'memcached-operator-update.patch');
  assert.equal(r.patch, scaffoldPatch(scaffoldProject(parsed.design).files, scaffoldProject(design).files));
  assert.ok(r.files >= 5, String(r.files));
  assert.deepEqual(projectUpdatePatch(exported, parsed.design), {
    ok: true,
    patch: '',
    files: 0,
    fileName: 'memcached-operator-update.patch',
  });
  const renamed = structuredClone(design);
  renamed.crd.names = {
    ...renamed.crd.names,
    kind: 'Cache',
    plural: 'caches',
    singular: 'cache',
    listKind: 'CacheList',
  };
  assert.deepEqual(projectUpdatePatch(exported, renamed), {
    ok: false,
    message:
      'the project was exported as memcached-operator/Memcached, this design is memcached-operator/Cache: export it anew',
  });
  const bad = projectUpdatePatch('project: [', design);
  assert.ok(!bad.ok && bad.message.startsWith('.opstudio/design.yaml is not a design: '), JSON.stringify(bad));
});
