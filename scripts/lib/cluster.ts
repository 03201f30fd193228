/**
 * Which cluster a run talks to. A cluster is used only when it is named explicitly
 * (KUBECONFIG, --kubeconfig or --context): a ~/.kube/config alone never is, so a user's
 * real cluster is not touched by surprise. Otherwise the local sandbox is started.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';

export interface ClusterChoice {
  kind: 'sandbox' | 'external';
  kubeconfig?: string;
  context?: string;
  label: string;
}

export function chooseCluster(flags: { kubeconfig?: string; context?: string }, env: NodeJS.ProcessEnv): ClusterChoice {
  const named = flags.kubeconfig ?? env.KUBECONFIG;
  if (!named && !flags.context) return { kind: 'sandbox', label: 'sandbox' };
  // KUBECONFIG may list several files; the first one that exists is read for the label.
  const kubeconfig = named ?? path.join(os.homedir(), '.kube', 'config');
  const file = kubeconfig.split(path.delimiter).find((f) => fs.existsSync(f));
  if (!file)
    throw new Error(
      `kubeconfig ${kubeconfig} does not exist: pass --kubeconfig <file> or unset KUBECONFIG to use the sandbox`,
    );
  let current: string | undefined;
  try {
    const doc = parse(fs.readFileSync(file, 'utf8')) as { 'current-context'?: string } | null;
    current = doc?.['current-context'];
  } catch (err) {
    throw new Error(`kubeconfig ${file} is not valid YAML (${(err as Error).message.split('\n')[0]})`);
  }
  const context = flags.context ?? current;
  if (!context) throw new Error(`kubeconfig ${file} has no current-context: pass --context <name>`);
  return { kind: 'external', kubeconfig: file, context, label: context };
}
