// The studio's Helm chart (deploy/helm/operator-studio) rendered by the real, pinned Helm (built
// into the binaries cache by @opstudio/sandbox's ensureHelm), for the chart test and for the
// in-cluster test, which grants exactly the rules the chart renders: one source of truth.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ensureHelm, PINS } from '@opstudio/sandbox';
import type { KubernetesObject } from '@kubernetes/client-node';
import { parseAllDocuments } from 'yaml';
import { repoRoot } from '../src/config';

export const chartDir = path.join(repoRoot, 'deploy/helm/operator-studio');

export interface RenderOptions {
  readonly release: string;
  readonly namespace: string;
  /** Values files, relative to the chart (e.g. ci/oidc-postgres-ingress.yaml). */
  readonly valuesFiles?: readonly string[];
  /** `--set-json key=<json>` pairs. */
  readonly setJson?: Readonly<Record<string, unknown>>;
}

/** `helm <args>` in the chart folder; throws with Helm's own message when it fails. */
export async function helm(args: readonly string[]): Promise<string> {
  const binary = await ensureHelm({ onProgress: (line) => process.stderr.write(`[helm] ${line}\n`) });
  return execFileSync(binary, [...args], { cwd: chartDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** `helm template` against the sandbox's Kubernetes version; the rendered YAML text. */
export async function renderChartText(opts: RenderOptions): Promise<string> {
  const args = ['template', opts.release, '.', '--namespace', opts.namespace, '--kube-version', PINS.kubernetes];
  for (const file of opts.valuesFiles ?? []) args.push('--values', file);
  for (const [key, value] of Object.entries(opts.setJson ?? {}))
    args.push('--set-json', `${key}=${JSON.stringify(value)}`);
  return helm(args);
}

/** The rendered objects, parsed. */
export async function renderChart(opts: RenderOptions): Promise<KubernetesObject[]> {
  return parseAllDocuments(await renderChartText(opts))
    .map((doc) => doc.toJS() as KubernetesObject | null)
    .filter((o): o is KubernetesObject => o !== null);
}
