/**
 * The `opstudio` command line. Each command lives in its own module, loaded on demand
 * so that `opstudio crd` never pays for the Kubernetes client or the database.
 * Exit codes: 0 fine, 1 findings (breaking changes, validation errors), 2 bad input.
 */

const usage = `usage: opstudio <command> [options]

cluster
  sandbox up|down|status|reset|kubeconfig [--profile dev|test|bench]   the local Kubernetes sandbox
  kubectl <args…>                                                kubectl pointed at the sandbox
  serve [--host H] [--port P] [--kubeconfig F] [--context C]     run the controller service
  install <design.yaml> [--confirm-breaking]                     store the design, install its CRD
  uninstall <design.yaml> [--delete-resources]                   remove the CRD installed from it
  export <design.yaml> -o <file.zip>                             the design as a kubebuilder Go project

designs (read a file, or - for stdin)
  crd <design.yaml>              the CRD YAML, as controller-gen writes it
  import <crd.yaml>              a design from an existing CRD
  diff <installed-crd.yaml> <proposed>   breaking changes (exit 1 when any)
  validate <design-or-crd.yaml>  local validation (exit 1 when errors)
`;

type Command = (args: string[]) => Promise<number>;

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
  install: async (args) => (await import('./install-commands')).installCommand('install', args),
  uninstall: async (args) => (await import('./install-commands')).installCommand('uninstall', args),
  export: async (args) => (await import('./export-command')).exportCommand(args),
  admin: async (args) => (await import('./admin-command')).adminCommand(args),
};

export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage);
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
