/**
 * `opstudio diff <installed-crd.yaml> <design-or-crd.yaml>` and `opstudio validate
 * <design-or-crd.yaml>`: the shared breaking-change diff and local validation, printed as a
 * table. A design (`kind: OperatorDesign`) is validated as a design (paths such as
 * `versions[v1alpha1].spec.size.default`); on the proposed side of a diff it stands for the
 * CRD it generates. Exit codes: 0 nothing found, 1 breaking changes / validation errors,
 * 2 unreadable or invalid input (one line on stderr). `-` reads stdin.
 * `validate` of a design also asks a cluster, chosen as `opstudio get` chooses (--kubeconfig,
 * else OPSTUDIO_KUBECONFIG / KUBECONFIG, else the running dev sandbox), whether it serves every
 * kind the design names and what its schemas say of custom-resource children
 * (install/cluster-kinds.ts, as the install asks); without one it says so on stderr and checks
 * the built-in kinds with their bundled schemas only.
 */
import { pathToFileURL } from 'node:url';
import { diffCrds, type Change } from '@opstudio/shared/crd/diff';
import { crdObject } from '@opstudio/shared/crd/generate';
import type { CustomResourceDefinition } from '@opstudio/shared/crd/types';
import { parseDesign } from '@opstudio/shared/design/io';
import { loadCel } from '@opstudio/cel/node';
import { validateDesignText } from '@opstudio/shared/validate/design';
import { validateCrd, type Issue } from '@opstudio/shared/validate/index';
import { parseYaml } from '@opstudio/shared/yaml/parse';
import { loadConfig } from '../config';
import { CrdClient } from '../install/crd-client';
import { clusterIssues } from '../install/cluster-kinds';
import { KindSchemas } from '../kube/kind-schemas';
import { loadKubeConfig, type LoadedKubeConfig } from '../kube/kubeconfig';
import { parseOrExit } from './args';
import { clusterKubeconfig } from './cluster';
import { commandSpec } from './commands';
import { InputError, readInput } from './design-commands';
import { formatOutput, formatTable, outputFormat, processIo, type CommandIo } from './output';

/** `diff -o json|yaml`: every change, breaking ones first, and the counts. */
export interface DiffOutput {
  readonly changes: readonly Change[];
  readonly breaking: number;
  readonly safe: number;
}

/** `validate -o json|yaml`: every issue, errors first, and the counts. */
export interface ValidateOutput {
  readonly issues: readonly Issue[];
  readonly errors: number;
  readonly warnings: number;
  /** a design's: the cluster its kinds were checked against, or why none was */
  readonly cluster?: ValidateCluster;
}

export type ValidateCluster = { readonly context: string; readonly server: string } | { readonly unreachable: string };

/** What the cluster says about a design's kinds, or why no cluster was asked. */
export async function clusterFindings(
  text: string,
  flags: { kubeconfig?: string; context?: string },
): Promise<{ issues: Issue[]; cluster: ValidateCluster }> {
  const parsed = parseDesign(text);
  if (!parsed.ok) return { issues: [], cluster: { unreachable: 'not asked: the design does not parse' } };
  const path = await clusterKubeconfig(flags.kubeconfig);
  if (path === undefined)
    return {
      issues: [],
      cluster: { unreachable: 'none configured: pass --kubeconfig, set KUBECONFIG, or start the sandbox' },
    };
  let loaded: LoadedKubeConfig;
  try {
    loaded = loadKubeConfig(path, flags.context ?? loadConfig().kubeContext);
  } catch (e) {
    return { issues: [], cluster: { unreachable: (e as Error).message } };
  }
  const client = new CrdClient(loaded.kc);
  const schemas = new KindSchemas();
  const source = {
    servedKinds: (v: string) => client.servedKinds(v),
    schemaOf: async (apiVersion: string, kind: string) =>
      (await schemas.get(loaded.kc, { apiVersion, kind }, null)).schema ?? undefined,
  };
  try {
    // no studio here: only this design's own kind is known to come later
    const issues = await clusterIssues(source, parsed.design, () => Promise.resolve([]));
    return { issues, cluster: { context: loaded.contextName, server: loaded.server } };
  } catch (e) {
    return { issues: [], cluster: { unreachable: `${loaded.server}: ${(e as Error).message.split('\n')[0]}` } };
  }
}

const clusterNote = (c: ValidateCluster): string =>
  'unreachable' in c
    ? `opstudio validate: no cluster reached (${c.unreachable}): kinds were not checked against a cluster; children's values were checked against the bundled schemas of the built-in kinds only\n`
    : `opstudio validate: kinds checked against the cluster of context ${c.context} (${c.server})\n`;

const DESIGN_KIND = 'OperatorDesign';
const EITHER = `CustomResourceDefinition or ${DESIGN_KIND}`;

/** The one YAML document of a file, as an object; anything else is bad input. */
function readDocument(name: string, text: string): Record<string, unknown> {
  const parsed = parseYaml(text);
  if (!parsed.ok)
    throw new InputError(
      `${name}: ${parsed.message.replace('expected one YAML document', 'expected one document (a CustomResourceDefinition or an OperatorDesign)')}`,
    );
  const doc = parsed.value;
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
    throw new InputError(`${name}: expected a CustomResourceDefinition or an ${DESIGN_KIND} object`);
  return doc as Record<string, unknown>;
}

/** Reads exactly one apiextensions.k8s.io/v1 CRD; anything else is bad input with a hint. */
export function readCrd(arg: string, text = readInput(arg)): CustomResourceDefinition {
  const name = arg === '-' ? 'stdin' : arg;
  return crdFrom(name, readDocument(name, text), 'CustomResourceDefinition');
}

