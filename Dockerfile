# Operator Studio: the controller and the web app in one image (docs/design/0025-image.md).
#   docker build -t operator-studio .            # then: docker compose up (docker-compose.yml)
# The base is an argument: node:20-bookworm-slim for Docker users; the image test
# (apps/controller/src/deploy/image.int.test.ts) passes a Debian rootfs carrying the machine's Node,
# because no container registry is reachable there. BUILD_BASE may add compilers to it.
# Layout under /app: the repository's runtime part (the controller compiled ahead of time in
# apps/controller/dist beside its sources, docs/design/0059), production node_modules only, and
# Next's standalone server in apps/web.
ARG BASE=node:20-bookworm-slim
ARG BUILD_BASE=${BASE}

# ---- deps: every dependency, dev included (next build, prisma generate); better-sqlite3 compiles here
FROM ${BUILD_BASE} AS deps
RUN if ! command -v g++ >/dev/null || ! command -v make >/dev/null || ! command -v python3 >/dev/null; then \
      apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*; \
    fi
WORKDIR /src
ENV CHECKPOINT_DISABLE=1 NEXT_TELEMETRY_DISABLED=1 \
    npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
COPY package.json package-lock.json ./
COPY apps/controller/package.json apps/controller/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY packages/sandbox/package.json packages/sandbox/
COPY packages/cel/package.json packages/cel/
# node-gyp finds Node's headers beside the node binary instead of downloading them.
RUN --mount=type=cache,target=/root/.npm \
    npm_config_nodedir="$(dirname "$(dirname "$(command -v node)")")" npm ci --loglevel=error

# ---- build: the Prisma clients (SQLite, Postgres) and the web app's standalone server
FROM deps AS build
COPY . .
RUN DATABASE_URL=file:/tmp/generate.db npx --no-install prisma generate \
 && DATABASE_URL=postgresql://localhost/studio npx --no-install prisma generate
# the controller compiled ahead of time (apps/controller/dist): bin/opstudio.js runs it while it is current
RUN node --import tsx apps/controller/src/build/compile.ts
# The CEL module (packages/cel) comes built: there is no Go here. `npm start` (setup) leaves it in
# packages/cel/dist/cel-<hash>; it is served from /app/packages/cel/dist at run time, where the
# app stage copies packages/, so the web build names that path.
RUN cel="$(ls -d packages/cel/dist/cel-* 2>/dev/null | head -n 1)" \
 && if [ -z "$cel" ]; then echo "packages/cel/dist is empty: run npm start (or node --import tsx packages/cel/src/build.ts) before building the image" >&2; exit 1; fi \
 && mkdir -p /app/packages/cel/dist && cp -a "$cel" /app/packages/cel/dist/ \
 && ln -s "$(basename "$cel")" packages/cel/dist/current \
 && cd apps/web && OPSTUDIO_NEXT_OUTPUT=standalone OPSTUDIO_CEL_DIR="/app/packages/cel/dist/$(basename "$cel")" npx --no-install next build

# ---- prod-deps: production dependencies of the controller and its packages (not the web app's:
# its standalone output carries what its server needs; not the root's, which are all dev tools).
# Install scripts skipped: the only one the runtime needs is better-sqlite3's compile, whose result
# is taken from deps.
FROM deps AS prod-deps
RUN --mount=type=cache,target=/root/.npm \
    mv node_modules /tmp/all && rm -rf apps/*/node_modules packages/*/node_modules \
 && npm ci --omit=dev --ignore-scripts --loglevel=error \
      --workspace=@opstudio/controller --workspace=@opstudio/shared --workspace=@opstudio/sandbox \
      --workspace=@opstudio/cel \
 && for addon in $(cd /tmp/all && find . -path '*/better-sqlite3/build/Release/*.node'); do \
      mkdir -p "node_modules/${addon%/*}" && cp "/tmp/all/$addon" "node_modules/$addon"; \
    done \
 && rm -rf /tmp/all \
 && cd node_modules/@prisma/adapter-better-sqlite3 && node -e "require('better-sqlite3')(':memory:').close()"

# ---- app: /app as the runtime has it, assembled where a shell can prune it
FROM deps AS app
WORKDIR /app
# the web app first: its traced node_modules, then the controller's production set over them
COPY --from=build /src/apps/web/.next/standalone ./
COPY --from=build /src/apps/web/.next/static ./apps/web/.next/static
# the web app's server entry (HTTP, or HTTPS with OPSTUDIO_TLS_CERT/KEY; docs/design/0027), run through tsx
COPY --from=build /src/apps/web/server/serve.ts /src/apps/web/server/serving-settings.ts /src/apps/web/server/tls-files.ts \
     /src/apps/web/server/cel-serve.ts /src/apps/web/server/cel-assets.ts /src/apps/web/server/front-door.ts ./apps/web/server/
COPY --from=prod-deps /src/node_modules ./node_modules
COPY --from=build /src/package.json /src/tsconfig.json /src/tsconfig.base.json /src/prisma.config.ts ./
COPY --from=build /src/prisma ./prisma
COPY --from=build /src/scripts ./scripts
COPY --from=build /src/packages ./packages
COPY --from=build /src/apps/controller ./apps/controller
# the workspaces' own node_modules: production ones only (build's have the dev dependencies)
RUN --mount=type=bind,from=prod-deps,source=/src,target=/prod \
    for w in apps/controller packages/shared packages/sandbox packages/cel; do \
      rm -rf "$w/node_modules"; \
      if [ -d "/prod/$w/node_modules" ]; then cp -a "/prod/$w/node_modules" "$w/"; fi; \
    done \
 && mkdir -p apps/web/.next/cache

# ---- runtime
FROM ${BASE} AS runtime
# uid 10001 without useradd (a minbase Debian has no passwd package): Node and npm want an entry.
RUN echo 'studio:x:10001:10001:Operator Studio:/home/studio:/usr/sbin/nologin' >> /etc/passwd \
 && echo 'studio:x:10001:' >> /etc/group \
 && mkdir -p /home/studio /data && chown 10001:10001 /home/studio /data
WORKDIR /app
# MALLOC_ARENA_MAX: as npm start runs every service (scripts/lib/proc.ts NODE_SERVICE_ENV, docs/design/0059)
ENV NODE_ENV=production CHECKPOINT_DISABLE=1 NEXT_TELEMETRY_DISABLED=1 \
    OPSTUDIO_DATA_DIR=/data npm_config_update_notifier=false OPSTUDIO_CEL_DIR=/app/packages/cel/dist/current \
    MALLOC_ARENA_MAX=2
COPY --from=app /app ./
# Next writes its image/fetch cache beside the build (the chart mounts an emptyDir there)
RUN chown 10001:10001 apps/web/.next/cache
USER 10001:10001
EXPOSE 3000 3001
VOLUME /data
# the controller by default (compiled: bin/opstudio.js checks apps/controller/dist is current); the web app is `node --import tsx apps/web/server/serve.ts` (docker-compose.yml runs both)
CMD ["node", "apps/controller/bin/opstudio.js", "serve"]
