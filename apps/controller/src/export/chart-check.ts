// The exported Helm chart (dist/chart) checked as a user would before `make helm-deploy`: `helm
// lint --strict`, `helm template`, and the rendered objects sent to the sandbox's API server with
// `kubectl apply --server-side --dry-run=server` (admission, schema validation and RBAC's
// escalation check run, nothing is stored). Helm is the pinned release (@opstudio/sandbox
// ensureHelm), kubectl the sandbox's.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { binaryPath, ensureHelm, PINS } from '@opstudio/sandbox';
import type { KubernetesObject } from '@kubernetes/client-node';
import { parseAllDocuments } from 'yaml';

export interface CommandResult {
  readonly ok: boolean;
  readonly output: string;
}

function exec(binary: string, args: readonly string[], input?: string): CommandResult {
  const r = spawnSync(binary, [...args], { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { ok: r.status === 0, output: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
}

const setArgs = (set: Readonly<Record<string, string>>): string[] =>
  Object.entries(set).flatMap(([k, v]) => ['--set', `${k}=${v}`]);

/** `helm lint --strict` of the project's chart with these values set. */
export async function lintChart(
  projectDir: string,
  set: Readonly<Record<string, string>> = {},
): Promise<CommandResult> {
  return exec(await ensureHelm(), ['lint', '--strict', join(projectDir, 'dist/chart'), ...setArgs(set)]);
}

/** `helm template` for the sandbox's Kubernetes version; the YAML text (throws with Helm's message). */
export async function templateChart(
  projectDir: string,
  release: string,
  namespace: string,
  set: Readonly<Record<string, string>> = {},
): Promise<string> {
  const args = ['template', release, join(projectDir, 'dist/chart'), '--namespace', namespace];
  const r = exec(await ensureHelm(), [...args, '--kube-version', PINS.kubernetes, ...setArgs(set)]);
  if (!r.ok) throw new Error(`helm template failed:\n${r.output}`);
  return r.output;
}

export function parseObjects(yamlText: string): KubernetesObject[] {
  return parseAllDocuments(yamlText)
    .map((doc) => doc.toJS() as KubernetesObject | null)
    .filter((o): o is KubernetesObject => o !== null);
}

/** `kubectl <args>` against the sandbox. */
export function kubectl(kubeconfig: string, args: readonly string[], input?: string): CommandResult {
  return exec(binaryPath('kubectl'), ['--kubeconfig', kubeconfig, ...args], input);
}

/** A server-side apply dry run of YAML text, in its order (a chart renders its CRDs first). */
export function serverDryRun(kubeconfig: string, yamlText: string): CommandResult {
  return kubectl(
    kubeconfig,
    ['apply', '--server-side', '--dry-run=server', '--field-manager=helm-chart-check', '--validate=strict', '-f', '-'],
    yamlText,
  );
}
