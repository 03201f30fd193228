// The base images the container-image test builds the Dockerfile on, since no registry is reachable
// here (no node:20-bookworm-slim): Debian bookworm made from Debian's packages by
// `mmdebstrap --variant=minbase` from the mirror apt uses, with this machine's Node (binary, npm,
// and for the build base its headers) and its trusted CA bundle copied in. Two kinds: `runtime`
// (the Dockerfile's BASE) and `build` (BUILD_BASE: + python3, make, g++ for better-sqlite3).
// Cached like the sandbox binaries: the root filesystem tars under ~/.cache/operator-studio/
// image-base-<key>/ (OPSTUDIO_CACHE_DIR), the images in buildah's storage as
// localhost/opstudio-base:<key>-<kind>; the key hashes every input, so a new Node or recipe makes
// new ones. ~40 s per tar cold, seconds to re-import, nothing when the image is there.
//   node --import tsx packages/sandbox/src/image-base.ts     # ensures both, prints their names
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatElapsed, SandboxBuildError, type Progress } from './build';
import { acquireLock } from './lock';
import { cacheRoot } from './versions';

export const DEBIAN_SUITE = 'bookworm';
/** Bump when the way a base is made changes: a new key, new tars and images. */
const RECIPE = 1;
export const BASE_PACKAGES = {
  runtime: ['ca-certificates'],
  build: ['ca-certificates', 'python3', 'make', 'g++'],
} as const;
export type BaseKind = keyof typeof BASE_PACKAGES;
const FALLBACK_MIRROR = 'http://deb.debian.org/debian';
// What a server image never reads; the same paths Debian's slim images drop.
const EXCLUDED_PATHS = ['/usr/share/doc/*', '/usr/share/man/*', '/usr/share/info/*', '/usr/share/locale/*'];

/**
 * The Debian mirror apt uses for `suite` (not its -security or -updates suites), from the texts of
 * /etc/apt/sources.list (one-line `deb URI suite …`) and sources.list.d/*.sources (deb822 stanzas).
 */
export function debianMirror(sourceTexts: readonly string[], suite: string = DEBIAN_SUITE): string | undefined {
  for (const text of sourceTexts) {
    for (const line of text.split('\n')) {
      const m = /^\s*deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+(\S+)/.exec(line);
      if (m?.[2] === suite && m[1] !== undefined) return m[1].replace(/\/+$/, '');
    }
    for (const stanza of text.split(/\n\s*\n/)) {
      const field = (name: string): string[] =>
        new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(stanza)?.[1]?.trim().split(/\s+/) ?? [];
      if (!field('Types').includes('deb') || !field('Suites').includes(suite)) continue;
      const uri = field('URIs')[0];
      if (uri !== undefined && uri !== '') return uri.replace(/\/+$/, '');
    }
  }
  return undefined;
}

/** Everything a base is made from; the cache key hashes it. */
export interface BaseInputs {
  mirror: string;
  nodeVersion: string;
  /** sha256 of the CA bundle copied in ('' when none). */
  caBundle: string;
}

export function baseKey(inputs: BaseInputs): string {
  const text = JSON.stringify({ RECIPE, suite: DEBIAN_SUITE, packages: BASE_PACKAGES, EXCLUDED_PATHS, ...inputs });
  return `${DEBIAN_SUITE}-node${inputs.nodeVersion}-${createHash('sha256').update(text).digest('hex').slice(0, 12)}`;
}

export function baseImageRef(kind: BaseKind, key: string): string {
  return `localhost/opstudio-base:${key}-${kind}`;
}

export interface ImageBases {
  runtime: string;
  build: string;
}

/** The two base images' names, making what is missing (about a minute cold per machine, then instant). */
export async function ensureImageBases(
  opts: { onProgress?: Progress; env?: NodeJS.ProcessEnv } = {},
): Promise<ImageBases> {
  const env = opts.env ?? process.env;
  const progress = opts.onProgress ?? (() => {});
  for (const tool of ['buildah', 'mmdebstrap'])
    if ((await run('sh', ['-c', `command -v ${tool}`])).code !== 0)
      throw new SandboxBuildError(`${tool} is missing: run scripts/setup.sh --test (apt-get install ${tool}).`);
  const host = hostNode(env);
  const key = baseKey({ mirror: host.mirror, nodeVersion: process.versions.node, caBundle: host.caHash });
  const dir = join(cacheRoot(env), `image-base-${key}`);
  mkdirSync(dir, { recursive: true });
  const release = await acquireLock(join(dir, 'build.lock'), {
    onWait: (pid) => progress(`waiting for another base image build (pid ${pid}) to finish…`),
  });
  try {
    const runtime = await ensureBase('runtime', key, dir, host, progress);
    const build = await ensureBase('build', key, dir, host, progress);
    return { runtime, build };
  } finally {
    release();
  }
}

