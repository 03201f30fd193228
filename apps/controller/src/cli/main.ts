// The `opstudio` process: runs the command line (cli.ts) and sets the exit code.
import { main } from './cli';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`opstudio: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 2;
  },
);
