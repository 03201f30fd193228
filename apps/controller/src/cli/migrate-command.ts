/**
 * `opstudio migrate <kind> [status|run|trim|unserve|remove]`: the storage migration of a kind the
 * studio installed, step by step, as the kind's page does it (docs/design/0054). `status` (the
 * default) says at which step the migration stands; `run` rewrites every object stored at an old
 * version (resuming a pass a killed studio or terminal left, from the checkpoint on the CRD) with
 * a progress bar; `trim` drops the old versions from `status.storedVersions`; `unserve` and
 * `remove` retire them. Each step is refused, with the reason, until the one before it is done.
 * Writes go out as the kubeconfig's user. `-o json` prints the status after the step.
 * Exit codes: 0 done, 1 the step's check refused it, 2 bad input or unknown kind, 3 the cluster failed.
 */
import type { MigrationStatus } from '@opstudio/shared/migration/plan';
import { KubeJson } from '../kube/json-client';
import { MigrationRefused, StorageMigrator } from '../migration/migrator';
import { parseOrExit } from './args';
import { connectCluster } from './cluster';
import { commandSpec } from './commands';
import { formatOutput, outputFormat, processIo } from './output';
import { installedKind } from './pause-command';

export const MIGRATE_STEPS = ['status', 'run', 'trim', 'unserve', 'remove'] as const;

export function migrationText(s: MigrationStatus): string {
  const p =
    s.progress === null
      ? ''
      : `\n  pass: ${s.progress.done} of ${s.progress.total} objects${s.progress.finished ? ', finished' : ''}`;
  return `${s.crdName}: step ${s.step}: ${s.message}\n  storage ${s.storage}, status.storedVersions [${s.stored.join(', ')}]${p}\n`;
}

/** `[########------------]  312/1000` */
export function progressBar(done: number, total: number, width = 30): string {
  const filled = total === 0 ? width : Math.round((done / total) * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}`;
}

export async function migrateCommand(args: string[], io = processIo): Promise<number> {
  const parsed = parseOrExit(commandSpec('migrate'), args, io);
  if (typeof parsed === 'number') return parsed;
  const v = parsed.values as { kubeconfig?: string; context?: string; rate?: string; migrator?: 'auto' | 'studio' };
  const step = (parsed.positionals[1] ?? 'status') as (typeof MIGRATE_STEPS)[number];
  const rate = v.rate === undefined ? 100 : Number(v.rate);
  if (!Number.isFinite(rate) || rate <= 0 || rate > 10_000) {
    io.stderr(`opstudio migrate: --rate must be a number of objects per second between 1 and 10000, not '${v.rate}'\n`);
    return 2;
  }
  const format = outputFormat(parsed.values);
  try {
    const { kc } = await connectCluster(v);
    const match = await installedKind(kc, parsed.positionals[0]!);
    if ('error' in match) {
      io.stderr(`opstudio migrate: ${match.error}\n`);
      return 2;
    }
    const migrator = new StorageMigrator(new KubeJson(kc));
    const name = match.kind.crdName;
    const tty = format === undefined && process.stdout.isTTY;
    let shown = -1;
    let said: string | undefined;
    const status =
      step === 'status'
        ? await migrator.status(name)
        : step === 'run'
          ? await migrator.migrate(name, {
              by: { as: 'terminal' },
              ratePerSecond: rate,
              migrator: v.migrator ?? 'auto',
              onProgress: ({ done, total, resumed, migrator, detail }) => {
                if (format !== undefined) return;
                if (shown === -1)
                  io.stdout(
                    migrator === 'cluster'
                      ? "the cluster's storage migrator rewrites the objects (storagemigration.k8s.io)\n"
                      : "the studio's pass rewrites the objects (no-op writes)\n",
                  );
                if (shown === -1 && resumed) io.stdout(`resuming the pass at ${done} of ${total}\n`);
                if (detail !== undefined && detail !== said) io.stdout(`${(said = detail)}\n`);
                // a terminal sees the bar redrawn; a pipe (and the tests) a line every 50 objects
                if (tty) io.stdout(`\r${progressBar(done, total)}${done === total ? '\n' : ''}`);
                else if (done === total || Math.floor(done / 50) !== Math.floor(shown / 50))
                  io.stdout(`${progressBar(done, total)}\n`);
                shown = done;
              },
            })
          : step === 'trim'
            ? await migrator.trim(name)
            : await migrator.retire(name, step);
    io.stdout(format === undefined ? migrationText(status) : formatOutput(format, status));
    return 0;
  } catch (err) {
    io.stderr(`opstudio migrate: ${err instanceof Error ? err.message : String(err)}\n`);
    return err instanceof MigrationRefused ? 1 : 3;
  }
}
