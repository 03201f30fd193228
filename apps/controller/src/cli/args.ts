/**
 * The one argument parser of the `opstudio` commands and the repository's scripts: a command is
 * described once (`CommandSpec`), and its parsing, its `--help` text and the shell completion
 * (completion.ts) all come from that description. Pure: no I/O, so tests call it directly.
 *
 *   --name value | --name=value   a flag with a value (`-o json`, `-o=json` and `-ojson` for short ones)
 *   --switch                      a boolean flag
 *   --                            everything after it is positional
 *   -                             a positional (stdin, by convention)
 */

export interface FlagSpec {
  /** Long name without dashes: `profile` is `--profile`. */
  readonly name: string;
  /** One letter: `o` is `-o`. */
  readonly short?: string;
  /** The placeholder in help (`<file>`); absent for a switch. */
  readonly value?: string;
  /** The only values accepted (completion offers them). */
  readonly choices?: readonly string[];
  /** What the shells complete for the value when it has no choices. */
  readonly complete?: 'file' | 'dir' | 'kind';
  readonly help: string;
}

export interface PositionalSpec {
  readonly name: string;
  readonly optional?: boolean;
  /** Takes every remaining positional. */
  readonly variadic?: boolean;
  readonly choices?: readonly string[];
  readonly complete?: 'file' | 'kind';
  readonly help?: string;
}

export interface CommandSpec {
  /** As typed: `sandbox`, `admin`. */
  readonly name: string;
  readonly summary: string;
  /** Shown under the usage line: subcommands, exit codes. */
  readonly details?: string;
  readonly positionals: readonly PositionalSpec[];
  readonly flags: readonly FlagSpec[];
  /** Hands the arguments over untouched (`kubectl`). */
  readonly passThrough?: boolean;
  /** What runs it, in messages; default `opstudio <name>`. */
  readonly program?: string;
}

export interface ParsedArgs {
  readonly values: Readonly<Record<string, string | true>>;
  readonly positionals: readonly string[];
  /** `-h`/`--help` was given: print `helpText(spec)` and exit 0. */
  readonly help: boolean;
}

