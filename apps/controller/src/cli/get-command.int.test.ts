// `opstudio get` against the sandbox: a throwaway Widget CRD (printer columns Size, Available,
// Age) with two objects; the table, `-o json|yaml` parsed, one object by short name, an unknown
// kind, and bash completing the kind from the cluster through the real `opstudio` on PATH.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse } from 'yaml';
import { repoRoot } from '../config';
import { KubeJson } from '../kube/json-client';
import { loadKubeConfig } from '../kube/kubeconfig';
import { kubeconfigPath, skipWithoutCluster } from '../../testing';
import { deleteCrd, installCrd, widgetCrd } from '../../testing/resources';
import { bashScript } from './completion';
import { getCommand, type GetListOutput } from './get-command';

const group = `g${Date.now().toString(36)}.cli.example.com`;
const crd = widgetCrd(group);
const flags = ['--kubeconfig', kubeconfigPath ?? ''];

async function get(args: string[]) {
  let out = '';
  let err = '';
  const code = await getCommand([...args, ...flags], {
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
  });
  return { code, out, err };
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
