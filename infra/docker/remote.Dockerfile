# syntax=docker/dockerfile:1
# A remote's image: its production build served by the same small static server as the local run
# (infra/local/static-server.ts on Fastify: CORS for the shell's origin, mf-manifest.json and remoteEntry.js revalidated,
# content-hashed chunks cached for a year, brotli or gzip). Build from the repository root:
#   docker build -f infra/docker/remote.Dockerfile --target remote \
#     --build-arg REMOTE=decoder --build-arg PORT=3002 -t keisha/mf-decoder .
# The same build folder can instead be uploaded to a CDN (infra/k8s/README.md); this image is the in-cluster option.

ARG NODE_VERSION=24.21.0
# Where the images start from: the official Node image where a registry is reachable; here, with none, the base
# infra/containers/base-image.ts makes from Debian's packages (npm run test:containers passes it).
ARG BASE_IMAGE=node:${NODE_VERSION}-slim

FROM ${BASE_IMAGE} AS manifests
ARG REMOTE
RUN case "${REMOTE}" in marketing|decoder|chat|account) ;; \
      *) echo "--build-arg REMOTE=marketing|decoder|chat|account is required (got '${REMOTE}')" >&2; exit 1 ;; esac
WORKDIR /app
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

FROM manifests AS build
ARG REMOTE
# The `node` package's placeholder binary would shadow the image's Node in npm scripts: remove its link.
# Extra npm ci flags: `--offline --cache <dir>` installs from a mounted npm cache, with no registry.
ARG NPM_CI_FLAGS=""
RUN --mount=type=cache,target=/root/.npm npm ci ${NPM_CI_FLAGS} --workspace mf-${REMOTE} --ignore-scripts --no-audit --no-fund && rm -f node_modules/.bin/node
COPY tsconfig.base.json ./
COPY shared shared
COPY mf-${REMOTE} mf-${REMOTE}
# The site's address, for the marketing remote's sitemap.xml and robots.txt.
ARG KEISHA_SITE_URL=""
ARG KEISHA_BUILD_LABEL=""
RUN KEISHA_SITE_URL="${KEISHA_SITE_URL}" KEISHA_BUILD_LABEL="${KEISHA_BUILD_LABEL}" npm run build --workspace mf-${REMOTE} \
 && test -f mf-${REMOTE}/dist/mf-manifest.json

# infra's production dependencies (Fastify and its plugins, zod) and its sources: infra's own
# dependencies only, not what it develops with. No install scripts: the image has its own Node 24.
FROM manifests AS install
# Extra npm ci flags: `--offline --cache <dir>` installs from a mounted npm cache, with no registry.
ARG NPM_CI_FLAGS=""
RUN --mount=type=cache,target=/root/.npm npm ci ${NPM_CI_FLAGS} --workspace infra --omit=dev --ignore-scripts --no-audit --no-fund
# All of infra/local (.dockerignore leaves out the tests): splitting a module needs no change here.
COPY infra/local infra/local
COPY infra/edge infra/edge
COPY shared/telemetry/src shared/telemetry/src

FROM ${BASE_IMAGE} AS remote
ARG REMOTE
ARG PORT
RUN test -n "${PORT}" || { echo "--build-arg PORT is required (the remote's port: marketing 3001, decoder 3002, chat 3003, account 3004)" >&2; exit 1; }
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=${PORT} \
    STATIC_DIR=/app/dist
WORKDIR /app
# Owned by root and read-only to the process's user.
COPY --from=install /app /app
COPY --from=build /app/mf-${REMOTE}/dist /app/dist
USER 1000:1000
EXPOSE ${PORT}
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/mf-manifest.json').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "infra/edge/remote-server.ts"]
