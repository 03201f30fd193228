// Finds the Go toolchain and checks it is new enough for the wrapper modules' `go` directive.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const GO_INSTALL_URL = 'https://go.dev/doc/install';

/** Parses "go1.26.8" / "go1.26" / "go1.27rc1" into numbers; undefined when it is not a Go version. */
export function parseGoVersion(text: string): [number, number, number] | undefined {
  const m = /go?(\d+)\.(\d+)(?:\.(\d+))?/.exec(text);
  if (!m) return undefined;
  return [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
}

export function compareVersions(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The one-line error users see when Go is missing or too old. */
export function goRequiredMessage(required: string, found: string): string {
  const [major, minor] = required.split('.');
  return `Go ${major}.${minor} or newer is required to build the sandbox (found ${found}): install it from ${GO_INSTALL_URL} and make sure \`go\` is on PATH.`;
}

export class GoToolchainError extends Error {
  override name = 'GoToolchainError';
}

/** Returns the `go` command to use, or throws GoToolchainError with the one-line message. */
export async function findGo(
  required: string,
  env: NodeJS.ProcessEnv = process.env,
  candidates: readonly string[] = ['go', '/usr/local/go/bin/go'],
): Promise<string> {
  for (const go of candidates) {
    if (go.startsWith('/') && !existsSync(go)) continue;
    let out: string;
    try {
      // GOTOOLCHAIN=local: report the installed Go, never fetch a newer toolchain behind the user's back.
      out = (await run(go, ['env', 'GOVERSION'], { env: { ...env, GOTOOLCHAIN: 'local' } })).stdout.trim();
    } catch {
      continue;
    }
    const found = parseGoVersion(out);
    const want = parseGoVersion(`go${required}`);
    if (!found || !want) throw new GoToolchainError(goRequiredMessage(required, out || 'an unreadable version'));
    if (compareVersions(found, want) < 0) throw new GoToolchainError(goRequiredMessage(required, out));
    return go;
  }
  throw new GoToolchainError(goRequiredMessage(required, 'no `go` command'));
}
