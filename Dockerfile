# syntax=docker/dockerfile:1
# The Trading Dashboard's images (docs/decisions/0034). From the repository root:
#   docker build -t trading-dashboard:1.0.0 .
#       the API with the host and every remote behind one web server on :8080
#   docker build --target remote --build-arg REMOTE=mf-infra --build-arg REMOTE_VERSION=1.0.1 -t trading-mf-infra:1.0.1 .
#       one remote alone, so ops can ship it without rebuilding the rest
# Nothing secret is built in: SECRETS_KEY, broker credentials and database URLs come from the
# environment when the container runs (a Kubernetes Secret, or docker run --env-file).

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- toolchain: pnpm (the version package.json pins, through corepack) and a C++ compiler for better-sqlite3
FROM ${NODE_IMAGE} AS toolchain
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH CI=true COREPACK_ENABLE_DOWNLOAD_PROMPT=0
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/* \
 && corepack enable
WORKDIR /app
# Manifests first: the dependency layers are reused until a manifest or the lockfile changes.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
COPY host/package.json host/
COPY mf-auth/package.json mf-auth/
COPY mf-trading/package.json mf-trading/
COPY mf-analytics/package.json mf-analytics/
COPY mf-ml/package.json mf-ml/
COPY mf-infra/package.json mf-infra/
COPY packages/contracts/package.json packages/contracts/
COPY packages/api-client/package.json packages/api-client/
COPY packages/ui/package.json packages/ui/
COPY packages/platform/package.json packages/platform/
COPY packages/server/package.json packages/server/
COPY tests/package.json tests/

# ---- deps: the whole workspace, for building
FROM toolchain AS deps
RUN pnpm install --frozen-lockfile
COPY . .

# ---- build: the host and every remote, at the versions the default registry names (1.0.0)
FROM deps AS build
RUN pnpm run build

# ---- prod-deps: only what the API runs (the server package, its workspace packages, no dev dependencies)
FROM toolchain AS prod-deps
RUN pnpm install --frozen-lockfile --prod --filter '@td/server...'

# ---- build-remote: one remote at its own version, and its web server compiled to plain JavaScript
FROM deps AS build-remote
ARG REMOTE=mf-infra
ARG REMOTE_VERSION=1.0.0
RUN test -f "$REMOTE/package.json" || { echo "REMOTE=$REMOTE is not a remote of this workspace" >&2; exit 1; } \
 && REMOTE_VERSION="$REMOTE_VERSION" pnpm --filter "./$REMOTE" run build \
 && pnpm exec tsc --outDir /out/server --rootDir scripts --module commonjs --moduleResolution node10 \
      --esModuleInterop --target es2022 --types node --skipLibCheck scripts/serve-remote.ts \
 && echo '{"type":"commonjs"}' > /out/server/package.json \
 && cp -r "$REMOTE/dist" /out/dist

# ---- remote: one remote's build and a dependency-free web server (docker build --target remote)
FROM ${NODE_IMAGE} AS remote
ARG REMOTE=mf-infra
ARG REMOTE_VERSION=1.0.0
ENV NODE_ENV=production PORT=8080 REMOTE_DIST=/srv/dist \
    MANIFEST_PATH=/${REMOTE}/${REMOTE_VERSION}/mf-manifest.json
LABEL org.opencontainers.image.title="trading-dashboard ${REMOTE}" org.opencontainers.image.version="${REMOTE_VERSION}"
COPY --from=build-remote /out/server /srv/server
COPY --from=build-remote /out/dist /srv/dist
USER node
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+process.env.MANIFEST_PATH).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "/srv/server/serve-remote.js"]

# ---- runtime (the default target): the API on loopback, the host and remotes and /api on :8080
FROM ${NODE_IMAGE} AS runtime
# One origin for everything: the host, every remote and the API answer on PORT (the default registry
# names remotes at http://PUBLIC_HOST:REMOTE_*_PORT, hence all of them 8080).
ENV NODE_ENV=production PORT=8080 API_PORT=8082 DATA_DIR=/data TRUST_PROXY=on \
    HOST_PORT=8080 REMOTE_AUTH_PORT=8080 REMOTE_TRADING_PORT=8080 REMOTE_ANALYTICS_PORT=8080 \
    REMOTE_ML_PORT=8080 REMOTE_INFRA_PORT=8080
WORKDIR /app
# tsx compiles the server's TypeScript as it loads, with the workspace's compiler settings.
COPY package.json tsconfig.json tsconfig.base.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=prod-deps /app/packages/server/node_modules ./packages/server/node_modules
COPY --from=prod-deps /app/packages/contracts/node_modules ./packages/contracts/node_modules
COPY packages/server/package.json packages/server/
COPY packages/server/src packages/server/src
COPY packages/contracts/package.json packages/contracts/
COPY packages/contracts/src packages/contracts/src
COPY scripts/serve-image.ts scripts/
COPY scripts/lib/bundle-server.ts scripts/lib/image-settings.ts scripts/lib/content-security-policy.ts scripts/lib/
COPY --from=build /app/host/dist host/dist
COPY --from=build /app/mf-auth/dist mf-auth/dist
COPY --from=build /app/mf-trading/dist mf-trading/dist
COPY --from=build /app/mf-analytics/dist mf-analytics/dist
COPY --from=build /app/mf-ml/dist mf-ml/dist
COPY --from=build /app/mf-infra/dist mf-infra/dist
# The code stays root's and read-only; only the data folder belongs to the user the server runs as.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 8080
STOPSIGNAL SIGTERM
# Liveness only (the process answers); readiness is /api/ready, which the Kubernetes probe asks.
HEALTHCHECK --interval=30s --timeout=5s --start-period=300s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# From the server package's folder: `--import tsx` resolves from its node_modules.
WORKDIR /app/packages/server
CMD ["node", "--import", "tsx", "/app/scripts/serve-image.ts"]
