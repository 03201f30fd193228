// golangci-lint, for the check that the exported project passes `make lint` with the config the
// export writes (.golangci.yml): built from its Go module into the binaries cache, once per
// pinned version (~/.cache/operator-studio/golangci-lint-v2.12.2/golangci-lint; go-install.ts),
// on demand by the opt-in lint test (never by `npm start` or the default test run).
//   node --import tsx packages/sandbox/src/golangci-lint.ts     # builds if missing, prints the path
import { pathToFileURL } from 'node:url';
import type { Progress } from './build';
import { ensureGoTool, goToolPath, type GoTool } from './go-install';

/** The release kubebuilder v4's Makefile pins (GOLANGCI_LINT_VERSION); the export's Makefile pins the same. */
export const GOLANGCI_LINT_VERSION = '2.12.2';
/** `go 1.25.0` in golangci-lint v2.12.2's go.mod. */
const GOLANGCI_LINT: GoTool = {
  name: 'golangci-lint',
  pkg: 'github.com/golangci/golangci-lint/v2/cmd/golangci-lint',
  version: GOLANGCI_LINT_VERSION,
  go: '1.25',
  cold: 'several minutes',
};

export function golangciLintPath(env: NodeJS.ProcessEnv = process.env): string {
  return goToolPath(GOLANGCI_LINT, env);
}

export function ensureGolangciLint(opts: { onProgress?: Progress; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  return ensureGoTool(GOLANGCI_LINT, opts);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(await ensureGolangciLint({ onProgress: (line) => console.error(`[golangci-lint] ${line}`) }));
}
