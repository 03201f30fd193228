#!/usr/bin/env bash
# Installs whatever a fresh machine is missing, then returns quickly on every later run.
# Called by `npm start` and `npm test` (with --test, which also installs Chromium for Playwright).
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '[setup] %s\n' "$*"; }
die() { printf '[setup] error: %s\n' "$*" >&2; exit 1; }

want_test=0
[ "${1:-}" = "--test" ] && want_test=1

# Node: the project supports Node 20.19+ (client-node 1.4, Prisma 6.19, Next 16).
node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)' \
  || die "Node.js 20.19 or newer is required (found $(node -v)): install it, then run this again."

apt_install() {
  local missing=("$@")
  say "installing Debian packages: ${missing[*]}"
  local sudo=""
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null || die "need root or sudo to install ${missing[*]} (apt-get install ${missing[*]})."
    sudo="sudo"
  fi
  $sudo apt-get update -qq >/dev/null || die "apt-get update failed: check the Debian package mirror is reachable."
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null \
    || die "apt-get install ${missing[*]} failed."
}

pkgs=()
command -v openssl >/dev/null || pkgs+=(openssl)
command -v make >/dev/null || pkgs+=(make)
command -v g++ >/dev/null || pkgs+=(g++)
[ "$want_test" = 1 ] && { [ -x /usr/bin/chromium ] || pkgs+=(chromium); }
# the tests' throwaway PostgreSQL server (scripts/lib/postgres.ts) and psql
[ "$want_test" = 1 ] && { compgen -G '/usr/lib/postgresql/*/bin/pg_ctl' >/dev/null && command -v psql >/dev/null || pkgs+=(postgresql); }
# the container-image test (apps/controller/src/deploy/image.int.test.ts): buildah builds and runs
# the Dockerfile daemonless (chroot isolation: as root nothing else is needed), mmdebstrap makes
# its Debian base from Debian's packages (no container registry is reachable)
[ "$want_test" = 1 ] && { command -v buildah >/dev/null || pkgs+=(buildah); }
[ "$want_test" = 1 ] && { command -v mmdebstrap >/dev/null || pkgs+=(mmdebstrap); }
# the shells whose completion scripts the CLI tests check (opstudio completion zsh|fish)
[ "$want_test" = 1 ] && { command -v zsh >/dev/null || pkgs+=(zsh); command -v fish >/dev/null || pkgs+=(fish); }
[ ${#pkgs[@]} -eq 0 ] || apt_install "${pkgs[@]}"

# npm dependencies. better-sqlite3 has no reachable prebuilt binary here: node-gyp compiles it
# and must find Node's headers locally instead of downloading them.
node_prefix=$(node -p 'require("path").dirname(require("path").dirname(process.execPath))')
[ -f "$node_prefix/include/node/node.h" ] || die "Node's headers are missing ($node_prefix/include/node): install the Node.js package that ships them."
export npm_config_nodedir="$node_prefix"
# Prisma CLI: no update checks (the network reaches only package registries).
export CHECKPOINT_DISABLE=1
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm dependencies (first run compiles better-sqlite3: a few minutes)"
  npm ci --no-audit --no-fund --loglevel=error || die "npm ci failed (see above)."
fi

# Prisma clients, one per database (SQLite, Postgres): regenerate when a schema is newer than its client.
gen=apps/controller/src/generated/prisma/client.ts
if [ ! -f "$gen" ] || [ prisma/schema.prisma -nt "$gen" ]; then
  say "generating the Prisma client (SQLite)"
  DATABASE_URL=file:data/studio.db npx --no-install prisma generate >/dev/null \
    || die "prisma generate failed: run 'npx prisma generate' to see why."
fi
gen=apps/controller/src/generated/prisma-pg/client.ts
if [ ! -f "$gen" ] || [ prisma/postgres/schema.prisma -nt "$gen" ]; then
  say "generating the Prisma client (Postgres)"
  DATABASE_URL=postgresql://localhost/studio npx --no-install prisma generate >/dev/null \
    || die "prisma generate failed: run 'DATABASE_URL=postgresql://localhost/studio npx prisma generate' to see why."
fi

# The controller compiled ahead of time (apps/controller/src/build/compile.ts, docs/design/0059):
# rebuilt when any source it was built from changed (about a second), a no-op otherwise.
# bin/opstudio.js runs the source through tsx whenever this build is not current.
node --import tsx apps/controller/src/build/compile.ts || die "compiling the controller failed (see above)."

# The studio's one CEL (packages/cel): cel-go with k8s.io/apiserver's environment, built to
# WebAssembly once per source hash into the binaries cache (about a minute cold, instant after).
node --import tsx packages/cel/src/build.ts >/dev/null || die "building the CEL module failed (see above)."

# Helm for the chart tests (deploy/helm/operator-studio): built from its Go module into the
# binaries cache once per pinned version (packages/sandbox/src/helm.ts); instant afterwards.
if [ "$want_test" = 1 ]; then
  node --import tsx packages/sandbox/src/helm.ts >/dev/null || die "building helm failed (see above)."
  # the image test's Debian base images with this Node, once per machine (packages/sandbox/src/image-base.ts)
  node --import tsx packages/sandbox/src/image-base.ts >/dev/null || die "making the image test's base images failed (see above)."
fi
