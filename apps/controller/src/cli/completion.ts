/**
 * `opstudio completion bash|zsh|fish`: the shell completion script, generated from the command
 * specs (commands.ts) every command parses with, so a new flag completes the day it exists.
 * Kinds (`opstudio get <TAB>`, `opstudio history <TAB>`) come from the cluster at completion time:
 * `opstudio get` without a kind lists them, plural name first.
 */
import { parseOrExit, type CommandSpec, type FlagSpec, type PositionalSpec } from './args';
import { COMMAND_SPECS, commandSpec } from './commands';
import { processIo } from './output';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** The plural names of the studio's kinds; quiet and empty when no cluster answers. */
const KINDS_COMMAND = 'opstudio get 2>/dev/null | tail -n +2 | cut -d" " -f1';

const flagWords = (f: FlagSpec): string[] => [`--${f.name}`, ...(f.short !== undefined ? [`-${f.short}`] : [])];
const withHelp = (spec: CommandSpec): FlagSpec[] => [...spec.flags, { name: 'help', short: 'h', help: 'show help' }];

function bashValues(what: { choices?: readonly string[]; complete?: string }): string {
  if (what.choices !== undefined) return `COMPREPLY=($(compgen -W "${what.choices.join(' ')}" -- "$cur"))`;
  if (what.complete === 'dir') return 'COMPREPLY=($(compgen -d -- "$cur"))';
  if (what.complete === 'file') return 'COMPREPLY=($(compgen -f -- "$cur"))';
  if (what.complete === 'kind') return `COMPREPLY=($(compgen -W "$(${KINDS_COMMAND})" -- "$cur"))`;
  return 'COMPREPLY=()';
}

export function bashScript(specs: readonly CommandSpec[] = COMMAND_SPECS): string {
  const valueCases = specs.flatMap((s) =>
    s.flags
      .filter((f) => f.value !== undefined)
      .map(
        (f) =>
          `    ${flagWords(f)
            .map((w) => `"${s.name} ${w}"`)
            .join('|')}) ${bashValues(f)}; return ;;`,
      ),
  );
  const flagCases = specs.map(
    (s) => `    ${s.name}) COMPREPLY=($(compgen -W "${withHelp(s).flatMap(flagWords).join(' ')}" -- "$cur")) ;;`,
  );
  const valueFlags = specs.map(
    (s) =>
      `    ${s.name}) valued="${s.flags
        .filter((f) => f.value !== undefined)
        .flatMap(flagWords)
        .join(' ')}" ;;`,
  );
  const positionalCases = specs.flatMap((s) =>
    s.positionals.map((p, i) => `    ${s.name}:${p.variadic ? '*' : i}) ${bashValues(p)} ;;`),
  );
  return `# opstudio completion for bash: source <(opstudio completion bash)
_opstudio() {
  local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]}
  if [[ $COMP_CWORD -eq 1 ]]; then
    COMPREPLY=($(compgen -W "${specs.map((s) => s.name).join(' ')}" -- "$cur"))
    return
  fi
  local cmd=\${COMP_WORDS[1]}
  case "$cmd $prev" in
${valueCases.join('\n')}
  esac
  if [[ $cur == -* ]]; then
    case $cmd in
${flagCases.join('\n')}
    esac
    return
  fi
  local valued="" n=0 i w
  case $cmd in
${valueFlags.join('\n')}
  esac
  # which positional is being typed: the words so far, less flags and their values
  for ((i = 2; i < COMP_CWORD; i++)); do
    w=\${COMP_WORDS[i]}
    if [[ $w == -* && $w != - ]]; then
      [[ " $valued " == *" $w "* ]] && ((i++))
    else
      ((n++))
    fi
  done
  case "$cmd:$n" in
${positionalCases.join('\n')}
    *) COMPREPLY=() ;;
  esac
}
complete -o default -F _opstudio opstudio
`;
}

