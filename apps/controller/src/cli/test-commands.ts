/**
 * `opstudio test <design.yaml> [-o json|junit]`: every case of the design's `tests` section
 * (docs/design/0052), offline: render cases through the controller's planner, validation cases
 * through the API server's own validator in the CEL module. Exit 1 when a case fails.
 * `opstudio render <design.yaml> <cr.yaml> [--observed <dir>] [-o json|yaml]`: what the
 * controller would create for that custom resource, its status and conditions; `--observed`
 * holds `<child id>.yaml` files, what the cluster reports of each child (e.g. from
 * `kubectl get -o yaml`), merged over the rendered child. Exit 2 on bad input.
 */
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { loadCel } from '@opstudio/cel/node';
import {
  clusterJson,
  clusterJunit,
  clusterText,
  testRunJson,
  testRunJunit,
  testRunText,
} from '@opstudio/shared/design-tests/report';
import { caseResource, renderFor } from '@opstudio/shared/design-tests/render-case';
import { runDesignTests } from '@opstudio/shared/design-tests/run';
import type { RenderCase } from '@opstudio/shared/design-tests/model';
import type { Design } from '@opstudio/shared/design/schema';
import { CHILD_ID, type KubeObject } from '@opstudio/shared/graph/model';
import { metadataFirst } from '@opstudio/shared/designer/graph-preview';
import { emitYaml, type YamlValue } from '@opstudio/shared/yaml/emit';
import { parseYaml } from '@opstudio/shared/yaml/parse';
import { againstCluster } from './against-cluster';
import { parseOrExit } from './args';
import { connectCluster } from './cluster';
import { commandSpec } from './commands';
import { InputError, readDesign, readInput } from './design-commands';
import { formatOutput, processIo, type CommandIo } from './output';

function readObject(arg: string, what: string): Record<string, unknown> {
  const parsed = parseYaml(readInput(arg));
  if (!parsed.ok) throw new InputError(`${arg}: ${parsed.message}`);
  const v = parsed.value;
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new InputError(`${arg}: expected ${what}`);
  return v as Record<string, unknown>;
}

/** `<child id>.yaml` files of a folder: what the cluster reports of each child. */
function readObserved(dir: string): Record<string, Record<string, unknown>> {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.yaml') || f.endsWith('.yml'));
  } catch (e) {
    throw new InputError(`--observed ${dir}: ${(e as Error).message}`);
  }
  const out: Record<string, Record<string, unknown>> = {};
  for (const f of files) {
    const id = basename(f).replace(/\.ya?ml$/, '');
    if (!CHILD_ID.test(id))
      throw new InputError(`--observed ${dir}: ${f} is not named <child id>.yaml (lower-case letters and digits)`);
    out[id] = readObject(join(dir, f), `what the cluster reports of child ${id} (a YAML object)`);
  }
  if (files.length === 0) throw new InputError(`--observed ${dir}: no <child id>.yaml files`);
  return out;
}

export async function testCommand(args: string[], io: CommandIo = processIo): Promise<number> {
  const parsed = parseOrExit(commandSpec('test'), args, io);
  if (typeof parsed === 'number') return parsed;
  try {
    const [file] = parsed.positionals;
    const design = readDesign(file!, io);
    const engine = await loadCel(); // the API server's defaulting and validation
    const run = runDesignTests(design, engine);
    const v = parsed.values as { 'against-cluster'?: true; kubeconfig?: string; context?: string };
    const cluster =
      v['against-cluster'] === true ? await againstCluster((await connectCluster(v)).kc, design, engine) : undefined;
    const name = design.crd.names.kind;
    const output = parsed.values.output;
    io.stdout(
      output === 'json'
        ? `${JSON.stringify({ ...testRunJson(name, run), ...(cluster ? { againstCluster: clusterJson(cluster) } : {}) }, null, 2)}\n`
        : output === 'junit'
          ? testRunJunit(name, run, cluster && clusterJunit(name, cluster))
          : `${testRunText(run)}\n${cluster ? `${clusterText(cluster)}\n` : ''}`,
    );
    return run.failed > 0 || run.notRun > 0 || (cluster?.disagreements ?? 0) > 0 ? 1 : 0;
  } catch (e) {
    if (e instanceof InputError) {
      io.stderr(`opstudio test: ${e.message}\n`);
      return 2;
    }
    // --against-cluster: the kubeconfig is bad (2), or the cluster failed (3), as `opstudio get`
    io.stderr(`opstudio test: ${e instanceof Error ? e.message : String(e)}\n`);
    return e instanceof Error && e.name === 'KubeConfigError' ? 2 : 3;
  }
}

export async function renderCommand(args: string[], io: CommandIo = processIo): Promise<number> {
  const parsed = parseOrExit(commandSpec('render'), args, io);
  if (typeof parsed === 'number') return parsed;
  try {
    const [file, crFile] = parsed.positionals;
    const design = readDesign(file!, io);
    const cr = readObject(crFile!, 'a custom resource (a YAML object)');
    const observedDir = parsed.values.observed;
    const observed = typeof observedDir === 'string' ? readObserved(observedDir) : {};
    // as the controller sees it once created: in `default` unless it says or the kind is cluster-scoped
    const object = caseResource(design, { object: withPlace(design, cr) as RenderCase['object'] });
    const { rendered, failures } = renderFor(design, object, observed, await loadCel());
    if (failures.length > 0) throw new InputError(failures.map((f) => f.text).join('; '));
    const result = {
      children: Object.fromEntries(rendered.children),
      status: rendered.status,
      conditions: rendered.conditions,
      errors: rendered.errors,
    };
    const output = parsed.values.output;
    if (output === 'json' || output === 'yaml') io.stdout(formatOutput(output, result));
    else io.stdout(renderText(rendered.children, result));
    return rendered.errors.length > 0 ? 1 : 0;
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    io.stderr(`opstudio render: ${e.message}\n`);
    return 2;
  }
}

function withPlace(design: Design, cr: Record<string, unknown>): Record<string, unknown> {
  const meta = (cr.metadata ?? {}) as Record<string, unknown>;
  const namespace = design.crd.scope === 'Cluster' ? {} : { namespace: meta.namespace ?? 'default' };
  return { ...cr, metadata: { ...meta, ...namespace, uid: meta.uid ?? '<uid of the CR>' } };
}

/** Each child as a YAML document headed by its id, then the status and conditions as comments. */
function renderText(
  children: ReadonlyMap<string, readonly Record<string, unknown>[]>,
  result: {
    status: unknown;
    conditions: readonly { type: string; status: string; reason: string; message: string }[];
    errors: readonly string[];
  },
): string {
  const docs: string[] = [];
  for (const [id, objects] of children)
    objects.forEach((o, i) => {
      const kind = typeof o.kind === 'string' ? o.kind : '';
      const head = objects.length === 1 ? `# ${id} (${kind})` : `# ${id} (${kind}, ${i + 1} of ${objects.length})`;
      docs.push(`${head}\n${emitYaml(metadataFirst(o as KubeObject), { keepKeyOrder: true })}`);
    });
  const notes = [
    ...emitYaml({ status: result.status } as YamlValue)
      .trimEnd()
      .split('\n')
      .map((l) => `# ${l}`),
    '# conditions:',
    ...result.conditions.map((c) => `#   ${c.type}=${c.status} ${c.reason}: ${c.message}`),
    ...result.errors.map((e) => `# error: ${e}`),
  ];
  return `${[...docs, notes.join('\n')].join('---\n')}\n`;
}
