/**
 * `opstudio plan <design.yaml> [-o json|yaml]`: what installing the design would do to every
 * custom resource of its kind already in the cluster (install/impact.ts), without writing
 * anything: the summary line, the resources the new CRD would refuse (field and message), the
 * groups of child changes, the dry runs that failed, then each changed resource. `-o json` lists
 * every resource under `refused`, `changed` and `unchanged`. The installed design's children
 * come from the studio's database (the design version the CRD was installed from).
 * The cluster: --kubeconfig/--context, else OPSTUDIO_KUBECONFIG / KUBECONFIG, else the dev sandbox.
 * With conversion rules, every resource also goes through them to each version and back.
 * Exit codes: 0 nothing refused, 1 a resource would be refused, a dry run failed or a resource does
 * not round-trip through the conversion rules, 2 bad input,
 * 3 the cluster or database failed.
 */
import { readFileSync } from 'node:fs';
import { childChangeText, type ResourceImpact } from '@opstudio/shared/impact/index';
import { changeText } from '@opstudio/shared/resources/object-changes';
import { failureOf } from '../api/errors';
import { loadConfig } from '../config';
import { checkDb, openDb } from '../db';
import { DesignStore, parseDesignOrThrow } from '../designs';
import { CrdService } from '../install';
import type { DesignImpact } from '../install/impact';
import { leaseNamespace } from '../kube/lease-access';
import { LiveBus } from '../live/bus';
import { parseOrExit } from './args';
import { connectCluster } from './cluster';
import { commandSpec } from './commands';
import { formatOutput, outputFormat, processIo } from './output';

/** Changed resources printed one by one in the human output; -o json has them all. */
const SHOWN = 20;

const where = (r: { namespace?: string; name: string }) =>
  r.namespace === undefined ? r.name : `${r.namespace}/${r.name}`;

export function planText(impact: DesignImpact): string {
  const r = impact.report;
  const lines = [`${impact.crdName}: ${r.summary}`];
  if (impact.installed === null) lines.push('  not installed: installing creates the CRD, no resource exists yet');
  for (const x of r.refused) {
    const when = x.refused?.when === 'next-write' ? 'on its next write' : 'when re-created or when the field changes';
    lines.push(`  refused  ${where(x)} ${when}`);
    for (const f of x.refused?.fields ?? []) lines.push(`           ${f.message}`);
  }
  const rt = impact.roundTrip;
  if (rt !== null) {
    lines.push(
      `  ${rt.checked} resources through the conversion rules and back (read at ${rt.readAt}): ${rt.failed} do not round-trip`,
    );
    for (const f of rt.failures) lines.push(`  round trip  ${where(f)}: ${f.message}`);
    if (rt.failed > rt.failures.length) lines.push(`  … and ${rt.failed - rt.failures.length} more do not round-trip`);
  }
  for (const f of impact.dryRun.failed) lines.push(`  dry run  ${where(f)} ${f.child}: ${f.message}`);
  if (impact.dryRun.checked > 0)
    lines.push(
      `  ${impact.dryRun.checked} changed or added children dry-run as ${impact.dryRun.as}: ${impact.dryRun.failed.length} refused` +
        (impact.dryRun.skipped > 0 ? `, ${impact.dryRun.skipped} more not dry-run` : ''),
    );
  const shown = (x: ResourceImpact) => {
    lines.push(`  changed  ${where(x)}: ${x.children.map(childChangeText).join('; ')}`);
    for (const c of x.children) for (const f of c.fields) lines.push(`           ${c.kind} ${c.name} ${changeText(f)}`);
    for (const f of x.failures ?? []) lines.push(`           cannot render: ${f}`);
  };
  r.changed.slice(0, SHOWN).forEach(shown);
  if (r.changed.length > SHOWN) lines.push(`  … and ${r.changed.length - SHOWN} more changed (-o json lists them all)`);
  for (const n of r.notes) lines.push(`  note: ${n}`);
  return `${lines.join('\n')}\n`;
}

/** What `-o json|yaml` prints: every resource under refused, changed and unchanged. */
export function planJson(impact: DesignImpact) {
  const r = impact.report;
  return {
    crd: impact.crdName,
    installed: impact.installed,
    version: impact.servedVersion,
    summary: r.summary,
    total: r.total,
    refused: r.refused,
    changed: r.changed,
    unchanged: r.unchanged,
    groups: r.groups,
    roundTrip: impact.roundTrip,
    dryRun: impact.dryRun,
    notes: r.notes,
  };
}

export async function planCommand(args: string[], io = processIo): Promise<number> {
  const parsed = parseOrExit(commandSpec('plan'), args, io);
  if (typeof parsed === 'number') return parsed;
  const values = parsed.values as { kubeconfig?: string; context?: string };
  const file = parsed.positionals[0]!;
  let text: string;
  try {
    text = readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (err) {
    io.stderr(`opstudio plan: cannot read ${file}: ${(err as Error).message}\n`);
    return 2;
  }
  let db;
  try {
    const design = parseDesignOrThrow(text, `${file} is not a valid design`);
    const conn = await connectCluster(values);
    db = openDb(loadConfig().databaseUrl);
    await checkDb(db);
    const crds = new CrdService(conn.kc, new DesignStore(db), new LiveBus(), {
      identityNamespace: leaseNamespace(loadConfig().leaseNamespace, conn),
    });
    const impact = await crds.impactOf(design);
    const format = outputFormat(parsed.values);
    io.stdout(format === undefined ? planText(impact) : formatOutput(format, planJson(impact)));
    const blocked =
      impact.report.refused.length > 0 || impact.dryRun.failed.length > 0 || (impact.roundTrip?.failed ?? 0) > 0;
    return blocked ? 1 : 0;
  } catch (err) {
    const e = failureOf(err);
    io.stderr(`opstudio plan: ${e.message}\n`);
    if (err instanceof Error && err.name === 'KubeConfigError') return 2;
    return e.code === 'BAD_REQUEST' || e.code === 'UNPROCESSABLE_CONTENT'
      ? 2
      : e.code === 'PRECONDITION_FAILED'
        ? 2
        : 3;
  } finally {
    await db?.$disconnect();
  }
}
