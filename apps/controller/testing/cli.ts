// The `opstudio` command line run in-process, as the CLI's unit tests use it: the same `main` the
// binary runs (src/cli/cli.ts), with standard input, output and error held in memory. A process
// per call cost ~1.5 s of CPU (tsx, the shared package, the CEL module); one per file is enough
// (a test of each file still runs the real binary once).
import type { CommandIo } from '../src/cli/output';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** An io whose stdin is `input` and whose output `text` collects. */
export function capturedIo(input = ''): { io: CommandIo; text: { stdout: string; stderr: string } } {
  const text = { stdout: '', stderr: '' };
  const io: CommandIo = {
    stdout: (t) => void (text.stdout += t),
    stderr: (t) => void (text.stderr += t),
    stdin: () => input,
  };
  return { io, text };
}

/** `opstudio <args>` with `input` on stdin: its exit code and what it printed. */
export async function opstudio(args: string[], input = ''): Promise<CliRun> {
  const { main } = await import('../src/cli/cli');
  const { io, text } = capturedIo(input);
  const code = await main(args, io);
  return { code, ...text };
}
