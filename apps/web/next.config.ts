// The web app. The tRPC API is not a rewrite: app/api/trpc/[trpc]/route.ts forwards to the
// controller whose URL it reads at request time (docs/design/0001-api-proxy.md), so one
// production build serves the dev profile (3000 → 3001) and the test profile (3100 → 3101).
import type { NextConfig } from 'next';

const config: NextConfig = {
  transpilePackages: ['@opstudio/shared'],
  reactStrictMode: true,
  poweredByHeader: false,
  // The controller's sources are imported for their types only; never bundle them.
  serverExternalPackages: ['@kubernetes/client-node', '@prisma/client', 'better-sqlite3'],
};

export default config;
