# syntax=docker/dockerfile:1
# nginx with the built storefront: serves the shop and balances /api/ over the API processes
# (deploy/nginx.conf). Build from the repository root:  docker build -f deploy/web.Dockerfile -t voltcart-web .

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY api/package.json api/
COPY packages/shared/package.json packages/shared/
COPY packages/api-client/package.json packages/api-client/
COPY storefront/package.json storefront/
COPY admin-desktop/package.json admin-desktop/
RUN npm install --no-audit --no-fund -w storefront -w packages/shared -w packages/api-client
# The whole tree: Vite follows the TypeScript project references of the root tsconfig.json.
COPY . .
RUN npm run build -w storefront

FROM nginx:1.28-alpine
COPY --from=build /app/storefront/dist /usr/share/nginx/html
# The official image fills in ${IMAGE_ORIGIN} (object storage's public address for the CSP, may be empty)
# and writes the result to /etc/nginx/conf.d/default.conf at start-up.
COPY deploy/nginx.conf /etc/nginx/templates/default.conf.template
ENV IMAGE_ORIGIN="" \
    NGINX_ENVSUBST_FILTER="^IMAGE_ORIGIN$"
EXPOSE 80
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD wget -q -O /dev/null http://127.0.0.1/healthz || exit 1
