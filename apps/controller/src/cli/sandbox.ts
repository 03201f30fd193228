// `opstudio sandbox <up|down|status|reset|kubeconfig>` and `opstudio kubectl …`: thin CLI
// wrappers over @opstudio/sandbox. Each returns the process exit code; main.ts dispatches here.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { constants } from 'node:os';
import {
  down,
  ensureBinaries,
  kubeconfigPath,
  parseProfileName,
  reset,
  status,
  up,
  binaryPath,
  NODE_COUNT,
  type ProfileName,
  type SandboxStatus,
} from '@opstudio/sandbox';
import { helpText, parseArgv, UsageError } from './args';
import { commandSpec, type OutputFormat } from './commands';
import { formatOutput, outputFormat } from './output';

/** Exit code of `status` when the sandbox is not (fully) running. */
export const EXIT_STOPPED = 3;

type Subcommand = 'up' | 'down' | 'status' | 'reset' | 'kubeconfig';

export interface ParsedSandboxArgs {
  command: Subcommand;
  profile: ProfileName;
  print: boolean;
  /** status: json or yaml (a `SandboxStatus`) instead of the table. */
  output?: OutputFormat;
}

const SPEC = commandSpec('sandbox');

/** Parses `sandbox` arguments; throws an Error whose message is the one-line fix. */
export function parseSandboxArgs(args: string[]): ParsedSandboxArgs {
  const parsed = parseArgv(SPEC, args);
  if (parsed.help) throw new UsageRequested();
  const [command] = parsed.positionals as [Subcommand];
  const { profile = 'dev', print, output } = parsed.values;
  if (print === true && command !== 'kubeconfig')
    throw new UsageError('--print only applies to `opstudio sandbox kubeconfig`');
  if (output !== undefined && command !== 'status')
    throw new UsageError('-o only applies to `opstudio sandbox status`');
  return {
    command,
    profile: parseProfileName(String(profile)),
    print: print === true,
    ...(output === undefined ? {} : { output: outputFormat(parsed.values)! }),
  };
}

class UsageRequested extends Error {}

const say = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

function printError(err: unknown): void {
  const e = err as Error & { detail?: string };
  process.stderr.write(`error: ${e.message}\n`);
  if (e.detail) process.stderr.write(`${e.detail.replace(/^/gm, '  ')}\n`);
}

export function formatStatus(s: SandboxStatus): string {
  const lines = [
    `sandbox ${s.profile} (${s.server}): ${s.running ? 'running' : s.components.some((c) => c.running) ? 'partly running' : 'stopped'}` +
      (s.running ? ` · ${s.readyNodes}/${NODE_COUNT} nodes Ready` : ''),
  ];
  for (const c of s.components) {
    const state = !c.running ? 'stopped' : c.healthy ? 'healthy' : 'unhealthy';
    lines.push(`  ${c.name.padEnd(24)} ${state.padEnd(9)} ${c.pid !== undefined ? `pid ${c.pid}` : ''}`.trimEnd());
  }
  lines.push(`kubeconfig: ${s.kubeconfigPath}`);
  return lines.join('\n');
}

export async function sandboxCommand(args: string[]): Promise<number> {
  let parsed: ParsedSandboxArgs;
  try {
    parsed = parseSandboxArgs(args);
  } catch (err) {
    if (err instanceof UsageRequested) {
      process.stdout.write(helpText(SPEC));
      return 0;
    }
    printError(err);
    return 2;
  }
  const { command, profile } = parsed;
  try {
    switch (command) {
      case 'up': {
        // The components are detached (they outlive this CLI), so Ctrl-C mid-start must stop them itself.
        const interrupted = (): void => {
          say('interrupted: stopping what was started…');
          void down({ profile }).finally(() => process.exit(130));
        };
        process.once('SIGINT', interrupted);
        process.once('SIGTERM', interrupted);
        try {
          const info = await up({ profile, onProgress: say });
          say(`kubeconfig: ${info.kubeconfigPath} (context ${info.context})`);
          return 0;
        } finally {
          process.off('SIGINT', interrupted);
          process.off('SIGTERM', interrupted);
        }
      }
      case 'down': {
        const t0 = Date.now();
        const stopped = await down({ profile, onProgress: say });
        say(
          stopped.length > 0
            ? `sandbox ${profile} stopped in ${((Date.now() - t0) / 1000).toFixed(1)}s (data kept)`
            : `sandbox ${profile} was not running`,
        );
        return 0;
      }
      case 'status': {
        const s = await status({ profile });
        process.stdout.write(parsed.output ? formatOutput(parsed.output, s) : `${formatStatus(s)}\n`);
        return s.running ? 0 : EXIT_STOPPED;
      }
      case 'reset':
        await reset({ profile, onProgress: say });
        say(`sandbox ${profile} reset: the next \`opstudio sandbox up\` starts from scratch`);
        return 0;
      case 'kubeconfig': {
        const path = kubeconfigPath(profile);
        if (!existsSync(path))
          throw new Error(
            `the ${profile} sandbox has no kubeconfig yet: run \`opstudio sandbox up --profile ${profile}\``,
          );
        process.stdout.write(parsed.print ? readFileSync(path, 'utf8') : `${path}\n`);
        return 0;
      }
    }
  } catch (err) {
    printError(err);
    return 1;
  }
}

/** Runs the sandbox's own kubectl against the dev sandbox, stdio inherited. */
export async function kubectlCommand(args: string[]): Promise<number> {
  try {
    const path = kubeconfigPath('dev');
    if (!existsSync(path)) throw new Error('the dev sandbox has no kubeconfig yet: run `opstudio sandbox up` first');
    if (!(await status({ profile: 'dev' })).components.find((c) => c.name === 'kube-apiserver')?.running) {
      throw new Error('the dev sandbox is not running: start it with `opstudio sandbox up`');
    }
    await ensureBinaries({ onProgress: (line) => process.stderr.write(`${line}\n`) });
    return await new Promise<number>((resolve, reject) => {
      const child = spawn(binaryPath('kubectl'), [`--kubeconfig=${path}`, ...args], { stdio: 'inherit' });
      child.on('error', reject);
      child.on('close', (code, signal) => resolve(code ?? 128 + (signal ? (constants.signals[signal] ?? 1) : 1)));
    });
  } catch (err) {
    printError(err);
    return 1;
  }
}
