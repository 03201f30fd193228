/**
 * `opstudio pause <kind>` / `opstudio resume <kind>`: "Pause the embedded controller" for one
 * installed kind, so the exported operator (`make run`) can reconcile it instead
 * (docs/design/0030-hand-off.md). <kind> names a kind the studio installed as `opstudio get` reads
 * kinds (plural, singular, short name or Kind, with or without `.group`: the CRD name). The pause is kept in the database
 * for the context's cluster (its kube-system uid, as the studio computes it: clusters/cluster-identity.ts); a running
 * studio stops (or starts) that kind's controller in that cluster within its poll period (2 s).
 * Exit codes: 0 done, 2 bad input or unknown kind, 3 the cluster or database failed.
 */
import os from 'node:os';
import { ApiextensionsV1Api } from '@kubernetes/client-node';
import type { KubeConfig } from '@kubernetes/client-node';
import { pauseCommand } from '@opstudio/shared/kube/handoff';
import { loadConfig } from '../config';
import { checkDb, openDb } from '../db';
import { readClusterId } from '../clusters/cluster-identity';
import { DESIGN_LABEL } from '../install/labels';
import { setKindPaused } from '../operators/handoff-view';
import { parseOrExit } from './args';
import { connectCluster } from './cluster';
import { commandSpec } from './commands';
import { matchKind, type KindMatch, type NamedKind } from './kind-match';
import { processIo } from './output';

/** The CRD the studio installed that `kind` names, read the way `opstudio get` reads kinds. */
export async function installedKind(
  kc: KubeConfig,
  kind: string,
): Promise<KindMatch<NamedKind & { readonly crdName: string }>> {
  const crds = await kc.makeApiClient(ApiextensionsV1Api).listCustomResourceDefinition({ labelSelector: DESIGN_LABEL });
  const kinds = crds.items.map((c) => ({
    crdName: c.metadata?.name ?? '',
    group: c.spec.group,
    kind: c.spec.names.kind,
    plural: c.spec.names.plural,
    singular: c.spec.names.singular ?? c.spec.names.kind.toLowerCase(),
    shortNames: c.spec.names.shortNames ?? [],
  }));
  return matchKind(kinds, kind);
}

export async function pauseKindCommand(cmd: 'pause' | 'resume', args: string[]): Promise<number> {
  const parsed = parseOrExit(commandSpec(cmd), args, processIo);
  if (typeof parsed === 'number') return parsed;
  const v = parsed.values as { kubeconfig?: string; context?: string };
  let crdName: string;
  let clusterId: string;
  try {
    const { kc, contextName } = await connectCluster(v);
    const match = await installedKind(kc, parsed.positionals[0]!);
    if ('error' in match) {
      process.stderr.write(`opstudio ${cmd}: ${match.error}\n`);
      return 2;
    }
    crdName = match.kind.crdName;
    const id = await readClusterId(kc, contextName);
    // the studio falls back the same way for this context, so the pause still reaches it
    if (id.fallback !== undefined) process.stderr.write(`opstudio ${cmd}: cluster id ${id.id}: ${id.fallback}\n`);
    clusterId = id.id;
  } catch (err) {
    process.stderr.write(`opstudio ${cmd}: ${err instanceof Error ? err.message : String(err)}\n`);
    return 3;
  }
  const db = openDb(loadConfig().databaseUrl);
  try {
    await checkDb(db);
    await setKindPaused(db, clusterId, crdName, cmd === 'pause', `cli:${os.userInfo().username}`);
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
