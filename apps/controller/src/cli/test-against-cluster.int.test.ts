// `opstudio test --against-cluster` on the sandbox (docs/design/0052, issue 32): the table of
// validation cases in testing/validation-table.design.yaml (transition rules with oldSelf and
// optionalOldSelf, ratcheting of rules and of schema checks, defaults, formats, quantity and IP
// functions, message and messageExpression, reason and fieldPath) gets the verdicts the table
// expects from the studio and the same verdicts, lines and warnings from the API server; a case
// the API server judges differently (an object name it refuses, which no schema rule sees) is
// reported and exits 1; nothing temporary is left on the cluster.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { repoRoot } from '../config';
import { KubeJson } from '../kube/json-client';
import { loadKubeConfig } from '../kube/kubeconfig';
import { kubeconfigPath, skipWithoutCluster } from '../../testing';

const TABLE = path.join(repoRoot, 'apps/controller/testing/validation-table.design.yaml');

interface Output {
  passed: number;
  failed: number;
  notRun: number;
  cases: { name: string; outcome: string; failures: string[] }[];
  againstCluster: {
    server: string;
    agreed: number;
    disagreed: number;
    cases: {
      name: string;
      agrees: boolean;
      differences: string[];
      studio: { allowed: boolean; errors: string[]; warnings: string[] } | null;
      cluster: { allowed: boolean; errors: string[]; warnings: string[] } | null;
    }[];
  };
}

function opstudioTest(file: string): Promise<{ code: number | null; out: Output | undefined; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [path.join(repoRoot, 'apps/controller/bin/opstudio.js'), 'test', file, '--against-cluster', '-o', 'json'],
      { env: { ...process.env, OPSTUDIO_KUBECONFIG: kubeconfigPath }, cwd: repoRoot, maxBuffer: 16 << 20 },
      (_err, stdout, stderr) =>
        resolve({ code: child.exitCode, out: stdout === '' ? undefined : (JSON.parse(stdout) as Output), stderr }),
    );
  });
}

async function leftovers(): Promise<string[]> {
  const http = new KubeJson(loadKubeConfig(kubeconfigPath).kc);
  const crds = await http.request<{ items: { metadata: { name: string } }[] }>({
    method: 'GET',
    path: '/apis/apiextensions.k8s.io/v1/customresourcedefinitions',
    query: { labelSelector: 'opstudio.dev/against-cluster=true' },
  });
  const ns = await http.request<{ items: { metadata: { name: string }; status?: { phase?: string } }[] }>({
    method: 'GET',
    path: '/api/v1/namespaces',
  });
  return [
    ...crds.items.map((c) => `CRD ${c.metadata.name}`),
    ...ns.items
      .filter((n) => n.metadata.name.startsWith('opstudio-test-') && n.status?.phase !== 'Terminating')
      .map((n) => `namespace ${n.metadata.name}`),
  ];
}

describe('opstudio test --against-cluster', { skip: skipWithoutCluster, timeout: 180_000 }, () => {
  test('the 40-case table: the expected verdicts, and the API server agrees with every one', async () => {
    const design = parse(readFileSync(TABLE, 'utf8')) as {
      tests: { validation: { oldObject?: unknown; expect: { allowed: boolean; warnings?: string[] } }[] };
    };
    const table = design.tests.validation;
    assert.ok(table.length >= 40, `the table has ${table.length} cases`);
    // what the table covers: updates (transition rules, ratcheting) and refusals as well as creates
    assert.ok(table.filter((c) => c.oldObject !== undefined).length >= 10);
    assert.ok(table.filter((c) => !c.expect.allowed).length >= 20);
    assert.ok(
      table.some((c) => (c.expect.warnings ?? []).length > 0),
      'a ratcheted rule warns',
    );

    const r = await opstudioTest(TABLE);
    assert.ok(r.out, r.stderr);
    const failing = r.out.cases.filter((c) => c.outcome !== 'passed').map((c) => `${c.name}: ${c.failures.join('; ')}`);
    assert.deepEqual(failing, [], 'every case gets the verdict the table expects from the studio');
    const differing = r.out.againstCluster.cases
      .filter((c) => !c.agrees)
      .map((c) => `${c.name}: ${c.differences.join('; ')}`);
    assert.deepEqual(differing, [], 'the API server gives every case the studio’s verdict');
    assert.equal(r.out.againstCluster.agreed, table.length);
    assert.equal(r.code, 0, r.stderr);
    // the API server's own answers, not a copy of the studio's: a refusal's lines and a ratcheting warning
    const byName = new Map(r.out.againstCluster.cases.map((c) => [c.name, c.cluster]));
    assert.deepEqual(byName.get('a subnet may not narrow on an update')?.errors, [
      'spec.subnet: Invalid value: "10.1.2.0/24": the subnet may only widen',
    ]);
    assert.deepEqual(byName.get('ratcheting: an invalid legacyName left alone on an update is allowed'), {
      allowed: true,
      errors: [],
      warnings: ['spec.legacyName: Invalid value: "Old_Name": legacyName must be lower-case letters'],
    });
    assert.deepEqual(await leftovers(), []);
  });

  test('a case the API server judges differently is reported with both verdicts and exits 1', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'opstudio-against-'));
    const file = path.join(dir, 'design.yaml');
    const base = readFileSync(TABLE, 'utf8');
    // an object name the API server refuses (not a DNS subdomain): object metadata, which the
    // studio's schema validation does not judge
    writeFileSync(
      file,
      `${base.slice(0, base.indexOf('tests:'))}tests:
  validation:
  - name: the sample is allowed
    object: {}
    expect:
      allowed: true
  - name: a name with capitals
    object:
      metadata:
        name: Not_A_Name
    expect:
      allowed: true
`,
    );
    const r = await opstudioTest(file);
    assert.equal(r.code, 1, r.stderr);
    assert.ok(r.out);
    assert.equal(r.out.failed, 0, 'the studio itself allows both');
    assert.deepEqual(
      r.out.againstCluster.cases.map((c) => [c.name, c.agrees]),
      [
        ['the sample is allowed', true],
        ['a name with capitals', false],
      ],
    );
    const [, differing] = r.out.againstCluster.cases;
    assert.equal(differing?.differences[0], 'the studio allowed it, the API server refused it');
    assert.match(
      differing?.differences[1] ?? '',
      /^error only the API server gives: "metadata\.name: Invalid value: \\"Not_A_Name\\"/,
    );
    assert.deepEqual(await leftovers(), []);
  });
});
