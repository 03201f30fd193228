// kro's ResourceGraphDefinition through the CLI's `main` (in this process; the binary once)
// (docs/design/0056): `opstudio import <rgd>` gives a design, `opstudio export <design> --format
// kro` gives the RGD back, to the byte; a design using what kro lacks is refused, each construct
// named on stderr, and nothing is written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from '@opstudio/shared/testing/corpus';
import { opstudio } from '../../testing/cli';

const BIN = fileURLToPath(new URL('../../bin/opstudio.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'opstudio-kro-cli-'));

/** `opstudio` as a process of its own: the binary, its stdin and its exit code. */
function opstudioProcess(args: string[], input?: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('opstudio import <rgd> | opstudio export --format kro gives the RGD back', async () => {
  const rgd = readFileSync(join(REPO_ROOT, 'bench/kro/webapp.rgd.yaml'), 'utf8');
  const imported = opstudioProcess(['import', '-'], rgd);
  assert.equal(imported.code, 0, imported.stderr);
  assert.match(imported.stdout, /^kind: OperatorDesign$/m);
  const designPath = join(dir, 'webapp.design.yaml');
  writeFileSync(designPath, imported.stdout);
  const printed = await opstudio(['export', designPath, '--format', 'kro']);
  assert.equal(printed.code, 0, printed.stderr);
  assert.equal(printed.stdout, rgd);
  const out = join(dir, 'webapp.rgd.yaml');
  const written = await opstudio(['export', designPath, '--format', 'kro', '-o', out]);
  assert.equal(written.code, 0, written.stderr);
  assert.equal(readFileSync(out, 'utf8'), rgd);
});

test('a design kro cannot express is refused, each construct named, nothing written', async () => {
  const out = join(dir, 'store.rgd.yaml');
  const r = await opstudio([
    'export',
    join(REPO_ROOT, 'examples/replicated-store.design.yaml'),
    '--format',
    'kro',
    '-o',
    out,
  ]);
  assert.equal(r.code, 2);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /refused: operand\.conditions\[0\]: conditions: kro writes its own conditions only/);
  assert.match(r.stderr, /refused: operand\.resources\[3\]\.readyWhen: readyWhen reading self/);
  assert.match(r.stderr, /cannot export .* as an RGD: kro lacks 4 constructs/);
  assert.equal(existsSync(out), false);
});

test('an RGD using what the studio lacks is refused at its path', async () => {
  const rgd = readFileSync(join(REPO_ROOT, 'bench/kro/redis.rgd.yaml'), 'utf8').replace(
    '  - id: config\n',
    '  - id: config\n    weight: 2\n',
  );
  const r = await opstudio(['import', '-'], rgd);
  assert.equal(r.code, 2);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /refused: spec\.resources\[0\]\.weight: the studio has no equivalent/);
});
