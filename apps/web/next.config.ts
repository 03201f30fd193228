// The web app. The tRPC API is not a rewrite: app/api/trpc/[trpc]/route.ts forwards to the
// controller whose URL it reads at request time (docs/design/0001-api-proxy.md), so one
// production build serves the dev profile (3000 → 3001) and the test profile (3100 → 3101).
import path from 'node:path';
import type { NextConfig } from 'next';

// The container image (Dockerfile) builds with OPSTUDIO_NEXT_OUTPUT=standalone: a server.js plus
// only the node_modules files it traces, instead of all of next's and monaco's packages. Only
// there, so `npm start`/`npm test` keep their `next start` build unchanged (docs/design/0025-image.md).
const standalone = process.env.OPSTUDIO_NEXT_OUTPUT === 'standalone';

const config: NextConfig = {
  transpilePackages: ['@opstudio/shared'],
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

export default config;
