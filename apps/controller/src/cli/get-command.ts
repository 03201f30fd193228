/**
 * `opstudio get [<kind> [name]] [-n ns | -A] [-o wide|json|yaml]`: custom resources read from
 * the cluster (not through a running studio: a script needs no sign-in), shown with their CRD's
 * printer columns like the dashboard's table. Without a kind: the kinds. Every namespace unless
 * -n. Exit codes: 0 found, 1 not found, 2 bad input (an unknown kind lists near matches),
 * 3 the cluster failed.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import { CrdClient } from '../install/crd-client';
import { isNotFound } from '../kube/errors';
import { KubeJson } from '../kube/json-client';
import { toResourceKind } from '../resources/kinds';
import type { ResourceKind } from '../resources/types';
import { parseOrExit } from './args';
import { connectCluster } from './cluster';
import { commandSpec } from './commands';
import { kindsTable, resourcesTable } from './get-table';
import { matchKind } from './kind-match';
import { formatOutput, outputFormat, processIo } from './output';

const SPEC = commandSpec('get');

/** `get <kind> -o json|yaml`: the objects as the API server returns them, in a kubectl-style List. */
export interface GetListOutput {
  readonly apiVersion: 'v1';
  readonly kind: 'List';
  readonly items: readonly Record<string, unknown>[];
}
// `get <kind> <name> -o json|yaml` prints the object itself; `get -o json|yaml` a List of ResourceKind.

export class GetError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
  ) {
    super(message);
  }
}

/** The studio's kinds (every CRD in the cluster), sorted like the navigation. */
export async function listKinds(kc: KubeConfig): Promise<ResourceKind[]> {
  return (await new CrdClient(kc).list()).map(toResourceKind).sort((a, b) => a.name.localeCompare(b.name));
}

export async function resolveKind(kc: KubeConfig, query: string): Promise<ResourceKind> {
  const match = matchKind(await listKinds(kc), query);
  if ('error' in match) throw new GetError(match.error, 2);
  if (match.kind.version === null) throw new GetError(`${match.kind.name} serves no version`, 2);
  return match.kind;
}

/** The objects of a kind: one namespace or all; `name` narrows to that name (in any namespace without -n). */
export async function readObjects(
  kc: KubeConfig,
  kind: ResourceKind,
  opts: { namespace?: string; name?: string },
): Promise<Record<string, unknown>[]> {
  const http = new KubeJson(kc);
  const ns =
    kind.scope === 'Namespaced' && opts.namespace !== undefined
      ? `/namespaces/${encodeURIComponent(opts.namespace)}`
      : '';
  const base = `/apis/${kind.group}/${kind.version}${ns}/${kind.plural}`;
  if (opts.name !== undefined && (ns !== '' || kind.scope === 'Cluster')) {
    try {
      return [
        await http.request<Record<string, unknown>>({
          method: 'GET',
          path: `${base}/${encodeURIComponent(opts.name)}`,
        }),
      ];
    } catch (err) {
      if (isNotFound(err)) return [];
      throw err;
    }
  }
  const query = opts.name === undefined ? {} : { fieldSelector: `metadata.name=${opts.name}` };
  const list = await http.request<{ items: Record<string, unknown>[] }>({ method: 'GET', path: base, query });
  // a List's items omit apiVersion and kind; -o json should print whole objects
  return list.items.map((o) => ({ apiVersion: `${kind.group}/${kind.version}`, kind: kind.kind, ...o }));
}

export async function getCommand(args: string[], io = processIo): Promise<number> {
  const parsed = parseOrExit(SPEC, args, io);
  if (typeof parsed === 'number') return parsed;
  const [query, name] = parsed.positionals;
  const v = parsed.values as {
    namespace?: string;
    'all-namespaces'?: true;
    output?: string;
    kubeconfig?: string;
    context?: string;
  };
  const format = outputFormat(parsed.values);
  if (v.namespace !== undefined && v['all-namespaces'] === true) {
    io.stderr('opstudio get: -n and -A exclude each other\n');
    return 2;
  }
  try {
    const { kc } = await connectCluster(v);
    if (query === undefined) {
      const kinds = await listKinds(kc);
      io.stdout(format ? formatOutput(format, { apiVersion: 'v1', kind: 'List', items: kinds }) : kindsTable(kinds));
      return 0;
    }
    const kind = await resolveKind(kc, query);
    const objects = await readObjects(kc, kind, {
      ...(v.namespace !== undefined ? { namespace: v.namespace } : {}),
      ...(name !== undefined ? { name } : {}),
    });
    if (name !== undefined && objects.length !== 1) {
      const where = v.namespace !== undefined ? ` in namespace ${v.namespace}` : '';
      throw new GetError(
        objects.length === 0
          ? `${kind.plural}.${kind.group} "${name}" not found${where}`
          : `${objects.length} ${kind.plural} named "${name}": pass -n <namespace>`,
        objects.length === 0 ? 1 : 2,
      );
    }
    if (format !== undefined) {
      const out: GetListOutput | Record<string, unknown> =
        name !== undefined ? objects[0]! : { apiVersion: 'v1', kind: 'List', items: objects };
      io.stdout(formatOutput(format, out));
    } else if (objects.length === 0) {
      io.stderr(`No resources found${v.namespace !== undefined ? ` in ${v.namespace} namespace` : ''}.\n`);
    } else {
      io.stdout(
        resourcesTable(kind, objects, {
          allNamespaces: v.namespace === undefined,
          wide: v.output === 'wide',
          now: Date.now(),
        }),
      );
    }
    return 0;
  } catch (err) {
    if (err instanceof GetError) {
      io.stderr(`opstudio get: ${err.message}\n`);
      return err.exitCode;
    }
    io.stderr(`opstudio get: ${err instanceof Error ? err.message : String(err)}\n`);
    return err instanceof Error && err.name === 'KubeConfigError' ? 2 : 3;
  }
}
