// Runs `diff` and `validate` as a user would, through the CLI's `main`, and checks what they
// print and their exit codes (0 fine, 1 findings, 2 bad input), for CRDs and designs; once
// through the `opstudio` binary in a process of its own, for the exit code and the streams.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { parse, stringify } from 'yaml';
import { readCrd, readProposed, validateFile, type DiffOutput, type ValidateOutput } from './check-commands';
import { opstudio } from '../../testing/cli';

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
const corpus = process.env.OPSTUDIO_CONFORMANCE_DIR ?? resolve(repo, '../shared/conformance/crds');
const memcached = join(corpus, 'kubebuilder__memcacheds.cache.example.com.yaml');
const memcachedDesign = join(repo, 'examples/memcached.design.yaml');
const dir = mkdtempSync(join(tmpdir(), 'opstudio-check-'));

/** `opstudio` in this process (the binary's own `main`); the last test runs the binary once. */
const run = opstudio;

/** The Memcached CRD with an edit applied to `.spec` of v1alpha1, written to a temp file. */
function edited(name: string, edit: (spec: { properties: Record<string, Record<string, unknown>> }) => void): string {
  const doc = parse(readFileSync(memcached, 'utf8')) as {
    spec: { versions: { schema: { openAPIV3Schema: { properties: { spec: never } } } }[] };
  };
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
    const r = await run(
      ['diff', '-', edited('req.yaml', (s) => ((s as unknown as { required: string[] }).required = ['size']))],
      readFileSync(memcached, 'utf8'),
    );
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /^breaking +required +v1alpha1: \.spec +new required field: size$/m);
  });
});

describe('opstudio diff with a design on the proposed side', { concurrency: true }, () => {
  test('the tutorial CRD against our Memcached design: its CRD is compared, exit 1', async () => {
    const r = await run(['diff', memcached, memcachedDesign]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /^breaking +default +v1alpha1: \.spec\.size +default added: none -> 1$/m);
    assert.match(r.stdout, /^safe +maximum +v1alpha1: \.spec\.size +maximum raised from 3 to 5$/m);
    assert.match(r.stdout, /^safe +newField +v1alpha1: \.status\.nodes +new field \(array\)$/m);
    assert.match(r.stdout, /^4 changes: 1 breaking, 3 safe$/m);
  });
});

describe('opstudio validate', { concurrency: true }, () => {
  test('a clean design: no issues, exit 0', async () => {
    const r = await run(['validate', memcachedDesign]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, 'No issues found.\n');
  });
  test('a design from stdin with a default above its maximum: the design path, exit 1', async () => {
    const r = await run(['validate', '-'], readFileSync(memcachedDesign, 'utf8').replace('default: 1', 'default: 9'));
    assert.equal(r.code, 1, r.stderr);
    assert.match(
      r.stdout,
      /^error +versions\[v1alpha1\]\.spec\.size\.default +default 9: 9 is above the maximum 5; change the default or the constraint$/m,
    );
    assert.match(r.stdout, /^1 error, 0 warnings$/m);
  });
  test('a design that does not fit the model lists each problem by path, exit 1', async () => {
    const r = await run(
      ['validate', '-'],
      readFileSync(memcachedDesign, 'utf8').replaceAll('  type: integer', '  type: int'),
    );
    assert.equal(r.code, 1, r.stderr);
    assert.match(
      r.stdout,
      /^error +versions\[v1alpha1\]\.spec\.size\.type +must be one of string, integer, number, boolean, object, array \(found "int"\)$/m,
    );
    assert.match(
      r.stdout,
      /^error +versions\[v1alpha1\]\.spec\.containerPort\.type +must be one of string, integer, number, boolean, object, array \(found "int"\)$/m,
    );
  });
  test('a child whose apiVersion and kind are not Kubernetes names (issue 27): each at its field, exit 1', async () => {
    const webapp = readFileSync(join(repo, 'examples/webapp.design.yaml'), 'utf8');
    const hostile = webapp.replace('apiVersion: v1\n      kind: ConfigMap', 'apiVersion: "*/v1"\n      kind: "*;x"');
    assert.notEqual(hostile, webapp);
    const r = await run(['validate', '-'], hostile);
    assert.equal(r.code, 1, r.stderr);
    assert.match(
      r.stdout,
      /^error +operand\.resources\[0\]\.template\.apiVersion +"\*\/v1" is not an apiVersion: a group is a DNS subdomain such as apps or example\.com .*followed by \/v1$/m,
    );
    assert.match(
      r.stdout,
      /^error +operand\.resources\[0\]\.template\.kind +"\*;x" is not a kind: a kind starts with an upper-case letter/m,
    );
    assert.match(r.stdout, /^2 errors, 0 warnings$/m);
  });
  test('a valid CRD: no issues, exit 0', async () => {
    const r = await run(['validate', memcached]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, 'No issues found.\n');
  });
  test('a default above its maximum: the field, the fix, exit 1', async () => {
    const r = await run(['validate', edited('default.yaml', (s) => (s.properties.size!.default = 9))]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(
      r.stdout,
      /^error +v1alpha1: \.spec\.size +default 9: 9 is above the maximum 3; change the default or the constraint$/m,
    );
    assert.match(r.stdout, /^1 error, 0 warnings$/m);
  });
});

describe('-o json|yaml: the documented DiffOutput and ValidateOutput', { concurrency: true }, () => {
  test('diff -o json: every change, breaking first, the counts; the exit code is kept', async () => {
    const r = await run(['diff', memcached, memcachedDesign, '-o', 'json']);
    assert.equal(r.code, 1, r.stderr);
    const out = JSON.parse(r.stdout) as DiffOutput;
    assert.deepEqual([out.breaking, out.safe, out.changes.length], [1, 3, 4]);
    assert.equal(out.changes[0]!.severity, 'breaking');
    assert.equal(out.changes[0]!.path, 'v1alpha1: .spec.size');
  });
  test('validate -o yaml: the issues with their paths', async () => {
    const r = await run(
      ['validate', '--output=yaml', '-'],
      readFileSync(memcachedDesign, 'utf8').replace('default: 1', 'default: 9'),
    );
    assert.equal(r.code, 1, r.stderr);
    const out = parse(r.stdout) as ValidateOutput;
    assert.deepEqual([out.errors, out.warnings], [1, 0]);
    assert.equal(out.issues[0]!.path, 'versions[v1alpha1].spec.size.default');
  });
  test('validate -o json of a clean file: an empty list', async () => {
    const r = await run(['validate', memcached, '-ojson']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), { issues: [], errors: 0, warnings: 0 });
  });
});

