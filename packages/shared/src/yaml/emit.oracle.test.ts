/// <reference types="node" />
// Oracle: thousands of random documents through the real go-yaml v2 (the library inside
// controller-gen's sigs.k8s.io/yaml) and through our emitter must give the same bytes.
// Needs Go and go.yaml.in/yaml/v2 v2.4.3 in the module cache (or a reachable module proxy);
// skips with a message otherwise. The binary is cached under ~/.cache/operator-studio.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { jsonText } from '../crd/json-text';
import { emitYaml, type YamlValue } from './emit';

const cacheDir = join(
  process.env.OPSTUDIO_CACHE_DIR ?? join(homedir(), '.cache', 'operator-studio'),
  'goyaml-oracle-v2.4.3',
);
const binary = join(cacheDir, 'oracle');

function buildOracle(): string | undefined {
  if (existsSync(binary)) return undefined;
  if (spawnSync('go', ['version']).status !== 0) return 'go is not installed';
  mkdirSync(cacheDir, { recursive: true });
  const src = fileURLToPath(new URL('testdata/goyaml-oracle/', import.meta.url));
  copyFileSync(join(src, 'main.go.txt'), join(cacheDir, 'main.go'));
  copyFileSync(join(src, 'go.mod.txt'), join(cacheDir, 'go.mod'));
  const r = spawnSync('go', ['build', '-o', 'oracle', '.'], {
    cwd: cacheDir,
    env: { ...process.env, GOFLAGS: '-mod=mod', GOSUMDB: 'off' },
    encoding: 'utf8',
  });
  return r.status === 0 ? undefined : `cannot build the go-yaml oracle: ${r.stderr.split('\n')[0]}`;
}

const skip = buildOracle();

const str = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }),
  fc
    .array(
      fc.constantFrom(
        'word',
        'a-much-longer-word-here',
        ' ',
        '  ',
        '\n',
        '\n\n',
        'x',
        ':',
        '#',
        "'",
        '"',
        '-',
        '\t',
        '…',
        'é',
        'True',
        '0x1',
      ),
      { maxLength: 80 },
    )
    .map((a) => a.join('')),
);
const value = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    str,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(str, tie('v'), { maxKeys: 5 }),
  ),
})).v;

test('random documents: our bytes equal go-yaml v2 bytes', { skip }, () => {
  const docs = fc.sample(fc.dictionary(str, value, { maxKeys: 6 }), { numRuns: 3000 });
  const texts = docs.map((d) => JSON.stringify(d));
  const out = execFileSync(binary, { input: JSON.stringify(texts), maxBuffer: 1 << 30 })
    .toString('utf8')
    .split('\0');
  let compared = 0;
  texts.forEach((t, i) => {
    const go = out[i] ?? '';
    // go-yaml refuses some code points in its input (e.g. U+FFFE); controller-gen would fail on them too.
    if (go.startsWith('ERROR ')) return;
    compared++;
    assert.equal(emitYaml(JSON.parse(t) as YamlValue), go, `input: ${t}`);
  });
  assert.ok(compared > 2500, `only ${compared} documents compared`);
});

// Go's JSON prints a float64 with its shortest digits (-2^63 as -9223372036854776000), a raw
// value (a bigint here) digit for digit; go-yaml reads those digits as an integer only within
// int64/uint64. The range is a property of the digits, not of the value.
test('numbers at the edges of int64 and uint64: our bytes equal go-yaml v2 bytes', { skip }, () => {
  const values: YamlValue[] = [
    -(2 ** 63),
    2 ** 63,
    2 ** 64,
    2 ** 64 - 2048,
    2 ** 53,
    1e20,
    1e21,
    -(2n ** 63n),
    -(2n ** 63n) - 1n,
    2n ** 63n - 1n,
    2n ** 64n - 1n,
    2n ** 64n,
    2n ** 53n + 1n,
    10n ** 30n,
  ];
  const texts = values.map((v) => jsonText({ v }));
  const out = execFileSync(binary, { input: JSON.stringify(texts) })
    .toString('utf8')
    .split('\0');
  values.forEach((v, i) => assert.equal(emitYaml({ v }), out[i], `input: ${texts[i]}`));
});
