// The web app. The tRPC API is not a rewrite: app/api/trpc/[trpc]/route.ts forwards to the
// controller whose URL it reads at request time (docs/design/0001-api-proxy.md), so one
// production build serves the dev profile (3000 → 3001) and the test profile (3100 → 3101).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { NextConfig } from 'next';
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD } from 'next/constants';

// The container image (Dockerfile) builds with OPSTUDIO_NEXT_OUTPUT=standalone: a server.js plus
// only the node_modules files it traces, instead of all of next's and monaco's packages. Only
// there, so `npm start`/`npm test` keep their `next start` build unchanged (docs/design/0025-image.md).
const standalone = process.env.OPSTUDIO_NEXT_OUTPUT === 'standalone';

const config: NextConfig = {
  // @opstudio/cel: the worker starts the CEL module with its engine.ts
  transpilePackages: ['@opstudio/shared', '@opstudio/cel'],
  reactStrictMode: true,
  poweredByHeader: false,
  // The controller's sources are imported for their types only; never bundle them.
  serverExternalPackages: ['@kubernetes/client-node', '@prisma/client', 'better-sqlite3'],
  // The workspace root, so the trace reaches the hoisted node_modules and packages/shared. The new
  // design page renders per request since it lives under /c/<cluster>/ (no longer prerendered at
  // build time), and reads the repository's examples then (features/designs/templates.ts): the
  // image must carry them.
  ...(standalone
    ? {
        output: 'standalone',
        outputFileTracingRoot: path.join(import.meta.dirname, '../..'),
        outputFileTracingIncludes: { '/c/[cluster]/designs/new': ['../../examples/*.design.yaml'] },
      }
    : {}),
};

/**
 * The studio's CEL module (packages/cel) that this build serves at /_cel/<hash>/ (server/cel-assets.ts)
 * and whose URLs the designer's worker loads: the folder npm start's build step passes in
 * OPSTUDIO_CEL_DIR (scripts/lib/web-build.ts), else built or found now; its name carries the hash.
 * OPSTUDIO_CEL_DIR=none builds without it (the designer then shows that CEL could not load).
 * Inlined into the bundles (`env`), so a production server needs nothing at run time.
 */
function celModule(): Record<string, string> {
  let dir = process.env.OPSTUDIO_CEL_DIR ?? '';
  // a build without the module (the container image, until it builds one): the designer says so
  if (dir === 'none') return { OPSTUDIO_CEL_HASH: '', OPSTUDIO_CEL_DIR: '' };
  if (dir === '') {
    const build = path.join(import.meta.dirname, '../../packages/cel/src/build.ts');
    dir = execFileSync(process.execPath, ['--import', 'tsx', build], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }).trim();
  }
  const hash = /^cel-([0-9a-f]{16})$/.exec(path.basename(dir))?.[1];
  if (hash === undefined) throw new Error(`the CEL module's folder is not named cel-<hash>: ${dir}`);
  return { OPSTUDIO_CEL_HASH: hash, OPSTUDIO_CEL_DIR: path.resolve(dir) };
}

// the production server (serve.ts) loads this file too: the module's place is already in its bundles
export default function nextConfig(phase: string): NextConfig {
  const building = phase === PHASE_PRODUCTION_BUILD || phase === PHASE_DEVELOPMENT_SERVER;
  return building ? { ...config, env: celModule() } : config;
}
