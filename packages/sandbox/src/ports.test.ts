import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { test } from 'node:test';
import { busyPorts, isPortFree, portBusyMessage } from './ports';
import { customProfile } from './profiles';

test('a port someone listens on is reported busy, with the port, its owner and what to do', async () => {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  try {
    assert.equal(await isPortFree(port), false);
    const p = customProfile('x', '/tmp/x', port);
    const busy = await busyPorts(p.ports);
    assert.deepEqual(busy, ['apiserver']);
    const msg = portBusyMessage(p.ports, busy, 'test');
    assert.match(msg, new RegExp(`^port ${port} \\(kube-apiserver\\) already in use on 127\\.0\\.0\\.1`));
    assert.match(msg, /opstudio sandbox down --profile test/);
    assert.doesNotMatch(msg, /\n/);
  } finally {
    srv.close();
  }
  assert.equal(await isPortFree(port), true);
});
