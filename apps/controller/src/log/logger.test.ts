import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createLogger, logFn, logLevelFrom } from './logger';

function capture(level: 'debug' | 'info' | 'warn' | 'error' = 'info') {
  const lines: string[] = [];
  const logger = createLogger({ level, pretty: false, write: (l) => lines.push(l) });
  return { logger, records: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

test('JSON lines carry level as a word, an ISO time, the component and the message', () => {
  const { logger, records } = capture();
  logger.child({ component: 'manager' }).info({ crd: 'a.example.com' }, 'Starting controller');
  const [r] = records();
  assert.equal(r?.level, 'info');
  assert.match(String(r?.time), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  assert.equal(r?.component, 'manager');
  assert.equal(r?.msg, 'Starting controller');
  assert.equal(r?.crd, 'a.example.com');
  assert.equal(r?.pid, undefined, 'no pid/hostname: the pipeline knows the pod');
});

test('the (message, fields) seam: an error field is an error (stack kept), trouble words a warning', () => {
  const { logger, records } = capture();
  const log = logFn(logger);
  log('Reconciler error', { key: 'ns/a', error: new Error('boom') });
  log('Reconciler error', { key: 'ns/b', error: 'text' });
  log('informer /api/v1/pods: ECONNREFUSED; retrying in 800 ms');
  log('Starting workers', { 'worker count': 1 });
  const [a, b, c, d] = records();
  assert.equal(a?.level, 'error');
  assert.equal((a?.err as { message?: string }).message, 'boom');
  assert.match((a?.err as { stack?: string }).stack ?? '', /Error: boom/);
  assert.equal(b?.level, 'error');
  assert.equal(b?.error, 'text');
  assert.equal(c?.level, 'warn');
  assert.equal(d?.level, 'info');
});

test('OPSTUDIO_LOG_LEVEL: info by default, debug to error, anything else refused', () => {
  assert.equal(logLevelFrom(undefined), 'info');
  assert.equal(logLevelFrom(' WARN '), 'warn');
  assert.throws(() => logLevelFrom('verbose'), /OPSTUDIO_LOG_LEVEL must be one of debug, info, warn, error/);
  const { logger, records } = capture('warn');
  logger.info('hidden');
  logger.warn('shown');
  assert.deepEqual(
    records().map((r) => r.msg),
    ['shown'],
  );
});
