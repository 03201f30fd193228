// The export's internal/celenv is packages/cel/celenv byte for byte (issue 28: one CEL): the
// generated constant must equal the Go files on disk, tests left out, and a graph design's
// export must carry exactly those files. Regenerate with `node --import tsx packages/cel/src/export-source.ts`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDesign } from '../design/io';
import { CELENV_GO_FILES } from './celenv-go.generated';
import { scaffoldProject } from './scaffold';
import { loadCel } from '@opstudio/cel/node';

await loadCel();

const here = dirname(fileURLToPath(import.meta.url));
const celenvDir = join(here, '../../../cel/celenv');

test('celenv-go.generated.ts is packages/cel/celenv/*.go (regenerate: packages/cel/src/export-source.ts)', () => {
  const names = readdirSync(celenvDir)
    .filter((n) => n.endsWith('.go') && !n.endsWith('_test.go'))
    .sort();
  assert.ok(names.length > 0);
  assert.deepEqual(
    CELENV_GO_FILES,
    Object.fromEntries(names.map((n) => [n, readFileSync(join(celenvDir, n), 'utf8')])),
    'run node --import tsx packages/cel/src/export-source.ts',
  );
  for (const text of Object.values(CELENV_GO_FILES)) {
    assert.match(text, /^package celenv$/m);
    assert.doesNotMatch(text, /opstudio\.local/, 'it imports nothing of the studio module');
  }
});

test('every export carries internal/celenv byte for byte, the image form (Memcached) too', () => {
  const load = (name: string) => {
    const parsed = parseDesign(readFileSync(join(here, '../../../../examples', name), 'utf8'));
    assert.ok(parsed.ok, name);
    return scaffoldProject(parsed.design).files;
  };
  const files = load('webapp.design.yaml');
  const celenv = (f: ReadonlyMap<string, string>) => [...f].filter(([p]) => p.startsWith('internal/celenv/'));
  const expected = Object.entries(CELENV_GO_FILES).map(([n, text]) => [`internal/celenv/${n}`, text]);
  assert.deepEqual(celenv(files), expected);
  const evalGo = files.get('internal/graph/eval.go') ?? '';
  assert.match(evalGo, /^\t"github\.com\/example\/webapp-operator\/internal\/celenv"$/m);
  assert.doesNotMatch(evalGo, /func newEnv|cel\.NewEnv|cel-go/, 'no second CEL environment');
  // the image form is a one-Deployment graph (docs/design/0046): its export plans with the same CEL
  assert.deepEqual(celenv(load('memcached.design.yaml')), expected);
});
