/**
 * `opstudio install <design.yaml> [--confirm-breaking]` stores the design (a new design named
 * after its CRD, or a new version of the design of that name) and installs it with the same
 * service as the API, in-process, printing each step. `opstudio uninstall <design.yaml>
 * [--delete-resources]` removes the CRD installed from the design of that name.
 * The cluster: --kubeconfig, else OPSTUDIO_KUBECONFIG / KUBECONFIG, else the dev sandbox when it
 * runs. Exit codes: 0 done, 1 refused (breaking changes, custom resources exist), 2 bad input,
 * 3 the cluster or database failed.
 */
import { readFileSync } from 'node:fs';
import { crdName } from '@opstudio/shared/design/names';
import { failureOf, fieldCausesOf } from '../api/errors';
import { loadConfig } from '../config';
import { leaseNamespace } from '../kube/lease-access';
import { checkDb, openDb } from '../db';
import { DesignStore, parseDesignOrThrow } from '../designs';
import { rememberContext } from '../clusters/remembered';
import { CrdService } from '../install';
import { LiveBus } from '../live/bus';
import { parseOrExit } from './args';
import { connectCluster } from './cluster';
import { processIo } from './output';
import { commandSpec } from './commands';

const EXIT_BY_CODE: Record<string, number> = {
  PRECONDITION_FAILED: 1,
  BAD_REQUEST: 2,
  UNPROCESSABLE_CONTENT: 2,
  NOT_FOUND: 2,
  CONFLICT: 1,
};

class UsageError extends Error {}

export async function installCommand(cmd: 'install' | 'uninstall', args: string[]): Promise<number> {
  const parsed = parseOrExit(commandSpec(cmd), args, processIo);
  if (typeof parsed === 'number') return parsed;
  const values = parsed.values as {
    'confirm-breaking'?: true;
    'confirm-permissions'?: true;
    'delete-resources'?: true;
    name?: string;
    kubeconfig?: string;
    context?: string;
  };
  const say = (line: string) => process.stdout.write(`${line}\n`);
  const file = parsed.positionals[0]!;
  let db;
  try {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      throw new UsageError(
        `cannot read ${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`,
      );
    }
    const design = parseDesignOrThrow(text, `${file} is not a valid design`);
    const name = values.name ?? crdName(design);
    const conn = await connectCluster(values);
    const studioDb = openDb(loadConfig().databaseUrl);
    db = studioDb;
    await checkDb(studioDb);
    const designs = new DesignStore(studioDb);
    const bus = new LiveBus();
    // the studio starts this context's controllers at its next boot (clusters/remembered.ts)
    const crds = new CrdService(conn.kc, designs, bus, {
      identityNamespace: leaseNamespace(loadConfig().leaseNamespace, conn),
      onInstalled: () => rememberContext(studioDb, conn.contextName),
    });
    bus.subscribe(({ event }) => {
      if (!('operation' in event)) return;
      const step = event.operation.steps.at(-1);
      if (step !== undefined && step.step !== 'failed') say(`  ${step.step.padEnd(18)} ${step.message}`);
    });
    say(`${cmd === 'install' ? 'installing' : 'uninstalling'} ${name} on ${conn.server} (context ${conn.contextName})`);
    if (cmd === 'install') {
      const saved = await designs.saveByName(name, text);
      say(
        `  ${'saved'.padEnd(18)} design "${saved.name}" version ${saved.version}${saved.created ? '' : ' (unchanged)'}`,
      );
      const result = await crds.install({
        designId: saved.id,
        version: saved.version,
        confirmBreaking: parsed.values['confirm-breaking'] === true,
        confirmPermissions: parsed.values['confirm-permissions'] === true,
      });
      for (const c of result.changes)
        say(
          `  ${c.severity === 'breaking' ? 'breaking'.padEnd(18) : 'change'.padEnd(18)} ${c.designPath}: ${c.message}`,
        );
    } else {
      const stored = (await designs.list()).find((d) => d.name === name);
      if (stored === undefined)
        throw new UsageError(
          `no stored design named "${name}": was it installed with \`opstudio install\`? (or pass --name)`,
        );
      await crds.uninstall({ designId: stored.id, deleteResources: parsed.values['delete-resources'] === true });
    }
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`opstudio ${cmd}: ${err.message}\n`);
      return 2;
    }
    // the API's translation, so the CLI says what a client of the API would be told
    const e = failureOf(err);
    process.stderr.write(`opstudio ${cmd}: ${e.message}\n`);
    const causes = fieldCausesOf(err) ?? [];
    // the message names the first three already
    if (causes.length > 3)
      for (const c of causes) process.stderr.write(`  ${c.field === '' ? '' : `${c.field}: `}${c.message}\n`);
    if (e.code === 'PRECONDITION_FAILED' && cmd === 'install')
      process.stderr.write(
        causes.some((c) => c.field === 'rbac')
          ? '  review the permissions, then rerun with --confirm-permissions (and --confirm-breaking for breaking changes)\n'
          : '  rerun with --confirm-breaking to install anyway\n',
      );
    if (err instanceof Error && err.name === 'KubeConfigError') return 2;
    return EXIT_BY_CODE[e.code] ?? 3;
  } finally {
    await db?.$disconnect();
  }
}
