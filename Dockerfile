# syntax=docker/dockerfile:1
# The Wallet Dashboard image: Next's standalone server (next.config.mjs, output: "standalone") with
# only production files, run as a non-root user, data (embedded PGlite + generated secrets) in the
# /data volume. Build: `docker build -t wallet-dashboard .`; run and operate: docs/deploy.md.
# With buildah/podman add `--format docker` (the OCI format has no HEALTHCHECK); without a registry,
# `--build-arg NODE_IMAGE=` a local Debian base (deploy/build-local-base.sh, scripts/image-smoke.sh).
# No secret is baked in: they come from the environment or from files (NAME_FILE, see
# deploy/docker-entrypoint.sh). Base: Debian (bookworm) with Node 20, the version CI runs.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
# Not `npm ci`: the lock file cannot list other platforms' optional binaries, which our registry
# does not serve, and `npm ci` refuses it (scripts/ensure-dependencies.sh). Same locked versions.
RUN npm install --no-save --no-audit --no-fund
COPY . .
# The build generates the server actions key and embeds it in the build (every container of this
# image agrees). Set NEXT_SERVER_ACTIONS_ENCRYPTION_KEY at run time so bound arguments are
# encrypted with a key kept outside the image (docs/deploy.md, Secrets).
RUN NEXT_BUILD_CACHE=off npx next build && npm run -s build:ops-scripts

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    PGLITE_DATA_DIR=/data/pglite \
    EMBEDDED_SECRETS_FILE=/data/secrets.json
WORKDIR /app
# A sans-serif font for the receipt images (lib/receipts/receipt-png.ts: resvg draws text only with
# fonts it can read; the slim image has none). Pinned to bookworm's version (hadolint DL3008,
# deploy/dockerfile.test.ts): a base image on another Debian release must change the pin with it.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core=2.37-6 && rm -rf /var/lib/apt/lists/*
RUN groupadd --system --gid 10001 wallet \
 && useradd --system --uid 10001 --gid wallet --home-dir /app --no-create-home --shell /usr/sbin/nologin wallet \
 && mkdir -p /data /app/.next/cache \
 && chown wallet:wallet /data /app/.next/cache
# Owned by root, so the server cannot change its own code; it writes only /data and Next's cache.
COPY --from=build /src/.next/standalone ./
COPY --from=build /src/.next/static ./.next/static
COPY --from=build /src/public ./public
# `node scripts/backup.mjs` / `node scripts/restore.mjs` (npm run backup / restore, bundled).
COPY --from=build /src/.next/ops-scripts ./scripts
COPY deploy/docker-entrypoint.sh /usr/local/bin/wallet-dashboard-entrypoint
USER wallet
VOLUME ["/data"]
EXPOSE 3000
# Liveness only (the process answers): readiness is /api/health/ready, for the load balancer.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/local/bin/wallet-dashboard-entrypoint"]
# The preload answers readiness (503) from the first millisecond and hands its socket to Next.
CMD ["node", "--require", "./deploy/server-preload.cjs", "server.js"]