/** A zsh _arguments description: no brackets, colons or single quotes, which its specs give meaning to. */
const zshText = (text: string): string => text.replace(/[[\]:']/g, ' ').replace(/\s+/g, ' ');

function zshAction(what: { choices?: readonly string[]; complete?: string }): string {
  if (what.choices !== undefined) return `(${what.choices.join(' ')})`;
  if (what.complete === 'dir') return '_files -/';
  if (what.complete === 'file') return '_files';
  if (what.complete === 'kind') return `{compadd -- \${(f)"$(${KINDS_COMMAND})"}}`;
  return ' ';
}

function zshArguments(spec: CommandSpec): string {
  const flags = withHelp(spec).map((f) => {
    const words = flagWords(f);
    const names = words.length > 1 ? `(${words.join(' ')})'{${words.join(',')}}'` : words[0]!;
    const value = f.value !== undefined ? `:${zshText(f.value)}:${zshAction(f)}` : '';
    return `'${names}[${zshText(f.help)}]${value}'`;
  });
  const positionals = spec.positionals.map(
    (p: PositionalSpec, i) => `'${p.variadic ? '*' : i + 1}:${zshText(p.name)}:${zshAction(p)}'`,
  );
  return [...flags, ...positionals].join(' ');
}

export function zshScript(specs: readonly CommandSpec[] = COMMAND_SPECS): string {
  return `#compdef opstudio
# opstudio completion for zsh: source <(opstudio completion zsh)  (after compinit)
_opstudio() {
  local -a commands
  commands=(
${specs.map((s) => `    '${s.name}:${zshText(s.summary)}'`).join('\n')}
  )
  if (( CURRENT == 2 )); then
    _describe 'command' commands
    return
  fi
  local cmd=\${words[2]}
  shift words
  (( CURRENT-- ))
  case $cmd in
${specs.map((s) => `    ${s.name}) _arguments ${zshArguments(s)} ;;`).join('\n')}
  esac
}
compdef _opstudio opstudio
`;
}

const fishText = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function fishValues(what: { choices?: readonly string[]; complete?: string }): string {
  if (what.choices !== undefined) return ` -x -a ${fishText(what.choices.join(' '))}`;
  if (what.complete === 'file' || what.complete === 'dir') return ' -r -F';
  if (what.complete === 'kind') return ` -x -a ${fishText(`(${KINDS_COMMAND})`)}`;
  return ' -x';
}

export function fishScript(specs: readonly CommandSpec[] = COMMAND_SPECS): string {
  const lines = [
    '# opstudio completion for fish: opstudio completion fish | source',
    'complete -c opstudio -f',
    ...specs.map((s) => `complete -c opstudio -n __fish_use_subcommand -a ${s.name} -d ${fishText(s.summary)}`),
  ];
  for (const s of specs) {
    const when = `-n '__fish_seen_subcommand_from ${s.name}'`;
    for (const f of withHelp(s)) {
      const short = f.short !== undefined ? ` -s ${f.short}` : '';
      const values = f.value !== undefined ? fishValues(f) : '';
      lines.push(`complete -c opstudio ${when}${short} -l ${f.name}${values} -d ${fishText(f.help)}`);
    }
    for (const p of s.positionals)
      if (p.choices !== undefined || p.complete !== undefined)
        lines.push(`complete -c opstudio ${when}${fishValues(p).replace(' -r', '')} -d ${fishText(p.name)}`);
  }
  return `${lines.join('\n')}\n`;
}

const SCRIPTS: Record<Shell, () => string> = { bash: bashScript, zsh: zshScript, fish: fishScript };

export function completionCommand(args: string[]): Promise<number> {
  const parsed = parseOrExit(commandSpec('completion'), args, processIo);
  if (typeof parsed === 'number') return Promise.resolve(parsed);
  processIo.stdout(SCRIPTS[parsed.positionals[0] as Shell]());
  return Promise.resolve(0);
}
