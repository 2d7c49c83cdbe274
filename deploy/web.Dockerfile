# syntax=docker/dockerfile:1
# The storefront server (storefront/server, built into storefront/dist-server/serve.js): renders the shop's pages
# with their data, serves
# the built assets, /config.js, /robots.txt and the sitemap. nginx (deploy/nginx.conf, the `proxy` service)
# sits in front of it and of the API processes. Build from the repository root:
#   docker build -f deploy/web.Dockerfile -t voltcart-web .

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY api/package.json api/
COPY packages/shared/package.json packages/shared/
COPY packages/api-client/package.json packages/api-client/
COPY storefront/package.json storefront/
COPY admin-desktop/package.json admin-desktop/
# Exactly the lockfile (npm ci), like the API image and CI.
RUN npm ci --no-audit --no-fund -w storefront -w packages/shared -w packages/api-client
# The whole tree: Vite follows the TypeScript project references of the root tsconfig.json.
COPY . .
# The app (dist/, with brotli and gzip copies of its text files) and the server build (dist-server/: the pages'
# renderer and the storefront server itself, plain JavaScript with the workspace packages bundled in).
RUN npm run build -w storefront

FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json .npmrc ./
COPY api/package.json api/
COPY packages/shared/package.json packages/shared/
COPY packages/api-client/package.json packages/api-client/
COPY storefront/package.json storefront/
COPY admin-desktop/package.json admin-desktop/
# Only what the server and the renderer load at run time (React, react-router, TanStack Query, Hono, axios);
# no TypeScript runner and no sources: the build is all that runs.
RUN npm ci --omit=dev --no-audit --no-fund -w storefront -w packages/shared -w packages/api-client \
  && npm cache clean --force
COPY --from=build /app/storefront/dist storefront/dist
COPY --from=build /app/storefront/dist-server storefront/dist-server
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:3000/robots.txt').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# PUBLIC_URL is required (docker-compose.yml sets it): the server stops at start-up naming it otherwise.
CMD ["node", "storefront/dist-server/serve.js", "storefront/dist", "--port", "3000", "--razorpay"]
