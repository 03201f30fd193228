import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { isPidAlive, livePid, logTail, startDetached, stopPid } from './process';

test('a detached process logs to its file, is found by its pid file, and stops with its children', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sbx-proc-'));
  // A shell that starts a child: stopping the group must take the child too.
  const started = startDetached({
    name: 'sleeper',
    binary: '/bin/sh',
    args: ['-c', 'echo hello; sleep 60 & echo child $!; wait'],
    logFile: join(dir, 'logs', 'sleeper.log'),
    pidFile: join(dir, 'run', 'sleeper.pid'),
  });
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(livePid(join(dir, 'run', 'sleeper.pid'), '/bin/sh'), started.pid);
  assert.equal(
    livePid(join(dir, 'run', 'sleeper.pid'), '/usr/bin/other'),
    undefined,
    'a pid running another binary is not ours',
  );
  const childPid = Number(/child (\d+)/.exec(readFileSync(join(dir, 'logs', 'sleeper.log'), 'utf8'))?.[1]);
  assert.ok(isPidAlive(childPid));
  assert.match(logTail(join(dir, 'logs', 'sleeper.log')), /^hello/);
  await stopPid(started.pid, 2000);
  assert.equal(isPidAlive(started.pid), false);
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(isPidAlive(childPid), false, 'the child in the same process group is gone too');
  assert.equal(livePid(join(dir, 'run', 'sleeper.pid'), '/bin/sh'), undefined);
});

test('a process that ignores SIGTERM is killed after the grace period', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sbx-proc-'));
  const started = startDetached({
    name: 'stubborn',
    binary: '/bin/sh',
    args: ['-c', "trap '' TERM; while true; do sleep 1; done"],
    logFile: join(dir, 'stubborn.log'),
    pidFile: join(dir, 'stubborn.pid'),
  });
  await new Promise((r) => setTimeout(r, 200));
  const t0 = Date.now();
  await stopPid(started.pid, 500);
  assert.equal(isPidAlive(started.pid), false);
  assert.ok(Date.now() - t0 >= 450);
  assert.ok(existsSync(join(dir, 'stubborn.log')));
});
