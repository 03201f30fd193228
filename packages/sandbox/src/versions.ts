// The pinned versions of everything the sandbox builds, and where the built binaries are cached.
// The cache lives outside the clone so fresh clones and CI runs on the same machine reuse it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PINS = {
  kubernetes: '1.36.3',
  etcd: '3.6.16',
  kwok: '0.8.0',
} as const;

/** The Go wrapper modules in packages/sandbox/go and what each builds. */
export const MODULES = {
  kube: {
    binaries: ['kube-apiserver', 'kube-controller-manager', 'kube-scheduler', 'kubectl'],
    packages: [
      'k8s.io/kubernetes/cmd/kube-apiserver',
      'k8s.io/kubernetes/cmd/kube-controller-manager',
      'k8s.io/kubernetes/cmd/kube-scheduler',
      'k8s.io/kubernetes/cmd/kubectl',
    ],
  },
  etcd: { binaries: ['etcd'], packages: ['go.etcd.io/etcd/server/v3'] },
  kwok: { binaries: ['kwok'], packages: ['sigs.k8s.io/kwok/cmd/kwok'] },
} as const;

export type ModuleName = keyof typeof MODULES;
export const MODULE_NAMES = Object.keys(MODULES) as ModuleName[];
export type BinaryName = (typeof MODULES)[ModuleName]['binaries'][number];

/** The folder name that keys the cache by every pin: a pin change means a new folder and a rebuild. */
export function cacheKey(pins: { kubernetes: string; etcd: string; kwok: string } = PINS): string {
  return `k8s-v${pins.kubernetes}-etcd-v${pins.etcd}-kwok-v${pins.kwok}`;
}

export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  const override = env.OPSTUDIO_CACHE_DIR;
  return override && override.trim() !== '' ? override : join(homedir(), '.cache', 'operator-studio');
}

/** Where the built binaries live, e.g. ~/.cache/operator-studio/k8s-v1.36.3-etcd-v3.6.16-kwok-v0.8.0/bin. */
export function binDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(cacheRoot(env), cacheKey(), 'bin');
}

export function binaryPath(name: BinaryName, env: NodeJS.ProcessEnv = process.env): string {
  return join(binDir(env), name);
}

/** packages/sandbox/go/<module>: the wrapper module's folder. */
export function moduleDir(module: ModuleName): string {
  return fileURLToPath(new URL(`../go/${module}`, import.meta.url));
}

/** Linker flags for the kube build; kept identical to the documented command so Go's build cache is shared. */
export function ldflags(module: ModuleName, kubernetes: string = PINS.kubernetes): string {
  if (module !== 'kube') return '-s -w';
  const [major, minor] = kubernetes.split('.');
  const v = `v${kubernetes}`;
  return [
    '-s -w',
    `-X k8s.io/component-base/version.gitVersion=${v}`,
    `-X k8s.io/component-base/version.gitMajor=${major}`,
    `-X k8s.io/component-base/version.gitMinor=${minor}`,
    '-X k8s.io/component-base/version.gitTreeState=clean',
    '-X k8s.io/component-base/version.buildDate=1970-01-01T00:00:00Z',
    `-X k8s.io/client-go/pkg/version.gitVersion=${v}`,
    `-X k8s.io/client-go/pkg/version.gitMajor=${major}`,
    `-X k8s.io/client-go/pkg/version.gitMinor=${minor}`,
  ].join(' ');
}

/** The `go build` arguments for one module; `out` is a folder (kube: several binaries) or a file path. */
export function goBuildArgs(module: ModuleName, out: string): string[] {
  const target = module === 'kube' ? `${out.replace(/\/$/, '')}/` : join(out, MODULES[module].binaries[0]);
  return ['build', '-trimpath', '-ldflags', ldflags(module), '-o', target, ...MODULES[module].packages];
}

/** A hash of what decides a module's binaries: its go.mod, go.sum and build flags. */
export function moduleStamp(goMod: string, goSum: string, module: ModuleName): string {
  return createHash('sha256')
    .update(module)
    .update('\0')
    .update(ldflags(module))
    .update('\0')
    .update(goMod)
    .update('\0')
    .update(goSum)
    .digest('hex');
}

export function readModuleStamp(module: ModuleName): string {
  const dir = moduleDir(module);
  return moduleStamp(readFileSync(join(dir, 'go.mod'), 'utf8'), readFileSync(join(dir, 'go.sum'), 'utf8'), module);
}

/** The minimum Go version: the `go` directive of a go.mod (e.g. "1.26.0"). */
export function goDirective(goMod: string): string | undefined {
  return /^go\s+(\d+\.\d+(?:\.\d+)?)\s*$/m.exec(goMod)?.[1];
}
