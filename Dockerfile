# Kairo in a container: the web app built in one stage, production dependencies installed in
# another, and a small runtime stage that runs as the unprivileged `node` user. Every command here
# also runs in CI, without Docker, through scripts/container-check.ts (the machines that run
# Kairo's CI have no Docker engine), so keep RUN paths relative to WORKDIR.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY src ./src
COPY vite.config.ts tsconfig.json ./
COPY scripts/precompress.ts scripts/prerender-landing.ts ./scripts/
RUN NODE_ENV=production node node_modules/vite/bin/vite.js build --logLevel warn

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY src ./src
# The Strava simulator and the development sign-in: loaded only in demo mode (no Strava keys).
COPY tools ./tools
COPY --from=build /app/dist/web ./dist/web
RUN mkdir -p data && chown node:node data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# glibc's allocator kept to two arenas, as every start of the server has it (src/server/heap.ts, ADR 0095).
ENV MALLOC_ARENA_MAX=2
CMD ["node", "--max-semi-space-size=16", "src/server/main.ts"]
