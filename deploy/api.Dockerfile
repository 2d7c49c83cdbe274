# syntax=docker/dockerfile:1
# The Voltcart API: production dependencies only, the TypeScript run with tsx as in development.
# Build from the repository root:  docker build -f deploy/api.Dockerfile -t voltcart-api .

FROM node:22-bookworm-slim AS deps
WORKDIR /app
# Every workspace's package.json is needed for npm to read the lockfile; only the API's are installed
# (no Electron, Vite or test tools in the image), exactly as the lockfile records them.
COPY package.json package-lock.json .npmrc ./
COPY api/package.json api/
COPY packages/shared/package.json packages/shared/
COPY packages/api-client/package.json packages/api-client/
COPY storefront/package.json storefront/
COPY admin-desktop/package.json admin-desktop/
RUN npm ci --omit=dev --no-audit --no-fund -w api -w packages/shared

FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    PORT=5000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    UPLOAD_DIR=/data/uploads
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY package.json tsconfig.base.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/shared/src packages/shared/src
COPY api/package.json api/tsconfig.json api/
COPY api/src api/src
# The uploads folder belongs to the unprivileged user, so a named volume mounted there is writable.
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
EXPOSE 5000
# Ready = the database answers and every migration has run (the process migrates at start-up).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||5000)+'/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM: the API stops accepting, finishes the requests it has, closes its pools and exits.
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "api/src/server.ts"]