function crdFrom(name: string, doc: Record<string, unknown>, expected: string): CustomResourceDefinition {
  if (doc.kind === DESIGN_KIND)
    throw new InputError(`${name}: is a design; the installed side must be a CRD (kubectl get crd <name> -o yaml)`);
  if (doc.kind !== 'CustomResourceDefinition')
    throw new InputError(`${name}: kind is ${String(doc.kind)}, expected ${expected}`);
  if (doc.apiVersion !== 'apiextensions.k8s.io/v1')
    throw new InputError(`${name}: apiVersion is ${String(doc.apiVersion)}, expected apiextensions.k8s.io/v1`);
  const spec = doc.spec as Partial<CustomResourceDefinition['spec']> | undefined;
  if (!spec || !Array.isArray(spec.versions) || typeof spec.names !== 'object' || spec.names === null) {
    throw new InputError(`${name}: spec.names and spec.versions are required in a CustomResourceDefinition`);
  }
  return doc as unknown as CustomResourceDefinition;
}

/** The proposed side of a diff: a CRD, or a design standing for the CRD it generates. */
export function readProposed(arg: string, text = readInput(arg)): CustomResourceDefinition {
  const name = arg === '-' ? 'stdin' : arg;
  const doc = readDocument(name, text);
  if (doc.kind !== DESIGN_KIND) return crdFrom(name, doc, EITHER);
  const parsed = parseDesign(text);
  if (!parsed.ok) {
    const [first] = parsed.errors;
    const more =
      parsed.errors.length > 1 ? ` (and ${parsed.errors.length - 1} more; 'opstudio validate ${arg}' lists them)` : '';
    throw new InputError(
      `${name}: invalid design: ${first?.path ? `${first.path}: ` : ''}${first?.message ?? 'unreadable'}${more}`,
    );
  }
  return crdObject(parsed.design);
}

/** Validates a design (by its own paths) or a CRD. */
export function validateFile(arg: string, text = readInput(arg)): Issue[] {
  const name = arg === '-' ? 'stdin' : arg;
  const doc = readDocument(name, text);
  if (doc.kind !== DESIGN_KIND) return validateCrd(crdFrom(name, doc, EITHER));
  return validateDesignText(text);
}

/** The items of one severity first (errors, breaking changes), each group in its order. */
const bySeverity = <T extends { severity: string }>(items: readonly T[], first: string): T[] => [
  ...items.filter((i) => i.severity === first),
  ...items.filter((i) => i.severity !== first),
];

export function formatChanges(changes: Change[]): string {
  if (changes.length === 0) return 'No changes.\n';
  const sorted = bySeverity(changes, 'breaking');
  const breaking = changes.filter((c) => c.severity === 'breaking').length;
  const table = formatTable(
    ['SEVERITY', 'RULE', 'PATH', 'CHANGE'],
    sorted.map((c) => [c.severity, c.rule, c.path, c.message]),
  );
  return `${table}\n${changes.length} change${changes.length === 1 ? '' : 's'}: ${breaking} breaking, ${changes.length - breaking} safe\n`;
}

export function formatIssues(issues: Issue[]): string {
  if (issues.length === 0) return 'No issues found.\n';
  const errors = issues.filter((i) => i.severity === 'error');
  const warnings = issues.filter((i) => i.severity === 'warning');
  const table = formatTable(
    ['SEVERITY', 'PATH', 'ISSUE'],
    bySeverity(issues, 'error').map((i) => [i.severity, i.path, i.message]),
  );
  return `${table}\n${errors.length} error${errors.length === 1 ? '' : 's'}, ${warnings.length} warning${warnings.length === 1 ? '' : 's'}\n`;
}

async function runCheck(cmd: 'diff' | 'validate', args: string[], io: CommandIo): Promise<number> {
  const parsed = parseOrExit(commandSpec(cmd), args, io);
  if (typeof parsed === 'number') return parsed;
  const files = parsed.positionals;
  const output = outputFormat(parsed.values);
  try {
    if (files.filter((a) => a === '-').length > 1) throw new InputError('only one input can come from stdin (-)');
    if (cmd === 'diff') {
      const changes = diffCrds(
        readCrd(files[0]!, readInput(files[0]!, io)),
        readProposed(files[1]!, readInput(files[1]!, io)),
      );
      const breaking = changes.filter((c) => c.severity === 'breaking').length;
      const result: DiffOutput = {
        changes: bySeverity(changes, 'breaking'),
        breaking,
        safe: changes.length - breaking,
      };
      io.stdout(output ? formatOutput(output, result) : formatChanges(changes));
      return breaking > 0 ? 1 : 0;
    }
    const text = readInput(files[0]!, io);
    const issues = validateFile(files[0]!, text);
    let cluster: ValidateCluster | undefined;
    if (readDocument(files[0] === '-' ? 'stdin' : files[0]!, text).kind === DESIGN_KIND) {
      const found = await clusterFindings(text, parsed.values);
      cluster = found.cluster;
      issues.push(...found.issues);
      io.stderr(clusterNote(cluster));
    }
    const errors = issues.filter((i) => i.severity === 'error').length;
    const result: ValidateOutput = {
      issues: bySeverity(issues, 'error'),
      errors,
      warnings: issues.length - errors,
      ...(cluster !== undefined ? { cluster } : {}),
    };
    io.stdout(output ? formatOutput(output, result) : formatIssues(issues));
    return errors > 0 ? 1 : 0;
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    io.stderr(`opstudio ${cmd}: ${e.message}\n`);
    return 2;
  }
}

export async function checkCommand(
  cmd: 'diff' | 'validate',
  args: string[],
  io: CommandIo = processIo,
): Promise<number> {
  await loadCel(); // a design's expressions and rules are checked with the API server's CEL
  return runCheck(cmd, args, io);
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
