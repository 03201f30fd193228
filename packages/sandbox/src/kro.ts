// kro's controller (github.com/kubernetes-sigs/kro, cmd/controller), for the test that runs an
// example's ResourceGraphDefinition beside the embedded controller (docs/design/0056) and for the
// vs-kro benchmark: built from its Go module into the binaries cache, once per pinned version
// (~/.cache/operator-studio/kro-v0.9.4/kro; go-install.ts), on demand (never by `npm start`).
// Its CRDs come from the same module, read from the module cache.
//   node --import tsx packages/sandbox/src/kro.ts     # builds if missing, prints the path
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Progress } from './build';
import { ensureGoTool, goToolPath, type GoTool } from './go-install';
import { findGo } from './go-toolchain';

/** The pinned kro release; a new pin means a new cache folder. */
export const KRO_VERSION = '0.9.4';
export const KRO_MODULE = 'github.com/kubernetes-sigs/kro';
/** `go 1.26.0` in kro v0.9.4's go.mod. */
const KRO: GoTool = {
  name: 'kro',
  pkg: `${KRO_MODULE}/cmd/controller`,
  version: KRO_VERSION,
  go: '1.26',
  cold: 'several minutes',
};

export function kroPath(env: NodeJS.ProcessEnv = process.env): string {
  return goToolPath(KRO, env);
}

export function ensureKro(opts: { onProgress?: Progress; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  return ensureGoTool(KRO, opts);
}

/** kro's own CRDs (ResourceGraphDefinition, GraphRevision), from its Helm chart in the module cache. */
export async function kroCrds(env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const go = await findGo(KRO.go, env);
  const r = spawnSync(go, ['mod', 'download', '-json', `${KRO_MODULE}@v${KRO_VERSION}`], {
    encoding: 'utf8',
    env: { ...env, GOTOOLCHAIN: 'local', GOFLAGS: '-mod=mod' },
  });
  const dir = (JSON.parse(r.stdout) as { Dir?: string }).Dir;
  if (r.status !== 0 || dir === undefined)
    throw new Error(`go mod download ${KRO_MODULE}@v${KRO_VERSION}: ${r.stderr}`);
  return ['kro.run_resourcegraphdefinitions.yaml', 'internal.kro.run_graphrevisions.yaml'].map((f) =>
    readFileSync(join(dir, 'helm', 'crds', f), 'utf8'),
  );
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(await ensureKro({ onProgress: (line) => console.error(`[kro] ${line}`) }));
}