interface HostNode {
  mirror: string;
  prefix: string;
  caBundle: string | undefined;
  caHash: string;
}

function hostNode(env: NodeJS.ProcessEnv): HostNode {
  const prefix = dirname(dirname(process.execPath));
  const sources = ['/etc/apt/sources.list', ...listDir('/etc/apt/sources.list.d')]
    .filter((f) => existsSync(f))
    .map((f) => readFileSync(f, 'utf8'));
  const ca = env.NODE_EXTRA_CA_CERTS ?? '/etc/ssl/certs/ca-certificates.crt';
  const caBundle = existsSync(ca) ? ca : undefined;
  const caHash = caBundle ? createHash('sha256').update(readFileSync(caBundle)).digest('hex') : '';
  return { mirror: debianMirror(sources) ?? FALLBACK_MIRROR, prefix, caBundle, caHash };
}

function listDir(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).map((f) => join(dir, f)) : [];
}

async function ensureBase(kind: BaseKind, key: string, dir: string, host: HostNode, progress: Progress) {
  const ref = baseImageRef(kind, key);
  if ((await run('buildah', ['inspect', '--type', 'image', ref])).code === 0) return ref;
  const tar = join(dir, `${kind}.tar`);
  if (!existsSync(tar)) {
    const started = Date.now();
    progress(`making the ${kind} base root filesystem with mmdebstrap from ${host.mirror} (about a minute)…`);
    const tmp = join(dir, `${kind}.partial.tar`);
    rmSync(tmp, { force: true });
    await must('mmdebstrap', [
      '--variant=minbase',
      '--format=tar',
      `--include=${BASE_PACKAGES[kind].join(',')}`,
      ...EXCLUDED_PATHS.map((p) => `--dpkgopt=path-exclude=${p}`),
      '--customize-hook=rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin',
      DEBIAN_SUITE,
      tmp,
      host.mirror,
    ]);
    renameSync(tmp, tar);
    progress(`made ${tar} in ${formatElapsed(Date.now() - started)}`);
  }
  progress(`importing ${ref} with this machine's Node ${process.version}…`);
  const ctr = (await must('buildah', ['from', 'scratch'])).trim();
  try {
    await must('buildah', ['add', '--quiet', ctr, tar, '/']);
    const copy = (from: string, to: string) => must('buildah', ['copy', '--quiet', ctr, from, to]);
    await copy(process.execPath, '/usr/local/bin/node');
    await copy(join(host.prefix, 'lib/node_modules/npm'), '/usr/local/lib/node_modules/npm');
    // node-gyp (better-sqlite3) compiles against these instead of downloading them
    if (kind === 'build') await copy(join(host.prefix, 'include/node'), '/usr/local/include/node');
    const config = ['--cmd', '["node"]'];
    if (host.caBundle) {
      // the machine's trust store (a TLS-inspecting proxy's CA included) reaches npm in the build
      await copy(host.caBundle, '/etc/ssl/certs/ca-certificates.crt');
      config.push('--env', 'NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt');
    }
    await must('buildah', [
      'run',
      '--isolation',
      'chroot',
      ctr,
      '--',
      'sh',
      '-c',
      'ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx',
    ]);
    await must('buildah', ['config', ...config, ctr]);
    await must('buildah', ['commit', '--quiet', ctr, ref]);
  } finally {
    await run('buildah', ['rm', ctr]);
  }
  return ref;
}

/** Runs a command; its exit code and the last lines of its output (each chunk to `onOutput` too). */
export function run(
  command: string,
  args: readonly string[],
  onOutput?: (text: string) => void,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer): void => {
      const text = chunk.toString('utf8');
      onOutput?.(text);
      output = (output + text).slice(-8000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Runs a command that must succeed; its output (stdout and stderr). */
async function must(command: string, args: readonly string[]): Promise<string> {
  const r = await run(command, args);
  if (r.code !== 0) throw new SandboxBuildError(`${command} ${args.join(' ')} failed:\n${r.output.slice(-2000)}`);
  return r.output;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const bases = await ensureImageBases({ onProgress: (line) => console.error(`[image-base] ${line}`) });
  console.log(`${bases.runtime}\n${bases.build}`);
}
