# One recipe for every app; the APP build argument picks the one the image runs:
#   docker build --build-arg APP=catalog -t policy-catalog/catalog:1.4.0 .
# APP: gateway, identity, catalog, rulesets, connections, workspaces, deployments, deployment-worker,
# mcp, sandbox (development only). The same image also runs its service's migrations alone:
#   docker run --rm -e DATABASE_URL=... policy-catalog/catalog:1.4.0 node dist/tools/migrate.js catalog
# Configuration is by environment variables only (docs/configuration.md, deploy/README.md).
ARG NODE_IMAGE=node:20.19-bookworm-slim

# 1. Compile TypeScript to dist/ (needs the development dependencies).
FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.build.json .swcrc ./
COPY types ./types
COPY tools ./tools
COPY libs ./libs
COPY apps ./apps
RUN npm run build

# 2. The production dependencies alone, from the same lock file.
FROM ${NODE_IMAGE} AS deps
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. The runtime: compiled JavaScript, production dependencies, a non-root user, no TypeScript hook.
FROM ${NODE_IMAGE}
# git: the source_host adapter's fallback for reading repositories over smart HTTP; tini: PID 1 that
# forwards SIGTERM to node and reaps the build commands a deployment worker runs; iproute2: `ip`, which
# brings up the loopback of an isolated build's namespace for the allow-list proxy (DEPLOY_BUILD_ALLOWLIST);
# bubblewrap: the sandbox every build command runs in (DEPLOY_BUILD_SANDBOX=bubblewrap, the default).
RUN apt-get update \
  && apt-get install -y --no-install-recommends git ca-certificates tini iproute2 bubblewrap \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ARG APP=gateway
ENV NODE_ENV=production \
  APP=${APP} \
  PORT=8080 \
  HOST=0.0.0.0 \
  SANDBOX_PORT=8080 \
  SANDBOX_HOST=0.0.0.0
COPY --from=deps --chown=root:root /src/node_modules ./node_modules
COPY --from=build --chown=root:root /src/package.json ./package.json
COPY --from=build --chown=root:root /src/dist ./dist
# The code is owned by root and read-only for the app's user (uid 1000, `node` in the base image). The
# gateway's audit outbox is the one place it writes (a volume there keeps the user's ownership).
RUN mkdir -p /var/lib/policy-catalog/audit-outbox && chown 1000:1000 /var/lib/policy-catalog/audit-outbox
USER 1000:1000
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 CMD ["node", "dist/tools/healthcheck.js"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["sh", "-c", "exec node dist/apps/${APP}/main.js"]