describe('bad input: exit 2 and one line on stderr', { concurrency: true }, () => {
  // these three cover the contract (a read error, a bad document, bad arguments); the other
  // messages are checked on the functions below
  const bad: [string, string[], RegExp, string?][] = [
    [
      'a missing file',
      ['validate', join(dir, 'nope.yaml')],
      /^opstudio validate: cannot read .*nope\.yaml: no such file\n$/,
    ],
    [
      'an invalid design to diff',
      ['diff', memcached, '-'],
      /^opstudio diff: stdin: invalid design: apiVersion: .*'opstudio validate -' lists them\)\n$/,
      'kind: OperatorDesign\n',
    ],
    [
      'a missing argument',
      ['diff', memcached],
      /^opstudio diff: missing <design-or-crd\.yaml>: usage: opstudio diff <installed-crd\.yaml> <design-or-crd\.yaml>/,
    ],
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

describe('bad input messages (in-process)', () => {
  const rows: [string, () => unknown, RegExp][] = [
    ['invalid YAML', () => validateFile('-', 'a: [\n'), /^stdin: not valid YAML \(line \d+\): /],
    [
      'not a CRD',
      () => validateFile('-', 'apiVersion: apps/v1\nkind: Deployment\n'),
      /^stdin: kind is Deployment, expected CustomResourceDefinition or OperatorDesign$/,
    ],
    [
      'not a CRD on the installed side',
      () => readCrd('x.yaml', 'apiVersion: apps/v1\nkind: Deployment\n'),
      /^x\.yaml: kind is Deployment, expected CustomResourceDefinition$/,
    ],
    [
      'a design on the installed side',
      () => readCrd('d.yaml', readFileSync(memcachedDesign, 'utf8')),
      /^d\.yaml: is a design; the installed side must be a CRD/,
    ],
    [
      'an old apiVersion',
      () => readProposed('-', 'apiVersion: apiextensions.k8s.io/v1beta1\nkind: CustomResourceDefinition\n'),
      /expected apiextensions\.k8s\.io\/v1$/,
    ],
    [
      'two documents',
      () => validateFile('-', 'a: 1\n---\nb: 2\n'),
      /expected one document \(a CustomResourceDefinition or an OperatorDesign\), found 2$/,
    ],
    ['a list', () => validateFile('-', '- a\n'), /expected a CustomResourceDefinition or an OperatorDesign object$/],
    [
      'a design the strict reader refuses',
      () => validateFile('-', 'kind: OperatorDesign\nkind: OperatorDesign\n'),
      /^stdin: (invalid YAML|not valid YAML)/,
    ],
    [
      'an invalid design to diff, by file',
      () => readProposed('d.yaml', 'kind: OperatorDesign\n'),
      /^d\.yaml: invalid design: apiVersion: .*'opstudio validate d\.yaml' lists them\)$/,
    ],
  ];
  for (const [name, call, message] of rows)
    test(name, () => assert.throws(call, (e: Error) => message.test(e.message) && !e.message.includes('\n')));
  test('a design on the proposed side stands for its CRD', () => {
    const crd = readProposed('d.yaml', readFileSync(memcachedDesign, 'utf8'));
    assert.equal(crd.metadata.name, 'memcacheds.cache.example.com');
    assert.equal(crd.spec.versions[0]!.schema!.openAPIV3Schema!.properties!.spec!.properties!.size!.maximum, 5);
  });
});

test('validate: a string into an integer field and a field the schema lacks, refused at their design paths (issue 28)', async () => {
  const webapp = readFileSync(join(repo, 'examples/webapp.design.yaml'), 'utf8')
    .replace('replicas: ${self.spec.replicas}', 'replicas: ${self.spec.image}')
    .replace('image: ${self.spec.image}', 'image: ${self.spec.imag}');
  const file = join(dir, 'typed.design.yaml');
  writeFileSync(file, webapp);
  const r = await run(['validate', file]);
  assert.equal(r.code, 1, r.stderr);
  assert.match(
    r.stdout,
    /operand\.resources\[1\]\.template\.spec\.replicas.*it gives string, and the field is integer \(int32\)/,
  );
  assert.match(
    r.stdout,
    /operand\.resources\[1\]\.template\.spec\.template\.spec\.containers\[0\]\.image.*undefined field 'imag'/,
  );
});

test('the opstudio binary: a breaking change exits 1 with the table on stdout and nothing on stderr', () => {
  const bin = join(repo, 'apps/controller/bin/opstudio.js');
  const r = spawnSync(
    process.execPath,
    [bin, 'diff', memcached, edited('bin.yaml', (s) => (s.properties.size!.maximum = 2))],
    {
      encoding: 'utf8',
    },
  );
  assert.equal(r.status, 1, r.stderr);
  assert.equal(r.stderr, '');
  assert.match(r.stdout, /^1 change: 1 breaking, 0 safe$/m);
});
