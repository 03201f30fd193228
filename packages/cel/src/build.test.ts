// The binaries cache keeps a bounded number of CEL builds: pruneCelBuilds on a folder laid out
// as the cache is, with the folders' times set as uses would have left them.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { KEEP_UNUSED_MS, pruneCelBuilds } from './build';

test('old builds go; the current one, the last one used before it and any used within the hour stay', () => {
  const parent = mkdtempSync(join(tmpdir(), 'cel-prune-'));
  const now = Date.now();
  const folder = (name: string, ageMs: number) => {
    mkdirSync(join(parent, name));
    writeFileSync(join(parent, name, 'cel.wasm.gz'), '');
    const t = new Date(now - ageMs);
    utimesSync(join(parent, name), t, t);
  };
  const hour = KEEP_UNUSED_MS;
  folder('cel-000000000000000a', 5 * hour); // the current build, whatever its time
  folder('cel-000000000000000b', 20 * 60 * 1000); // the last used of the others
  folder('cel-000000000000000c', 3 * hour);
  folder('cel-000000000000000d', 45 * 60 * 1000); // used within the hour (another checkout, a running studio)
  folder('cel-000000000000000e', 9 * hour);
  folder('.cel-build-x1', 4 * hour); // an interrupted build
  folder('k8s-v1.36.3', 9 * hour); // not a CEL build
  folder('cel-build.lock', 9 * hour);

  const removed = pruneCelBuilds(parent, join(parent, 'cel-000000000000000a'), now);
  assert.deepEqual(removed.map((d) => d.slice(parent.length + 1)).sort(), [
    '.cel-build-x1',
    'cel-000000000000000c',
    'cel-000000000000000e',
  ]);
  assert.deepEqual(readdirSync(parent).sort(), [
    'cel-000000000000000a',
    'cel-000000000000000b',
    'cel-000000000000000d',
    'cel-build.lock',
    'k8s-v1.36.3',
  ]);
  // the build before the current one stays however old it is
  const later = now + 10 * hour;
  assert.deepEqual(
    pruneCelBuilds(parent, join(parent, 'cel-000000000000000a'), later).map((d) => d.slice(parent.length + 1)),
    ['cel-000000000000000d'],
  );
  assert.deepEqual(pruneCelBuilds(parent, join(parent, 'cel-000000000000000a'), later), []);
});
