# syntax=docker/dockerfile:1
# A service image. Build from the repository root (node infra/docker/images.ts prints every command):
#   docker build -f infra/docker/service.Dockerfile --target service \
#     --build-arg SERVICE=identity --build-arg PORT=4001 -t keisha/identity-service .
# The service runs exactly as it does locally: `node services/<name>/src/server.ts` on Node 24, which strips
# the types itself, so there is no build step. Configuration comes only from the environment.

# The Node the project's own scripts and tests run on (the root package.json's `node` package).
ARG NODE_VERSION=24.21.0
# Where the images start from: the official Node image where a registry is reachable; here, with none, the base
# infra/containers/base-image.ts makes from Debian's packages (npm run test:containers passes it).
ARG BASE_IMAGE=node:${NODE_VERSION}-slim

FROM ${BASE_IMAGE} AS install
ARG SERVICE
RUN case "${SERVICE}" in identity|decoder|chat|billing) ;; \
      *) echo "--build-arg SERVICE=identity|decoder|chat|billing is required (got '${SERVICE}')" >&2; exit 1 ;; esac
WORKDIR /app
# Every workspace's package.json: npm ci checks the whole lockfile against them.
COPY package.json package-lock.json ./
COPY shared/config/package.json shared/config/
COPY shared/contracts/package.json shared/contracts/
COPY shared/service-kit/package.json shared/service-kit/
COPY shared/store/package.json shared/store/
COPY shared/telemetry/package.json shared/telemetry/
COPY shared/ui/package.json shared/ui/
COPY services/identity/package.json services/identity/
COPY services/decoder/package.json services/decoder/
COPY services/chat/package.json services/chat/
COPY services/billing/package.json services/billing/
COPY shell/package.json shell/
COPY mf-marketing/package.json mf-marketing/
COPY mf-decoder/package.json mf-decoder/
COPY mf-chat/package.json mf-chat/
COPY mf-account/package.json mf-account/
COPY infra/package.json infra/
# This service's production dependencies only: not the root's tools, not the other workspaces'. No install
# scripts: the only one in the tree fetches the `node` package's binary, and the image has its own Node 24.
# Extra npm ci flags: `--offline --cache <dir>` installs from a mounted npm cache, with no registry.
ARG NPM_CI_FLAGS=""
RUN --mount=type=cache,target=/root/.npm npm ci ${NPM_CI_FLAGS} --workspace services/${SERVICE} --omit=dev --ignore-scripts --no-audit --no-fund
COPY shared/contracts/src shared/contracts/src
COPY shared/service-kit/src shared/service-kit/src
COPY shared/telemetry/src shared/telemetry/src
COPY services/${SERVICE}/src services/${SERVICE}/src

FROM ${BASE_IMAGE} AS service
ARG SERVICE
ARG PORT
RUN test -n "${PORT}" || { echo "--build-arg PORT is required (the service's port: identity 4001, decoder 4002, chat 4003, billing 4004)" >&2; exit 1; }
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=${PORT} \
    DATA_DIR=/var/lib/keisha
WORKDIR /app
# Owned by root and read-only to the service's user.
COPY --from=install /app /app
# The embedded database, used only when DATABASE_URL is not set (a trial run; never in a cluster).
RUN mkdir -p /var/lib/keisha && chown 1000:1000 /var/lib/keisha
WORKDIR /app/services/${SERVICE}
# The image's `node` user, by number so Kubernetes can verify runAsNonRoot.
USER 1000:1000
EXPOSE ${PORT}
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node is PID 1 and gets SIGTERM itself: the service stops taking requests and finishes those in flight.
CMD ["node", "src/server.ts"]
