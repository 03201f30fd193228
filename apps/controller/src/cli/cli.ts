/**
 * The `opstudio` command line (main.ts runs it for the process). Each command lives in its own module, loaded on demand
 * so that `opstudio crd` never pays for the Kubernetes client or the database.
 * Exit codes: 0 fine, 1 findings (breaking changes, validation errors), 2 bad input.
 */
import { helpText, usageLine, type CommandSpec } from './args';
import { COMMAND_SPECS, GROUPS } from './commands';
import { processIo, type CommandIo } from './output';

/** The list `opstudio --help` prints, from the same specs each command parses with. */
function usage(): string {
  const lines = ['usage: opstudio <command> [options]   (opstudio <command> --help for its options)'];
  const synopsis = (spec: CommandSpec): string => usageLine(spec).replace(/^usage: opstudio /, '');
  const width = 46; // a longer synopsis gets its summary on the next line
  for (const group of GROUPS) {
    lines.push('', group);
    for (const spec of COMMAND_SPECS.filter((c) => c.group === group)) {
      const text = synopsis(spec);
      lines.push(
        text.length <= width
          ? `  ${text.padEnd(width)}  ${spec.summary}`
          : `  ${text}\n  ${' '.repeat(width)}  ${spec.summary}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** A command; those that print through `io` can run in-process (the CLI's unit tests do). */
type Command = (args: string[], io: CommandIo) => Promise<number>;

/** Commands that check or run a design's CEL start the CEL module first (about a second). */
const withCel =
  (run: Command): Command =>
  async (args, io) => {
    await (await import('@opstudio/cel/node')).loadCel();
    return run(args, io);
  };

const commands: Record<string, Command> = {
  sandbox: async (args) => (await import('./sandbox')).sandboxCommand(args),
  kubectl: async (args) => (await import('./sandbox')).kubectlCommand(args),
  serve: async (args) => (await import('./serve')).serveCommand(args),
  crd: async (args, io) => (await import('./design-commands')).designCommand('crd', args, io),
  import: async (args, io) => (await import('./design-commands')).designCommand('import', args, io),
  rbac: async (args, io) => (await import('./design-commands')).designCommand('rbac', args, io),
  sample: async (args, io) => (await import('./design-commands')).designCommand('sample', args, io),
  types: async (args, io) => (await import('./design-commands')).designCommand('types', args, io),
  diff: async (args, io) => (await import('./check-commands')).checkCommand('diff', args, io),
  validate: async (args, io) => (await import('./check-commands')).checkCommand('validate', args, io),
  test: async (args, io) => (await import('./test-commands')).testCommand(args, io),
  render: async (args, io) => (await import('./test-commands')).renderCommand(args, io),
  install: withCel(async (args) => (await import('./install-commands')).installCommand('install', args)),
  plan: withCel(async (args, io) => (await import('./plan-command')).planCommand(args, io)),
  uninstall: async (args) => (await import('./install-commands')).installCommand('uninstall', args),
  export: withCel(async (args, io) => (await import('./export-command')).exportCommand(args, io)),
  admin: async (args) => (await import('./admin-command')).adminCommand(args),
  migrate: async (args, io) => (await import('./migrate-command')).migrateCommand(args, io),
  pause: async (args) => (await import('./pause-command')).pauseKindCommand('pause', args),
  resume: async (args) => (await import('./pause-command')).pauseKindCommand('resume', args),
  rollout: async (args) => (await import('./rollout-command')).rolloutCommand(args),
  pin: async (args) => (await import('./rollout-command')).pinCommand(args),
  get: async (args, io) => (await import('./get-command')).getCommand(args, io),
  history: async (args, io) => (await import('./history-command')).historyCommand(args, { io }),
  completion: async (args) => (await import('./completion')).completionCommand(args),
};

export async function main(argv: string[], io: CommandIo = processIo): Promise<number> {
  const [name, ...args] = argv;
  const topic = name === 'help' ? COMMAND_SPECS.find((c) => c.name === args[0]) : undefined;
  if (topic !== undefined) {
    io.stdout(helpText(topic));
    return 0;
  }
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(usage());
    return name ? 0 : 2;
  }
  const command = commands[name];
  if (!command) {
    io.stderr(`opstudio: unknown command '${name}'. Run 'opstudio --help' for the list.\n`);
    return 2;
  }
  return command(args, io);
}
