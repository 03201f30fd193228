/**
 * The `opstudio` command line. Each command lives in its own module, loaded on demand
 * so that `opstudio crd` never pays for the Kubernetes client or the database.
 * Exit codes: 0 fine, 1 findings (breaking changes, validation errors), 2 bad input.
 */
import { helpText, usageLine, type CommandSpec } from './args';
import { COMMAND_SPECS, GROUPS } from './commands';

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

type Command = (args: string[]) => Promise<number>;

/** Commands that check or run a design's CEL start the CEL module first (about a second). */
const withCel =
  (run: Command): Command =>
  async (args) => {
    await (await import('@opstudio/cel/node')).loadCel();
    return run(args);
  };

const commands: Record<string, Command> = {
  sandbox: async (args) => (await import('./sandbox')).sandboxCommand(args),
  kubectl: async (args) => (await import('./sandbox')).kubectlCommand(args),
  serve: async (args) => (await import('./serve')).serveCommand(args),
  crd: async (args) => (await import('./design-commands')).designCommand('crd', args),
  import: async (args) => (await import('./design-commands')).designCommand('import', args),
  rbac: async (args) => (await import('./design-commands')).designCommand('rbac', args),
  sample: async (args) => (await import('./design-commands')).designCommand('sample', args),
  types: async (args) => (await import('./design-commands')).designCommand('types', args),
  diff: async (args) => (await import('./check-commands')).checkCommand('diff', args),
  validate: async (args) => (await import('./check-commands')).checkCommand('validate', args),
  test: async (args) => (await import('./test-commands')).testCommand(args),
  render: async (args) => (await import('./test-commands')).renderCommand(args),
  install: withCel(async (args) => (await import('./install-commands')).installCommand('install', args)),
  plan: withCel(async (args) => (await import('./plan-command')).planCommand(args)),
  uninstall: async (args) => (await import('./install-commands')).installCommand('uninstall', args),
  export: withCel(async (args) => (await import('./export-command')).exportCommand(args)),
  admin: async (args) => (await import('./admin-command')).adminCommand(args),
  pause: async (args) => (await import('./pause-command')).pauseKindCommand('pause', args),
  resume: async (args) => (await import('./pause-command')).pauseKindCommand('resume', args),
  get: async (args) => (await import('./get-command')).getCommand(args),
  history: async (args) => (await import('./history-command')).historyCommand(args),
  completion: async (args) => (await import('./completion')).completionCommand(args),
};

export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const topic = name === 'help' ? COMMAND_SPECS.find((c) => c.name === args[0]) : undefined;
  if (topic !== undefined) {
    process.stdout.write(helpText(topic));
    return 0;
  }
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage());
    return name ? 0 : 2;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`opstudio: unknown command '${name}'. Run 'opstudio --help' for the list.\n`);
    return 2;
  }
  return command(args);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`opstudio: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 2;
  },
);
