// The exported operator compiles the studio's CEL environment natively: packages/cel/celenv's Go
// files (not its tests) ship byte for byte as the project's internal/celenv (scaffold.ts). This
// writes them into packages/shared/src/scaffold/celenv-go.generated.ts, which a unit test there
// (celenv-go.test.ts) holds to the files on disk, so the export and the WebAssembly cannot drift.
//   node --import tsx packages/cel/src/export-source.ts
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

const here = dirname(fileURLToPath(import.meta.url));
const celenvDir = join(here, '../celenv');
const target = join(here, '../../shared/src/scaffold/celenv-go.generated.ts');

/** The package's Go sources by file name, tests left out, in name order. */
export function celenvSources(dir = celenvDir): Record<string, string> {
  const names = readdirSync(dir)
    .filter((n) => n.endsWith('.go') && !n.endsWith('_test.go'))
    .sort();
  return Object.fromEntries(names.map((n) => [n, readFileSync(join(dir, n), 'utf8')]));
}

async function main(): Promise<void> {
  const text = [
    '// Generated from packages/cel/celenv/*.go (tests left out); do not edit. Regenerate with:',
    '//   node --import tsx packages/cel/src/export-source.ts',
    `export const CELENV_GO_FILES: Readonly<Record<string, string>> = ${JSON.stringify(celenvSources())};`,
    '',
  ].join('\n');
  const options = await resolveConfig(target);
  writeFileSync(target, await format(text, { ...options, filepath: target }));
  console.log(target);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) await main();
