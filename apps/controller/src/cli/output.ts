// `-o json|yaml`: what a command prints for scripts. Each command documents the shape it prints
// with an exported TypeScript type (docs/design/0028-cli.md lists them); the human table stays
// the default. JSON is indented and ends with a newline, so `jq` and diffs both read it.
import { readFileSync } from 'node:fs';
import { stringify } from 'yaml';
import type { OutputFormat } from './commands';

export function formatOutput(format: OutputFormat, value: unknown): string {
  return format === 'json' ? `${JSON.stringify(value, null, 2)}\n` : stringify(value, { lineWidth: 0 });
}

/** The `-o` value when it is json or yaml; undefined for the human output. */
export function outputFormat(values: Readonly<Record<string, string | true>>): OutputFormat | undefined {
  const o = values.output;
  return o === 'json' || o === 'yaml' ? o : undefined;
}

/** Where a command run by main.ts writes and what `-` reads; tests run commands in-process with their own. */
export interface CommandIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** All of standard input, as text. */
  readonly stdin: () => string;
}

export const processIo: CommandIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  stdin: () => readFileSync(0, 'utf8'),
};

/** Columns padded to their widest cell, two spaces apart, like kubectl's tables. */
export function formatTable(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n') + '\n';
}
