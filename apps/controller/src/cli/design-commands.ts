/**
 * `opstudio crd <design.yaml>` (the CRD, as controller-gen writes it), `opstudio rbac` (the
 * manager ClusterRole), `opstudio sample` (a sample CR) and `opstudio import <crd.yaml>` (a
 * design from an existing CRD), each to stdout; `-` reads stdin.
 * Exit codes: 0 fine, 2 unreadable or invalid input (one line on stderr). Warnings about what
 * an import keeps as raw schema go to stderr and do not change the exit code.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { generateCrd } from '@opstudio/shared/crd/generate';
import { importCrd } from '@opstudio/shared/crd/import';
import { parseDesign, serializeDesign } from '@opstudio/shared/design/io';
import type { Design } from '@opstudio/shared/design/schema';
import { generateRbac } from '@opstudio/shared/manifests/rbac';
import { generateSample } from '@opstudio/shared/manifests/sample';
import type { DesignError } from '@opstudio/shared/design/errors';

class InputError extends Error {}

const USAGE: Record<string, string> = {
  crd: 'usage: opstudio crd <design.yaml>  (- reads stdin)',
  rbac: 'usage: opstudio rbac <design.yaml>  (- reads stdin)',
  sample: 'usage: opstudio sample <design.yaml>  (- reads stdin)',
  import: 'usage: opstudio import <crd.yaml>  (- reads stdin)',
};

function readInput(arg: string): string {
  try {
    return arg === '-' ? readFileSync(0, 'utf8') : readFileSync(arg, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (e as Error).message;
    throw new InputError(`cannot read ${arg === '-' ? 'stdin' : arg}: ${why}`);
  }
}

function describe(errors: DesignError[]): string {
  const [first] = errors;
  if (!first) return 'invalid input';
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return `${first.path ? `${first.path}: ` : ''}${first.message}${more}`;
}

function readDesign(arg: string): Design {
  const parsed = parseDesign(readInput(arg));
  if (!parsed.ok) throw new InputError(`${arg === '-' ? 'stdin' : arg}: ${describe(parsed.errors)}`);
  return parsed.design;
}

function importCommand(arg: string): string {
  const result = importCrd(readInput(arg));
  if (!result.ok) throw new InputError(`${arg === '-' ? 'stdin' : arg}: ${describe(result.errors)}`);
  for (const u of result.unrepresentable) process.stderr.write(`opstudio import: warning: ${u.path}: ${u.reason}\n`);
  return serializeDesign(result.design);
}

const COMMANDS: Record<string, (arg: string) => string> = {
  crd: (arg) => generateCrd(readDesign(arg)),
  rbac: (arg) => generateRbac(readDesign(arg)),
  sample: (arg) => generateSample(readDesign(arg)),
  import: importCommand,
};

export async function designCommand(cmd: string, args: string[]): Promise<number> {
  await Promise.resolve();
  const run = COMMANDS[cmd];
  if (!run) {
    process.stderr.write(`opstudio ${cmd}: not available yet in this build; crd, rbac, sample and import are.\n`);
    return 2;
  }
  const [arg, ...rest] = args;
  if (arg === undefined || rest.length > 0 || (arg.startsWith('-') && arg !== '-')) {
    process.stderr.write(`${USAGE[cmd]}\n`);
    return 2;
  }
  try {
    process.stdout.write(run(arg));
    return 0;
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    process.stderr.write(`opstudio ${cmd}: ${e.message}\n`);
    return 2;
  }
}

// Run directly (`node --import tsx design-commands.ts crd x.yaml`), e.g. from tests.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [cmd = '', ...rest] = process.argv.slice(2);
  designCommand(cmd, rest).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`opstudio: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 2;
    },
  );
}
