/**
 * `opstudio rollout <kind>`: a kind's revisions and rollout (docs/design/0055-revisions-and-rollouts.md).
 *   opstudio rollout webapps --to 3 --canary 5        start: a canary of 5, then the rest in batches
 *   opstudio rollout webapps --to 3 --canary-selector tier=canary
 *   opstudio rollout webapps                          where it stands (-o json: KindRevisionsView)
 *   opstudio rollout webapps --rollback | --finish
 * `opstudio pin <kind> <name> [-n ns] <revision>` (or `--unpin`): the resource's revision annotation,
 * patched as the kubeconfig's user. Rollouts are kept in the database for the context's cluster, as
 * pauses are; a running studio's leader moves resources within a second. Changes are checked as the
 * kubeconfig's user (a dry run of the CRD annotation a finished rollout writes).
 * Exit codes: 0 done, 2 bad input, unknown kind or refused, 3 the cluster or database failed.
 */
import os from 'node:os';
import type { KubeConfig } from '@kubernetes/client-node';
import { pinPatch } from '@opstudio/shared/rollout/revision';
import { ROLLOUT_REQUEST } from '@opstudio/shared/rollout/rollout';
import { readClusterId } from '../clusters/cluster-identity';
import { loadConfig } from '../config';
import { checkDb, openDb } from '../db';
import { CrdClient, servedVersion } from '../install/crd-client';
import { KubeJson } from '../kube/json-client';
import {
  finishKindRollout,
  kindRevisions,
  rollbackKindRollout,
  RolloutError,
  startKindRollout,
  type RolloutTarget,
} from '../rollouts/service';
import { parseOrExit } from './args';
import { connectCluster } from './cluster';
import { commandSpec } from './commands';
import { formatOutput, outputFormat, processIo } from './output';
import { installedKind } from './pause-command';

type Values = Readonly<Record<string, string | true>>;

const fail = (cmd: string, message: string, code: number) => {
  process.stderr.write(`opstudio ${cmd}: ${message}\n`);
  return code;
};

async function kindOf(
  cmd: string,
  v: Values,
  kind: string,
): Promise<{ kc: KubeConfig; crdName: string; clusterId: string } | number> {
  const { kc, contextName } = await connectCluster(v);
  const match = await installedKind(kc, kind);
  if ('error' in match) return fail(cmd, match.error, 2);
  const id = await readClusterId(kc, contextName);
  if (id.fallback !== undefined) process.stderr.write(`opstudio ${cmd}: cluster id ${id.id}: ${id.fallback}\n`);
  return { kc, crdName: match.kind.crdName, clusterId: id.id };
}

/** `--canary-selector a=b,c=d` as matchLabels. */
function selectorOf(raw: string): Record<string, string> | string {
  const out: Record<string, string> = {};
  for (const part of raw.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) return `--canary-selector: ${JSON.stringify(part)} is not key=value`;
    out[part.slice(0, eq)] = part.slice(eq + 1);
  }
  return out;
}

export async function rolloutCommand(args: string[]): Promise<number> {
  const parsed = parseOrExit(commandSpec('rollout'), args, processIo);
  if (typeof parsed === 'number') return parsed;
  const v = parsed.values;
  const format = outputFormat(v);
  let target: RolloutTarget | undefined;
  const db = openDb(loadConfig().databaseUrl);
  try {
    const kind = await kindOf('rollout', v, parsed.positionals[0]!);
    if (typeof kind === 'number') return kind;
    await checkDb(db);
    target = { db, clusterId: kind.clusterId, crdName: kind.crdName, as: kind.kc };
    if (v['rollback'] === true) {
      const r = await rollbackKindRollout(target);
      process.stdout.write(`Rolled back ${kind.crdName}: its resources return to revision ${r.state.from}.\n`);
      return 0;
    }
    if (v['finish'] === true) {
      const r = await finishKindRollout(target);
      process.stdout.write(`Revision ${r.current} is now the current revision of ${kind.crdName}.\n`);
      return 0;
    }
    if (v['to'] !== undefined) {
      const selector = typeof v['canary-selector'] === 'string' ? selectorOf(v['canary-selector']) : undefined;
      if (typeof selector === 'string') return fail('rollout', selector, 2);
      const request = ROLLOUT_REQUEST.safeParse({
        to: Number(v['to']),
        canary: selector !== undefined ? { selector: { matchLabels: selector } } : { count: Number(v['canary'] ?? 1) },
        ...(v['batch'] !== undefined ? { batch: Number(v['batch']) } : {}),
        ...(v['ready-within'] !== undefined ? { readyWithinSeconds: Number(v['ready-within']) } : {}),
      });
      if (!request.success)
        return fail('rollout', request.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '), 2);
      const r = await startKindRollout(target, request.data, `cli:${os.userInfo().username}`);
      process.stdout.write(`Started the rollout of ${kind.crdName} from revision ${r.state.from} to ${r.state.to}.\n`);
      return 0;
    }
    const view = await kindRevisions(target);
    if (format !== undefined) process.stdout.write(formatOutput(format, view));
    else
      process.stdout.write(
        `${kind.crdName}: current revision ${view.current}\n${view.rollout === null ? 'no rollout' : `rollout: ${view.rollout.summary}`}\n`,
      );
    return 0;
  } catch (err) {
    if (err instanceof RolloutError) return fail('rollout', err.message, 2);
    return fail('rollout', err instanceof Error ? err.message : String(err), 3);
  } finally {
    await db.$disconnect();
  }
}

export async function pinCommand(args: string[]): Promise<number> {
  const parsed = parseOrExit(commandSpec('pin'), args, processIo);
  if (typeof parsed === 'number') return parsed;
  const v = parsed.values;
  const [kindName, name, raw] = parsed.positionals as [string, string, string | undefined];
  const unpin = v['unpin'] === true;
  if (unpin === (raw !== undefined)) return fail('pin', 'give a revision, or --unpin', 2);
  const revision = raw === undefined ? null : Number(raw);
  if (revision !== null && !(Number.isSafeInteger(revision) && revision > 0))
    return fail('pin', `${JSON.stringify(raw)} is not a revision (a design version, e.g. 3)`, 2);
  try {
    const kind = await kindOf('pin', v, kindName);
    if (typeof kind === 'number') return kind;
    const crd = await new CrdClient(kind.kc).read(kind.crdName);
    const version = crd === undefined ? undefined : servedVersion(crd);
    if (crd === undefined || version === undefined) return fail('pin', `${kind.crdName} serves no version`, 2);
    const ns = typeof v['namespace'] === 'string' ? v['namespace'] : 'default';
    const scope = crd.spec.scope === 'Namespaced' ? `/namespaces/${encodeURIComponent(ns)}` : '';
    await new KubeJson(kind.kc).request({
      method: 'PATCH',
      path: `/apis/${crd.spec.group}/${version}${scope}/${crd.spec.names.plural}/${encodeURIComponent(name)}`,
      contentType: 'application/merge-patch+json',
      body: pinPatch(revision),
      what: `${crd.spec.names.kind} ${name}`,
    });
    process.stdout.write(
      revision === null
        ? `${name} follows the kind's revision again.\n`
        : `${name} is pinned to revision ${revision}: it runs it whatever the kind's revision or rollout.\n`,
    );
    return 0;
  } catch (err) {
    return fail('pin', err instanceof Error ? err.message : String(err), 3);
  }
}