/** Bad arguments: the message is one line that says what to type instead. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

const HELP: FlagSpec = { name: 'help', short: 'h', help: 'show this help' };

export function parseArgv(spec: CommandSpec, argv: readonly string[]): ParsedArgs {
  const flags = [...spec.flags, HELP];
  const values: Record<string, string | true> = {};
  const positionals: string[] = [];
  let help = false;
  let onlyPositionals = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (onlyPositionals || arg === '-' || !arg.startsWith('-')) {
      positionals.push(arg);
      continue;
    }
    if (arg === '--') {
      onlyPositionals = true;
      continue;
    }
    const { flag, inline, written } = findFlag(spec, flags, arg);
    if (flag === HELP) {
      help = true;
      continue;
    }
    if (flag.value === undefined) {
      if (inline !== undefined) throw new UsageError(`${written} takes no value`);
      values[flag.name] = true;
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined || (inline === undefined && value.startsWith('--')))
      throw new UsageError(`${written} needs a value ${flag.value}`);
    if (flag.choices !== undefined && !flag.choices.includes(value))
      throw new UsageError(`unknown ${flag.name} "${value}": use one of ${flag.choices.join(', ')}`);
    values[flag.name] = value;
  }
  if (!help) checkPositionals(spec, positionals);
  return { values, positionals, help };
}

function findFlag(
  spec: CommandSpec,
  flags: readonly FlagSpec[],
  arg: string,
): { flag: FlagSpec; inline: string | undefined; written: string } {
  if (arg.startsWith('--')) {
    const eq = arg.indexOf('=');
    const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
    const flag = flags.find((f) => f.name === name);
    if (flag !== undefined) return { flag, inline: eq < 0 ? undefined : arg.slice(eq + 1), written: `--${name}` };
  } else {
    const flag = flags.find((f) => f.short === arg[1]);
    // -o json, -o=json, -ojson
    const rest = arg.slice(2);
    if (flag !== undefined && (rest === '' || flag.value !== undefined))
      return { flag, inline: rest === '' ? undefined : rest.replace(/^=/, ''), written: `-${flag.short}` };
  }
  const known = spec.flags.map((f) => `--${f.name}`).join(', ');
  const see = spec.program === undefined ? `: see \`${command(spec)} --help\`` : '';
  throw new UsageError(
    `unknown option ${arg.split('=')[0]} (${known === '' ? 'it takes no options' : `known: ${known}`})${see}`,
  );
}

function checkPositionals(spec: CommandSpec, positionals: readonly string[]): void {
  const variadic = spec.positionals.some((p) => p.variadic);
  const required = spec.positionals.filter((p) => !p.optional).length;
  if (positionals.length < required) {
    const missing = spec.positionals[positionals.length]!;
    throw new UsageError(`missing <${missing.name}>: ${usageLine(spec)}`);
  }
  if (!variadic && positionals.length > spec.positionals.length)
    throw new UsageError(`unexpected argument '${positionals[spec.positionals.length]}': ${usageLine(spec)}`);
  spec.positionals.forEach((p, i) => {
    const value = positionals[i];
    if (value !== undefined && p.choices !== undefined && !p.choices.includes(value))
      throw new UsageError(`unknown ${spec.name} ${p.name} "${value}": use one of ${p.choices.join(', ')}`);
  });
}

const command = (spec: CommandSpec): string => spec.program ?? `opstudio ${spec.name}`;

export function usageLine(spec: CommandSpec): string {
  const positionals = spec.positionals.map((p) => {
    const name = p.choices !== undefined ? p.choices.join('|') : `<${p.name}>`;
    const text = p.variadic ? `${name}…` : name;
    return p.optional ? `[${text}]` : text;
  });
  return ['usage:', command(spec), ...positionals, spec.flags.length > 0 ? '[options]' : '']
    .filter((s) => s !== '')
    .join(' ');
}

/** `--help` of one command, generated from its spec. */
export function helpText(spec: CommandSpec): string {
  const rows = [...spec.flags, HELP].map((f) => {
    const names = `${f.short !== undefined ? `-${f.short}, ` : '    '}--${f.name}`;
    const value = f.choices !== undefined ? ` ${f.choices.join('|')}` : f.value !== undefined ? ` ${f.value}` : '';
    return [`  ${names}${value}`, f.help] as const;
  });
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  return [
    usageLine(spec),
    spec.summary,
    ...(spec.details !== undefined ? ['', spec.details.trimEnd()] : []),
    '',
    'options:',
    ...rows.map(([left, help]) => `${left.padEnd(width)}${help}`),
    '',
  ].join('\n');
}

/** The scripts' form (`scripts/*.ts`, bench): long flags only, no positionals. */
export function parseFlags(
  argv: readonly string[],
  known: { values: readonly string[]; switches: readonly string[] },
  program = 'this script',
): Record<string, string | true> {
  const spec: CommandSpec = {
    name: program,
    program,
    summary: '',
    positionals: [],
    flags: [
      ...known.values.map((v) => ({ name: v, value: `<${v}>`, help: '' })),
      ...known.switches.map((s) => ({ name: s, help: '' })),
    ],
  };
  return { ...parseArgv(spec, argv).values };
}

/**
 * `parseArgv` for a command's entry point: the parsed arguments, or the exit code after printing
 * the help (0, stdout) or the usage error (2, one line on stderr).
 */
export function parseOrExit(
  spec: CommandSpec,
  argv: readonly string[],
  io: { readonly stdout: (text: string) => void; readonly stderr: (text: string) => void },
): ParsedArgs | number {
  try {
    const parsed = parseArgv(spec, argv);
    if (!parsed.help) return parsed;
    io.stdout(helpText(spec));
    return 0;
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.stderr(`${command(spec)}: ${err.message}\n`);
    return 2;
  }
}
