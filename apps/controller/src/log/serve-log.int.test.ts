// `opstudio serve` with its stdout piped, as in a pod: every line is a JSON object a log pipeline
// can read (level, time, component, msg), from start-up through the Lease to shutdown. A bad
// OPSTUDIO_LOG_LEVEL stops start-up with one plain line.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, test } from 'node:test';
import { CoreV1Api } from '@kubernetes/client-node';
import { repoRoot } from '../config';
import { loadKubeConfig } from '../kube/kubeconfig';
import { eventually, kubeconfigPath, migratedTempDb, skipWithoutCluster } from '../../testing';

const bin = path.join(repoRoot, 'apps/controller/bin/opstudio.js');
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

describe('opstudio serve logs JSON lines when stdout is not a terminal', { skip: skipWithoutCluster }, () => {
  const leaseNs = `log-it-${suffix}`;
  const core = () => loadKubeConfig(kubeconfigPath).kc.makeApiClient(CoreV1Api);
  before(() => core().createNamespace({ body: { metadata: { name: leaseNs } } }));
  after(() =>
    core()
      .deleteNamespace({ name: leaseNs })
      .then(
        () => undefined,
        () => undefined,
      ),
  );

  test('start-up, the Lease, shutdown: each line parses, with level, time, component and msg', async () => {
    const databaseUrl = migratedTempDb();
    const child = spawn(process.execPath, [bin, 'serve', '--port', '0'], {
      env: {
        ...process.env,
        OPSTUDIO_KUBECONFIG: kubeconfigPath,
        DATABASE_URL: databaseUrl,
        OPSTUDIO_LEASE_NAMESPACE: leaseNs,
        OPSTUDIO_LOG_LEVEL: 'debug',
        OPSTUDIO_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'opstudio-log-it-')), // its own launch-token file
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    let stderr = '';
    createInterface({ input: child.stdout }).on('line', (l) => lines.push(l));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const records = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    try {
      await eventually('the server to listen and take its Lease', 90_000, () => {
        if (child.exitCode !== null) throw new Error(`serve exited ${child.exitCode}: ${stderr}`);
        const msgs = records().map((r) => String(r.msg));
        return msgs.some((m) => m.startsWith('listening on ')) &&
          msgs.some((m) => m.startsWith('successfully acquired lease'))
          ? true
          : undefined;
      });
    } finally {
      child.kill('SIGTERM');
    }
    assert.equal(await exited, 0, stderr);
    assert.equal(stderr, '', 'nothing but the log, and the log is on stdout');
    const all = records();
    for (const r of all) {
      assert.ok(['debug', 'info', 'warn', 'error'].includes(String(r.level)), JSON.stringify(r));
      assert.match(String(r.time), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      assert.equal(typeof r.msg, 'string');
      assert.equal(typeof r.component, 'string', JSON.stringify(r));
    }
    const listening = all.find((r) => String(r.msg).startsWith('listening on '));
    assert.equal(listening?.component, 'server');
    assert.match(String(listening?.url), /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(all.find((r) => String(r.msg).startsWith('successfully acquired lease'))?.component, 'manager');
    const shutdown = all.find((r) => r.msg === 'SIGTERM, shutting down');
    assert.deepEqual(shutdown, { ...shutdown, component: 'server', signal: 'SIGTERM', level: 'info' });
  });
});

test('a bad OPSTUDIO_LOG_LEVEL is refused with one plain line', () => {
  const r = spawnSync(process.execPath, [bin, 'serve'], {
    env: { ...process.env, OPSTUDIO_LOG_LEVEL: 'verbose' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(r.status, 1);
  assert.equal(r.stdout, '');
  assert.equal(
    r.stderr.trim(),
    'opstudio serve: OPSTUDIO_LOG_LEVEL must be one of debug, info, warn, error, not "verbose"',
  );
});
