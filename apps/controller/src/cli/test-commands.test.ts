// `opstudio test` and `opstudio render` (issue 32), in this process: every example's cases pass
// (exit 0); a broken template line fails the case that looks at it (exit 1) with the field's
// difference, in the lines, the JSON and the JUnit report; render prints what the controller
// would create, defaulted as the API server stores the resource, and says when input is bad.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { opstudio } from '../../testing/cli';

const examples = fileURLToPath(new URL('../../../../examples/', import.meta.url));

test("every example's cases pass: render and validation, exit 0", async () => {
  const files = readdirSync(examples).filter((f) => f.endsWith('.design.yaml'));
  assert.ok(files.length >= 8);
  for (const f of files) {
    const r = await opstudio(['test', join(examples, f)]);
    assert.equal(r.code, 0, `${f}:\n${r.stdout}${r.stderr}`);
    assert.match(r.stdout, /^[1-9]\d* passed, 0 failed$/m, f);
  }
});

test('a broken template line fails the case that reads it: the lines, the JSON and JUnit say where', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'opstudio-test-'));
  const file = join(dir, 'webapp.design.yaml');
  const text = readFileSync(join(examples, 'webapp.design.yaml'), 'utf8');
  const broken = text.replace('          targetPort: ${self.spec.port}\n', '          targetPort: 8081\n');
  assert.notEqual(broken, text);
  writeFileSync(file, broken);
  const lines = await opstudio(['test', file]);
  assert.equal(lines.code, 1);
  assert.match(
    lines.stdout,
    /✘ render: the sample runs one pod behind a Service, its greeting in a ConfigMap\n {4}children\.service\.spec\.ports\[0\]\.targetPort: expected 8080, got 8081\n/,
  );
  assert.match(lines.stdout, /^5 passed, 1 failed$/m);
  const json = JSON.parse((await opstudio(['test', file, '-o', 'json'])).stdout) as {
    failed: number;
    cases: { path: string; outcome: string; failures: string[] }[];
  };
  assert.equal(json.failed, 1);
  assert.deepEqual(
    json.cases.filter((c) => c.outcome === 'failed').map((c) => [c.path, c.failures]),
    [['tests.render[0]', ['children.service.spec.ports[0].targetPort: expected 8080, got 8081']]],
  );
  const junit = await opstudio(['test', file, '-o', 'junit']);
  assert.equal(junit.code, 1);
  assert.match(junit.stdout, /<testsuites name="WebApp" tests="6" failures="1" errors="0" skipped="0">/);
  assert.match(
    junit.stdout,
    /<failure message="children.service.spec.ports\[0\].targetPort: expected 8080, got 8081" type="CaseFailed">/,
  );
});

test('render: the children, status and conditions for a resource that leaves fields to their defaults', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'opstudio-render-'));
  const cr = join(dir, 'kv.yaml');
  writeFileSync(
    cr,
    'apiVersion: storage.example.com/v1alpha1\nkind: ReplicatedStore\nmetadata:\n  name: kv\nspec:\n  replicas: 3\n',
  );
  mkdirSync(join(dir, 'observed'));
  writeFileSync(join(dir, 'observed', 'statefulset.yaml'), 'status:\n  readyReplicas: 3\n');
  const design = join(examples, 'replicated-store.design.yaml');
  const text = await opstudio(['render', design, cr, '--observed', join(dir, 'observed')]);
  assert.equal(text.code, 0, text.stderr);
  // spec.version and spec.storage come from the CRD's defaults, as the API server stores them
  assert.match(
    text.stdout,
    /# statefulset \(StatefulSet\)\napiVersion: apps\/v1\nkind: StatefulSet\nmetadata:\n {2}name: kv\n/,
  );
  assert.match(text.stdout, /image: quay\.io\/coreos\/etcd:v3\.5\.21/);
  assert.match(text.stdout, /storage: 1Gi/);
  assert.match(text.stdout, /^# {3}Ready=True AllResourcesReady: all 5 resources ready$/m);
  const json = JSON.parse((await opstudio(['render', design, cr, '-o', 'json'])).stdout) as {
    children: Record<string, unknown[]>;
    status: Record<string, unknown>;
  };
  assert.deepEqual(Object.keys(json.children).sort(), ['client', 'pdb', 'peer', 'peers', 'statefulset']);
  // without --observed no child has reported a status: what reads one is not written yet
  assert.deepEqual(Object.keys(json.status), ['peers']);

  writeFileSync(join(dir, 'observed', 'No_Such.yaml'), 'status: {}\n');
  const bad = await opstudio(['render', design, cr, '--observed', join(dir, 'observed')]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /^opstudio render: --observed .*: No_Such\.yaml is not named <child id>\.yaml/);
});
