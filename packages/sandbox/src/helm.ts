// Helm, for the chart tests (deploy/helm/operator-studio): not packaged for Debian, so it is built
// from its Go module into the binaries cache, once per pinned version
// (~/.cache/operator-studio/helm-v3.22.0/helm, or under OPSTUDIO_CACHE_DIR; go-install.ts).
// `npm test` builds it in setup (scripts/setup.sh --test), so CI and fresh clones on the same
// machine reuse it.
//   node --import tsx packages/sandbox/src/helm.ts     # builds if missing, prints the path
import { pathToFileURL } from 'node:url';
import type { Progress } from './build';
import { ensureGoTool, goToolPath, type GoTool } from './go-install';

/** The pinned Helm release (Go module helm.sh/helm/v3); a new pin means a new cache folder. */
export const HELM_VERSION = '3.22.0';
/** The oldest Go that builds it: the `go` directive of helm v3.22.0's go.mod. */
const HELM: GoTool = {
  name: 'helm',
  pkg: 'helm.sh/helm/v3/cmd/helm',
  version: HELM_VERSION,
  go: '1.26',
  cold: 'a few minutes',
};

export function helmPath(env: NodeJS.ProcessEnv = process.env): string {
  return goToolPath(HELM, env);
}

/** The cached helm binary's path, building it first when it is missing (minutes cold, then instant). */
export function ensureHelm(opts: { onProgress?: Progress; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  return ensureGoTool(HELM, opts);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(await ensureHelm({ onProgress: (line) => console.error(`[helm] ${line}`) }));
}
