// `opstudio get` against the sandbox: a throwaway Widget CRD (printer columns Size, Available,
// Age) with two objects; the table, `-o json|yaml` parsed, one object by short name, an unknown
// kind, and bash completing the kind from the cluster through the real `opstudio` on PATH; and
// `opstudio validate` checking a design's kinds against the same cluster, chosen the same way.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse } from 'yaml';
import { repoRoot } from '../config';
import { KubeJson } from '../kube/json-client';
import { loadKubeConfig } from '../kube/kubeconfig';
import { kubeconfigPath, skipWithoutCluster } from '../../testing';
import { capturedIo } from '../../testing/cli';
import { deleteCrd, installCrd, widgetCrd } from '../../testing/resources';
import { bashScript } from './completion';
import type { ValidateOutput } from './check-commands';
import { getCommand, type GetListOutput } from './get-command';

const group = `g${Date.now().toString(36)}.cli.example.com`;
const crd = widgetCrd(group);
const flags = ['--kubeconfig', kubeconfigPath ?? ''];

async function get(args: string[]) {
  const { io, text } = capturedIo();
  const code = await getCommand([...args, ...flags], io);
  return { code, out: text.stdout, err: text.stderr };
}

describe('opstudio get', { skip: skipWithoutCluster, timeout: 120_000 }, () => {
  before(async () => {
    const { kc } = loadKubeConfig(kubeconfigPath);
    await installCrd(kc, crd);
    const http = new KubeJson(kc);
    for (const [name, size] of [
      ['big', 9],
      ['small', 2],
    ] as const)
      await http.request({
        method: 'POST',
        path: `/apis/${group}/v1/namespaces/default/widgets`,
        body: { apiVersion: `${group}/v1`, kind: 'Widget', metadata: { name }, spec: { size } },
      });
  });
  after(() => deleteCrd(loadKubeConfig(kubeconfigPath).kc, crd.metadata.name));

  test('a table with the printer columns, sorted by namespace and name', async () => {
    const r = await get([`widgets.${group}`]);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^NAMESPACE +NAME +SIZE +AVAILABLE +AGE\n/);
    assert.match(r.out, /^default +big +9 +\d+s\ndefault +small +2 +\d+s\n$/m);
  });

  test('-o json: a List of whole objects; -o yaml of one (by short name) is the object', async () => {
    const json = await get([`widgets.${group}`, '-o', 'json']);
    assert.equal(json.code, 0, json.err);
    const list = JSON.parse(json.out) as GetListOutput;
    assert.equal(list.kind, 'List');
    assert.deepEqual(
      list.items.map((o) => [o.kind, (o.metadata as { name: string }).name, (o.spec as { size: number }).size]),
      [
        ['Widget', 'big', 9],
        ['Widget', 'small', 2],
      ],
    );
    const one = await get([`wix.${group}`, 'small', '-n', 'default', '-o', 'yaml']);
    assert.equal(one.code, 0, one.err);
    assert.deepEqual((parse(one.out) as { spec: unknown }).spec, { size: 2 });
    const missing = await get([`widgets.${group}`, 'nope']);
    assert.equal(missing.code, 1);
    assert.match(missing.err, /widgets\.g[^ ]+ "nope" not found/);
  });

  test('an unknown kind exits 2 naming near matches; without a kind, the kinds', async () => {
    const r = await get([`widgts.${group}`]);
    assert.equal(r.code, 2);
    assert.match(
      r.err,
      new RegExp(
        `^opstudio get: no kind 'widgts\\.${group.replaceAll('.', '\\.')}': did you mean .*widgets\\.${group.replaceAll('.', '\\.')}`,
      ),
    );
    const kinds = await get(['-o', 'json']);
    assert.ok((JSON.parse(kinds.out) as { items: { name: string }[] }).items.some((k) => k.name === crd.metadata.name));
  });

  test('bash completes `opstudio get <TAB>` with the cluster kinds (the real opstudio on PATH)', () => {
    const bin = mkdtempSync(path.join(tmpdir(), 'opstudio-bin-'));
    symlinkSync(path.join(repoRoot, 'apps/controller/bin/opstudio.js'), path.join(bin, 'opstudio'));
    const script = path.join(bin, 'opstudio.bash');
    writeFileSync(script, bashScript());
    const r = spawnSync(
      'bash',
      [
        '-c',
        'source "$0"; COMP_WORDS=(opstudio get wid); COMP_CWORD=2; _opstudio; printf "%s\\n" "${COMPREPLY[@]}"',
        script,
      ],
      {
        encoding: 'utf8',
        env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, OPSTUDIO_KUBECONFIG: kubeconfigPath },
        timeout: 60_000,
      },
    );
    assert.equal(r.status, 0, r.stderr);
    assert.ok(r.stdout.split('\n').includes('widgets'), r.stdout);
  });
});

describe('opstudio validate against the cluster', { skip: skipWithoutCluster, timeout: 180_000 }, () => {
  test('a child of a kind the cluster does not serve (issue 30): an error at its design path, exit 1', () => {
    const design = readFileSync(path.join(repoRoot, 'examples/webapp.design.yaml'), 'utf8').replace(
      '  status:\n    readyReplicas',
      '  - id: backup\n    template:\n      apiVersion: backup.acme.io/v1\n      kind: Backup\n      spec:\n        schedule: "@daily"\n  status:\n    readyReplicas',
    );
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'opstudio-validate-')), 'backup.design.yaml');
    writeFileSync(file, design);
    const validate = (args: string[]) =>
      spawnSync(
        process.execPath,
        ['--import', 'tsx', 'apps/controller/src/cli/check-commands.ts', 'validate', file, ...args],
        { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, KUBECONFIG: '', OPSTUDIO_KUBECONFIG: '' } },
      );
    const r = validate([...flags, '-o', 'json']);
    assert.equal(r.status, 1, r.stderr);
    const out = JSON.parse(r.stdout) as ValidateOutput;
    assert.deepEqual(
      out.issues.map((i) => [i.severity, i.path, i.message]),
      [
        [
          'error',
          'operand.resources[6].template.kind',
          'the cluster does not serve Backup in backup.acme.io/v1: install the CRD that defines it first, or fix apiVersion and kind (backup could never be applied)',
        ],
      ],
    );
    assert.ok(out.cluster !== undefined && 'server' in out.cluster, JSON.stringify(out.cluster));
    assert.match(r.stderr, /kinds checked against the cluster of context /);
    // a kubeconfig whose server answers nothing: said so, and the offline checks alone decide
    const dead = path.join(path.dirname(file), 'dead.kubeconfig');
    writeFileSync(
      dead,
      'apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: https://127.0.0.1:9\ncontexts:\n- name: c\n  context:\n    cluster: c\n    user: u\ncurrent-context: c\nusers:\n- name: u\n  user:\n    token: t\n',
    );
    const offline = validate(['--kubeconfig', dead]);
    assert.equal(offline.status, 0, offline.stderr);
    assert.equal(offline.stdout, 'No issues found.\n');
    assert.match(offline.stderr, /no cluster reached \(https:\/\/127\.0\.0\.1:9: .*\): kinds were not checked/);
  });
});
