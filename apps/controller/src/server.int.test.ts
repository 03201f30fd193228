// Start-up faults, as a user meets them through `opstudio serve`: one clear line, a non-zero
// exit, nothing left running. The port test needs the sandbox (a server must be up to collide with).
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from './config';
import { startServer, StartupError } from './server';
import type { RunningServer } from './server';
import { kubeconfigPath, migratedTempDb, skipWithoutCluster } from '../testing';

const dir = mkdtempSync(path.join(tmpdir(), 'opstudio-serve-'));
const bin = path.join(repoRoot, 'apps/controller/bin/opstudio.js');

function serve(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [bin, 'serve', ...args], {
    env: { ...process.env, OPSTUDIO_KUBECONFIG: '', KUBECONFIG: '', OPSTUDIO_CONTROLLER_PORT: '0', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, stderr: r.stderr.trim() };
}

describe('opstudio serve refuses bad input with one line', () => {
  test('no cluster named', () => {
    const r = serve([]);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /^opstudio serve: no cluster named: set OPSTUDIO_KUBECONFIG/);
    assert.equal(r.stderr.split('\n').length, 1, r.stderr);
  });

  test('a kubeconfig that is not there', () => {
    const r = serve(['--kubeconfig', path.join(dir, 'nope.yaml')]);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /cannot read kubeconfig .*nope\.yaml \(ENOENT\)/);
  });

  test('a kubeconfig that is not one', () => {
    const file = path.join(dir, 'garbage.yaml');
    writeFileSync(file, '{{{ not yaml');
    const r = serve(['--kubeconfig', file]);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /invalid kubeconfig .*garbage\.yaml/);
  });

  test('an API server nobody answers at', async () => {
    const file = path.join(dir, 'unreachable.yaml');
    writeFileSync(
      file,
      'apiVersion: v1\nkind: Config\nclusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]\nusers: [{name: u, user: {token: t}}]\ncontexts: [{name: x, context: {cluster: c, user: u}}]\ncurrent-context: x\n',
    );
    const started = Date.now();
    await assert.rejects(
      startServer({
        config: {
          host: '127.0.0.1',
          port: 0,
          dataDir: dir,
          databaseUrl: `file:${dir}/x.db`,
          kubeconfigPath: file,
          kubeContext: undefined,
        },
        clusterWaitMs: 1000,
        log: () => undefined,
      }),
      (e: Error) =>
        e instanceof StartupError &&
        /cannot reach the Kubernetes API server at https:\/\/127\.0\.0\.1:1 \(ECONNREFUSED\)/.test(e.message) &&
        !e.message.includes('\n'),
    );
    assert.ok(Date.now() - started < 10_000);
  });

  test('a bad port', () => {
    const r = serve(['--port', 'http']);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /--port must be a port number/);
  });
});

describe('a port already in use', { skip: skipWithoutCluster }, () => {
  let first: RunningServer | undefined;
  after(() => first?.close());

  test('names the port and the variable to change, and leaves nothing running', async () => {
    const databaseUrl = migratedTempDb();
    const config = { host: '127.0.0.1', port: 0, dataDir: dir, databaseUrl, kubeconfigPath, kubeContext: undefined };
    const lease = { namespace: 'default', name: `server-it-${process.pid}` };
    first = await startServer({ config, log: () => undefined, services: { lease } });
    const port = Number(new URL(first.url).port);
    await assert.rejects(
      startServer({ config: { ...config, port }, log: () => undefined, services: { lease } }),
      (e: Error) =>
        e instanceof StartupError &&
        e.message ===
          `port ${port} on 127.0.0.1 is already in use: stop what is using it, or set OPSTUDIO_CONTROLLER_PORT to another port`,
    );
  });
});
