/**
 * `opstudio diff <installed-crd.yaml> <proposed-crd.yaml>` and `opstudio validate <crd.yaml>`:
 * the shared breaking-change diff and local validation, printed as a table.
 * Exit codes: 0 nothing found, 1 breaking changes / validation errors, 2 unreadable or
 * invalid input (one line on stderr). `-` reads stdin.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { diffCrds, type Change } from '@opstudio/shared/crd/diff';
import type { CustomResourceDefinition } from '@opstudio/shared/crd/types';
import { validateCrd, type Issue } from '@opstudio/shared/validate/index';

class InputError extends Error {}

const USAGE = {
  diff: 'usage: opstudio diff <installed-crd.yaml> <proposed-crd.yaml>  (- reads stdin)',
  validate: 'usage: opstudio validate <crd.yaml>  (- reads stdin)',
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

/** Reads exactly one apiextensions.k8s.io/v1 CRD; anything else is bad input with a hint. */
export function readCrd(arg: string, text = readInput(arg)): CustomResourceDefinition {
  const name = arg === '-' ? 'stdin' : arg;
  const docs = parseAllDocuments(text);
  if (!Array.isArray(docs)) throw new InputError(`${name}: not YAML`);
  const bad = docs.find((d) => d.errors.length > 0);
  if (bad) throw new InputError(`${name}: invalid YAML: ${bad.errors[0]!.message.split('\n')[0]}`);
  const values = docs.map((d) => d.toJS() as unknown).filter((v) => v !== null && v !== undefined);
  if (values.length !== 1) throw new InputError(`${name}: expected one CustomResourceDefinition, found ${values.length} documents`);
  const doc = values[0] as Record<string, unknown>;
  if (typeof doc !== 'object' || Array.isArray(doc)) throw new InputError(`${name}: expected a CustomResourceDefinition object`);
  if (doc.kind === 'OperatorDesign') throw new InputError(`${name}: is a design; run 'opstudio crd ${name}' and pass the CRD it writes`);
  if (doc.kind !== 'CustomResourceDefinition') throw new InputError(`${name}: kind is ${String(doc.kind)}, expected CustomResourceDefinition`);
  if (doc.apiVersion !== 'apiextensions.k8s.io/v1') throw new InputError(`${name}: apiVersion is ${String(doc.apiVersion)}, expected apiextensions.k8s.io/v1`);
  const spec = doc.spec as Partial<CustomResourceDefinition['spec']> | undefined;
  if (!spec || !Array.isArray(spec.versions) || typeof spec.names !== 'object' || spec.names === null) {
    throw new InputError(`${name}: spec.names and spec.versions are required in a CustomResourceDefinition`);
  }
  return doc as unknown as CustomResourceDefinition;
}

export function formatTable(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(headers), ...rows.map(line)].join('\n') + '\n';
}

export function formatChanges(changes: Change[]): string {
  if (changes.length === 0) return 'No changes.\n';
  const sorted = [...changes.filter((c) => c.severity === 'breaking'), ...changes.filter((c) => c.severity === 'safe')];
  const breaking = changes.filter((c) => c.severity === 'breaking').length;
  const table = formatTable(['SEVERITY', 'RULE', 'PATH', 'CHANGE'], sorted.map((c) => [c.severity, c.rule, c.path, c.message]));
  return `${table}\n${changes.length} change${changes.length === 1 ? '' : 's'}: ${breaking} breaking, ${changes.length - breaking} safe\n`;
}

export function formatIssues(issues: Issue[]): string {
  if (issues.length === 0) return 'No issues found.\n';
  const errors = issues.filter((i) => i.severity === 'error');
  const warnings = issues.filter((i) => i.severity === 'warning');
  const table = formatTable(['SEVERITY', 'PATH', 'ISSUE'], [...errors, ...warnings].map((i) => [i.severity, i.path, i.message]));
  return `${table}\n${errors.length} error${errors.length === 1 ? '' : 's'}, ${warnings.length} warning${warnings.length === 1 ? '' : 's'}\n`;
}

function runCheck(cmd: 'diff' | 'validate', args: string[]): number {
  try {
    const wanted = cmd === 'diff' ? 2 : 1;
    if (args.length !== wanted || args.some((a) => a.startsWith('-') && a !== '-')) throw new InputError(USAGE[cmd]);
    if (args.filter((a) => a === '-').length > 1) throw new InputError('only one input can come from stdin (-)');
    if (cmd === 'diff') {
      const changes = diffCrds(readCrd(args[0]!), readCrd(args[1]!));
      process.stdout.write(formatChanges(changes));
      return changes.some((c) => c.severity === 'breaking') ? 1 : 0;
    }
    const issues = validateCrd(readCrd(args[0]!));
    process.stdout.write(formatIssues(issues));
    return issues.some((i) => i.severity === 'error') ? 1 : 0;
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    process.stderr.write(`opstudio ${cmd}: ${e.message}\n`);
    return 2;
  }
}

export function checkCommand(cmd: 'diff' | 'validate', args: string[]): Promise<number> {
  return Promise.resolve().then(() => runCheck(cmd, args));
}

// Run directly (`node --import tsx check-commands.ts diff a b`), not when main.ts loads it.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [cmd, ...rest] = process.argv.slice(2);
  if (cmd !== 'diff' && cmd !== 'validate') {
    process.stderr.write(`usage: check-commands.ts diff|validate <files…>\n`);
    process.exitCode = 2;
  } else {
    checkCommand(cmd, rest).then(
      (code) => (process.exitCode = code),
      (err: unknown) => {
        process.stderr.write(`opstudio ${cmd}: ${err instanceof Error ? err.message : String(err)}\n`);
        process.exitCode = 2;
      },
    );
  }
}
