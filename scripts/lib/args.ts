/** Minimal `--flag value` / `--flag=value` / `--switch` parsing for the scripts. */
export function parseFlags(
  argv: string[],
  known: { values: string[]; switches: string[] },
): Record<string, string | true> {
  const out: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new Error(`unexpected argument '${arg}'`);
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    if (known.switches.includes(name)) {
      out[name] = true;
    } else if (known.values.includes(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined || value.startsWith('--')) throw new Error(`--${name} needs a value`);
      out[name] = value;
    } else {
      throw new Error(
        `unknown option --${name} (known: ${[...known.values, ...known.switches].map((k) => '--' + k).join(', ')})`,
      );
    }
  }
  return out;
}
