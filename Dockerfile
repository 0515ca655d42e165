# syntax=docker/dockerfile:1
# pay-checkout: the backend (API, webhooks, widget files, and in embedded mode the sandbox and the demo).
#   docker build -t pay-checkout .
# Production (remote mode, the default here: without these the container stops and names what is missing):
#   docker run -p 8787:8787 -e PUBLIC_URL=https://pay.example.com -e PAY_BASE_URL=... -e PAY_CLIENT_ID=... \
#     -e PAY_CLIENT_SECRET=... -e MERCHANT_API_KEY=... -v pay-data:/data pay-checkout
# The demo (the sandbox and the demo pages, published on purpose):
#   docker run -p 8787:8787 -e PAY_MODE=embedded -e SANDBOX_PUBLIC=1 -e PUBLIC_URL=http://localhost:8787 pay-checkout
# Configuration is the environment (README, "Configuration"); DATABASE_URL switches SQLite for PostgreSQL.

# Node 22 (LTS until 2027-04-30), not yet 24: better-sqlite3 12 built against Node >= 24.19's headers
# aborts when the garbage collector frees a statement (nodejs/node#65446). CI runs the server suite on
# Node 24 with the addon built against 24.18.1's headers; move here with better-sqlite3 13 (Node-API).
ARG NODE_IMAGE=node:22-bookworm-slim

# --- build: dependencies (better-sqlite3 compiles its addon when no prebuilt binary fits), then the
# widget, the package's declarations, the custom-elements manifest and the demo apps (`npm run build`).
FROM ${NODE_IMAGE} AS build
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The manifests first, so a change of source does not reinstall the dependencies.
COPY package.json package-lock.json ./
COPY widget/package.json widget/
COPY server/package.json server/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime: same base image (the native addon was built against its glibc), no compilers.
FROM ${NODE_IMAGE} AS runtime
# Remote mode: a container listens on every interface, where the sandbox (which can force any payment to
# success) must not be served by default.
ENV NODE_ENV=production \
    PAY_MODE=remote \
    HOST=0.0.0.0 \
    PORT=8787 \
    DATA_DIR=/data
WORKDIR /app
# The build bundled our server code into server/dist/main.js; its packages stay external, in node_modules.
# Files stay owned by root: the app cannot rewrite itself; only /data (the SQLite file) is writable.
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8787
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8787) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1 and handles SIGTERM itself (graceful shutdown in server/main.ts).
# The flags of server/node-flags.ts (why the semi-space size and the heap growing factor: see there).
CMD ["node", "--enable-source-maps", "--max-semi-space-size=4", "--heap-growing-percent=50", "server/dist/main.js"]
