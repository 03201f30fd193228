/**
 * `opstudio pause <kind>` / `opstudio resume <kind>`: "Pause the embedded controller" for one
 * installed kind, so the exported operator (`make run`) can reconcile it instead
 * (docs/design/0030-hand-off.md). <kind> is the CRD name (memcacheds.cache.example.com) or the
 * Kind, plural or singular of a kind the studio installed. The pause is kept in the database; a
 * running studio stops (or starts) that kind's controller within its poll period (2 s).
 * Exit codes: 0 done, 2 bad input or unknown kind, 3 the cluster or database failed.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { ApiextensionsV1Api } from '@kubernetes/client-node';
import type { KubeConfig } from '@kubernetes/client-node';
import { pauseCommand } from '@opstudio/shared/kube/handoff';
import { loadConfig } from '../config';
import { checkDb, openDb } from '../db';
import { DESIGN_LABEL } from '../install/labels';
import { setKindPaused } from '../operators/handoff-view';
import { connectCluster } from './cluster';

const usage = (cmd: string) => `usage: opstudio ${cmd} <kind> [--kubeconfig F] [--context C]`;

/** The CRD the studio installed that `kind` names (CRD name, Kind, plural or singular; case-insensitive). */
async function installedCrdName(kc: KubeConfig, kind: string): Promise<string> {
  const crds = await kc.makeApiClient(ApiextensionsV1Api).listCustomResourceDefinition({ labelSelector: DESIGN_LABEL });
  const k = kind.toLowerCase();
  const found = crds.items.filter((c) => {
    const n = c.spec.names;
    return [c.metadata?.name, n.kind, n.plural, n.singular].some((s) => s?.toLowerCase() === k);
  });
  const names = found.map((c) => c.metadata?.name ?? '');
  if (names.length === 1) return names[0]!;
  if (names.length === 0) throw new Error(`no kind installed by the studio is named ${kind}`);
  throw new Error(`${kind} names ${names.length} installed kinds: pass the CRD name (${names.join(', ')})`);
}

export async function pauseKindCommand(cmd: 'pause' | 'resume', args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { kubeconfig: { type: 'string' }, context: { type: 'string' } },
    });
    if (parsed.positionals.length !== 1) throw new Error(usage(cmd));
  } catch (err) {
    process.stderr.write(`opstudio ${cmd}: ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
  const kind = parsed.positionals[0]!;
  let crdName: string;
  try {
    const { kc } = await connectCluster({
      ...(parsed.values.kubeconfig !== undefined ? { kubeconfig: parsed.values.kubeconfig } : {}),
      ...(parsed.values.context !== undefined ? { context: parsed.values.context } : {}),
    });
    crdName = await installedCrdName(kc, kind);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`opstudio ${cmd}: ${message}\n`);
    return message.startsWith('no kind') || message.includes('installed kinds') ? 2 : 3;
  }
  const db = openDb(loadConfig().databaseUrl);
  try {
    await checkDb(db);
    await setKindPaused(db, crdName, cmd === 'pause', `cli:${os.userInfo().username}`);
  } catch (err) {
    process.stderr.write(`opstudio ${cmd}: ${err instanceof Error ? err.message : String(err)}\n`);
    return 3;
  } finally {
    await db.$disconnect();
  }
  process.stdout.write(
    cmd === 'pause'
      ? `Paused the embedded controller for ${crdName}: the studio stops it and releases its hand-off Lease within seconds; the exported manager may start now.\n`
      : `Resumed the embedded controller for ${crdName}: it starts once no exported manager holds the kind's hand-off Lease (\`${pauseCommand(crdName)}\` pauses it again).\n`,
  );
  return 0;
}
