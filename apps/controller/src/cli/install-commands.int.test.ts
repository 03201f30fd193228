// `opstudio install` in its own process against the sandbox (one spawn: each costs seconds),
// then the refusal and uninstall paths in-process through the same command function.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { repoRoot } from '../config';
import { openDb } from '../db';
import { CrdClient } from '../install/crd-client';
import { DESIGN_LABEL, DESIGN_VERSION_ANNOTATION } from '../install/labels';
import { loadKubeConfig } from '../kube/kubeconfig';
import { kubeconfigPath, migratedTempDb, skipWithoutCluster } from '../../testing';
import { installCommand } from './install-commands';

const domain = `c${Date.now().toString(36)}.example.com`;
const crdName = `memcacheds.cache.${domain}`;
const dir = mkdtempSync(path.join(tmpdir(), 'opstudio-install-'));
const file = path.join(dir, 'memcached.design.yaml');
const yaml = readFileSync(path.join(repoRoot, 'examples/memcached.design.yaml'), 'utf8').replace(
  'domain: example.com',
  `domain: ${domain}`,
);

test(
  'opstudio install stores the design and installs its CRD; a breaking change exits 1; uninstall removes it',
  { skip: skipWithoutCluster, timeout: 120_000 },
  async () => {
    const databaseUrl = migratedTempDb();
    const client = new CrdClient(loadKubeConfig(kubeconfigPath).kc);
    after(() => client.delete(crdName));
    writeFileSync(file, yaml);
    const env = { ...process.env, DATABASE_URL: databaseUrl, OPSTUDIO_KUBECONFIG: kubeconfigPath };
    const run = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        [path.join(repoRoot, 'apps/controller/bin/opstudio.js'), 'install', file],
        { env, cwd: repoRoot },
        (_err, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
      );
    });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /saved +design "memcacheds\.cache\.[^"]+" version 1/);
    for (const step of ['dry-run', 'applied', 'NamesAccepted', 'Established'])
      assert.match(run.stdout, new RegExp(`^  ${step} `, 'm'));
    const crd = await client.read(crdName);
    const db = openDb(databaseUrl);
    try {
      const stored = await db.design.findUnique({ where: { name: crdName } });
      assert.equal(crd?.metadata.labels?.[DESIGN_LABEL], stored?.id);
      assert.equal(crd?.metadata.annotations?.[DESIGN_VERSION_ANNOTATION], '1');
    } finally {
      await db.$disconnect();
    }

    // the rest in-process, through the same command
    const saved = { DATABASE_URL: process.env.DATABASE_URL, OPSTUDIO_KUBECONFIG: process.env.OPSTUDIO_KUBECONFIG };
    Object.assign(process.env, { DATABASE_URL: databaseUrl, OPSTUDIO_KUBECONFIG: kubeconfigPath });
    try {
      writeFileSync(file, yaml.replace('maximum: 5', 'maximum: 2'));
      assert.equal(await installCommand('install', [file]), 1, 'breaking change refused');
      assert.equal((await client.read(crdName))?.metadata.annotations?.[DESIGN_VERSION_ANNOTATION], '1');
      assert.equal(await installCommand('install', [file, '--confirm-breaking']), 0);
      assert.equal((await client.read(crdName))?.metadata.annotations?.[DESIGN_VERSION_ANNOTATION], '2');
      assert.equal(await installCommand('uninstall', [file, '--confirm-breaking']), 2, 'wrong flag is bad input');
      assert.equal(await installCommand('uninstall', [file]), 0);
      assert.equal(await client.read(crdName), undefined);
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  },
);
