// `opstudio sandbox status -o json|yaml` in its own process, on the running test sandbox: the
// documented SandboxStatus, parsed; the exit code still says running (0).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import type { SandboxStatus } from '@opstudio/sandbox';
import { parse } from 'yaml';
import { repoRoot } from '../config';
import { skipWithoutCluster } from '../../testing';

const opstudio = (args: string[]) =>
  spawnSync(process.execPath, [path.join(repoRoot, 'apps/controller/bin/opstudio.js'), ...args], {
    encoding: 'utf8',
    cwd: repoRoot,
  });

test('sandbox status -o json and -o yaml', { skip: skipWithoutCluster, timeout: 60_000 }, () => {
  const json = opstudio(['sandbox', 'status', '--profile', 'test', '-o', 'json']);
  assert.equal(json.status, 0, json.stderr);
  const s = JSON.parse(json.stdout) as SandboxStatus;
  assert.equal(s.profile, 'test');
  assert.equal(s.running, true);
  assert.ok(s.components.some((c) => c.name === 'kube-apiserver' && c.healthy));
  assert.equal(path.basename(s.kubeconfigPath), 'kubeconfig');
  const yaml = opstudio(['sandbox', 'status', '--profile=test', '--output=yaml']);
  assert.equal(yaml.status, 0, yaml.stderr);
  assert.deepEqual(Object.keys(parse(yaml.stdout) as object).sort(), Object.keys(s).sort());
});
