# syntax=docker/dockerfile:1
# Fanmint: one image for the api (default command), the worker and the migrations.
#   docker build -t fanmint .
#   api:     docker run fanmint
#   worker:  docker run fanmint node dist/apps/worker/src/main.js
#   migrate: docker run fanmint node dist/apps/api/src/migrate.js        (--wait: block until applied)
# Settings come from the environment (README, "Configuration" and "Deploying"): DATABASE_URL,
# SMTP_URL, JWT_SECRET (required), REDIS_URL, PORT, PUBLIC_URL, S3_*, …
# Runs as uid 1000 with a read-only root filesystem: it writes only to /tmp (scratch for media
# processing and upload parts) and, without S3_BUCKET, to STORAGE_DIR (mount a volume there).

# ---------------------------------------------------------------- build
FROM node:24-slim AS build
WORKDIR /app
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false

# Dependencies first, for the layer cache. `npm install`, not `npm ci`: some
# registry mirrors lack other platforms' optional packages.
COPY package.json package-lock.json ./
RUN npm install

COPY . .
RUN npm run build \
 && test -f dist/apps/api/src/main.js \
 && test -f dist/apps/api/src/migrate.js \
 && test -f dist/apps/worker/src/main.js \
 && test -f frontend/dist/index.html

# Runtime dependencies only.
RUN npm prune --omit=dev && npm cache clean --force

# ---------------------------------------------------------------- runtime
FROM node:24-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    WEB_DIST=/app/frontend/dist \
    STORAGE_DIR=/data/storage \
    TMPDIR=/tmp

# Owned by root and read-only to the app: a compromised process cannot rewrite its own code.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/frontend/dist ./frontend/dist
RUN mkdir -p /data/storage && chown 1000:1000 /data/storage && chmod 0700 /data/storage

# Numeric, so Kubernetes' runAsNonRoot can check it (the image's `node` user is 1000).
USER 1000:1000
# 3000: the app (api); 9464: Prometheus metrics (METRICS_PORT), never published to the internet.
EXPOSE 3000 9464
# Node is PID 1 and handles SIGTERM itself (finishes in-flight work, then exits).
STOPSIGNAL SIGTERM
CMD ["node", "dist/apps/api/src/main.js"]
