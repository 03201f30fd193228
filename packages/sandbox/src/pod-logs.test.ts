import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { clusterLogs, criLine, memcachedLines, podLogFiles, podLogWriterScript } from './pod-logs';

test('a CRI log line: nanosecond RFC 3339 time, stream, full-line tag, message', () => {
  assert.equal(
    criLine(new Date('2026-11-25T05:00:00.123Z'), 'hello'),
    '2026-11-25T05:00:00.123000000Z stdout F hello\n',
  );
  assert.match(criLine(new Date(0), 'x', 'stderr'), / stderr F x\n$/);
});

test('memcached containers read memcached lines, every other container (init ones too) the fallback', () => {
  const rule = clusterLogs('/d') as { spec: { logs: { containers?: string[]; logsFile: string }[] } };
  assert.deepEqual(rule.spec.logs[0]!.containers, ['memcached']);
  assert.equal(rule.spec.logs[0]!.logsFile, podLogFiles('/d').memcached);
  assert.equal(rule.spec.logs[1]!.containers, undefined);
  assert.match(memcachedLines(21, 3).join('\n'), /<21 set key-3 0 300 5\n>21 STORED/);
});

test('the writer script runs on plain node and appends lines that grow', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pod-logs-'));
  const child = spawn(process.execPath, ['-e', podLogWriterScript(dir)], { stdio: 'inherit' });
  try {
    const files = podLogFiles(dir);
    const lines = () => {
      try {
        return readFileSync(files.memcached, 'utf8').split('\n').filter(Boolean);
      } catch {
        return [];
      }
    };
    const deadline = Date.now() + 10_000;
    while (lines().length < 7 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.ok(lines().length >= 7, 'a tick appended a round trip');
    for (const l of lines()) assert.match(l, /^\d{4}-\d\d-\d\dT[\d:.]+Z stdout F /);
    assert.match(readFileSync(files.previous, 'utf8'), / stderr F stopped/);
  } finally {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});
