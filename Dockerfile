# One image for every app; APP picks which one runs (gateway, identity, catalog, sandbox, ...).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
# git: the source_host adapter's fallback for reading repository content over smart HTTP.
RUN apt-get update && apt-get install -y --no-install-recommends git ca-certificates \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
ARG APP=gateway
ENV APP=${APP}
USER node
EXPOSE 3000
CMD ["sh", "-c", "exec node dist/apps/${APP}/src/main.js"]
