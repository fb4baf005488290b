# syntax=docker/dockerfile:1
# The edge image: the gateway (infra/local/gateway.ts, started by infra/edge/server.ts) and the built shell.
# Build from the repository root:
#   docker build -f infra/docker/edge.Dockerfile --target edge --build-arg KEISHA_SITE_URL=https://keisha.example -t keisha/edge .
# Run with REMOTES_FILE (remotes.json, from a ConfigMap) and the four service URLs; see infra/edge/config.ts.

ARG NODE_VERSION=24.21.0
# Where the images start from: the official Node image where a registry is reachable; here, with none, the base
# infra/containers/base-image.ts makes from Debian's packages (npm run test:containers passes it).
ARG BASE_IMAGE=node:${NODE_VERSION}-slim

FROM ${BASE_IMAGE} AS manifests
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

# The shell's production build (Rspack), with the shell's build tools only.
FROM manifests AS build
# The `node` package's placeholder binary would shadow the image's Node in npm scripts: remove its link.
# Extra npm ci flags: `--offline --cache <dir>` installs from a mounted npm cache, with no registry.
ARG NPM_CI_FLAGS=""
RUN --mount=type=cache,target=/root/.npm npm ci ${NPM_CI_FLAGS} --workspace shell --ignore-scripts --no-audit --no-fund && rm -f node_modules/.bin/node
COPY tsconfig.base.json ./
COPY shared shared
COPY shell shell
ARG KEISHA_BUILD_LABEL=""
RUN KEISHA_BUILD_LABEL="${KEISHA_BUILD_LABEL}" npm run build --workspace shell

# robots.txt and sitemap.xml for the site's root, from the marketing remote's definitions of them.
FROM ${BASE_IMAGE} AS site-files
WORKDIR /app
COPY infra/package.json infra/
COPY infra/docker/site-files.ts infra/docker/
COPY mf-marketing/package.json mf-marketing/
COPY mf-marketing/src/features/seo/domain mf-marketing/src/features/seo/domain
ARG KEISHA_SITE_URL=""
RUN KEISHA_SITE_URL="${KEISHA_SITE_URL}" node infra/docker/site-files.ts /site-files

# infra's production dependencies (Fastify and its plugins, zod, prom-client, @keisha/telemetry with its
# OpenTelemetry packages) and its sources: infra's own dependencies only, not what it develops with. No
# install scripts: the image has its own Node 24.
FROM manifests AS install
# Extra npm ci flags: `--offline --cache <dir>` installs from a mounted npm cache, with no registry.
ARG NPM_CI_FLAGS=""
RUN --mount=type=cache,target=/root/.npm npm ci ${NPM_CI_FLAGS} --workspace infra --omit=dev --ignore-scripts --no-audit --no-fund
# The edge's sources: all of infra/local (the launcher's modules come along unused; .dockerignore leaves out the
# tests), so that splitting or adding a module of the edge needs no change here.
COPY infra/local infra/local
COPY infra/edge infra/edge
COPY shared/telemetry/src shared/telemetry/src

FROM ${BASE_IMAGE} AS edge
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    SHELL_DIR=/app/shell/dist \
    MARKETING_DIR=/app/site-files \
    REMOTES_FILE=/etc/keisha/remotes/remotes.json
WORKDIR /app
# Owned by root and read-only to the process's user.
COPY --from=install /app /app
COPY --from=build /app/shell/dist /app/shell/dist
COPY --from=site-files /site-files /app/site-files
USER 1000:1000
# The site. Prometheus metrics are on METRICS_PORT (4000), a listener of their own that nothing routes to from outside.
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "infra/edge/server.ts"]
