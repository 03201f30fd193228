// `opstudio sandbox <up|down|status|reset|kubeconfig>` and `opstudio kubectl …`: thin CLI
// wrappers over @opstudio/sandbox. Each returns the process exit code; main.ts dispatches here.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { parseArgs } from 'node:util';
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

export const SANDBOX_USAGE = `usage: opstudio sandbox <up|down|status|reset|kubeconfig> [--profile dev|test|bench] [--print]
  up          build the binaries if needed, start the cluster and wait for ${NODE_COUNT} Ready nodes (idempotent)
  down        stop every sandbox process; data is kept
  status      show each component; exit 0 when running, 3 when not
  reset       down, then delete the sandbox's data (certificates, etcd, logs)
  kubeconfig  print the kubeconfig path (--print: its content)`;

/** Exit code of `status` when the sandbox is not (fully) running. */
export const EXIT_STOPPED = 3;

const SUBCOMMANDS = ['up', 'down', 'status', 'reset', 'kubeconfig'] as const;
type Subcommand = (typeof SUBCOMMANDS)[number];

export interface ParsedSandboxArgs {
  command: Subcommand;
  profile: ProfileName;
  print: boolean;
}

/** Parses `sandbox` arguments; throws an Error whose message is the one-line fix. */
export function parseSandboxArgs(args: string[]): ParsedSandboxArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        profile: { type: 'string', default: 'dev' },
        print: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    throw new Error(`${(err as Error).message.split('\n')[0]}: see \`opstudio sandbox --help\``);
  }
  const [command, ...extra] = parsed.positionals;
  if (parsed.values.help || command === undefined) throw new UsageRequested();
  if (!(SUBCOMMANDS as readonly string[]).includes(command)) {
    throw new Error(`unknown sandbox command "${command}": use one of ${SUBCOMMANDS.join(', ')}`);
  }
  if (extra.length > 0) throw new Error(`unexpected argument "${extra[0]}": see \`opstudio sandbox --help\``);
  if (parsed.values.print && command !== 'kubeconfig')
    throw new Error('--print only applies to `opstudio sandbox kubeconfig`');
  return {
    command: command as Subcommand,
    profile: parseProfileName(parsed.values.profile),
    print: parsed.values.print,
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
      say(SANDBOX_USAGE);
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
        say(formatStatus(s));
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
