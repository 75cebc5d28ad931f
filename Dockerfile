# syntax=docker/dockerfile:1
# Fanmint: one image for the api (default command), the worker and the migrations.
#   docker build -t fanmint .
#   api:     docker run fanmint
#   worker:  docker run fanmint node dist/apps/worker/src/main.js
#   migrate: docker run fanmint node dist/apps/api/src/migrate.js
# Settings come from the environment: DATABASE_URL, SMTP_URL, JWT_SECRET (required),
# REDIS_URL, PORT, PUBLIC_URL, LAUNCH_PHASE, LOG_LEVEL, MAIL_FROM, S3_*.

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
 && test -f dist/apps/worker/src/main.js \
 && test -f frontend/dist/index.html

# Runtime dependencies only.
RUN npm prune --omit=dev

# ---------------------------------------------------------------- runtime
FROM node:24-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    WEB_DIST=/app/frontend/dist

# package.json carries "type": "module" and the "#app/*" import map into dist/.
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/frontend/dist ./frontend/dist

USER node
EXPOSE 3000
# Node is PID 1 and handles SIGTERM itself (finishes in-flight work, then exits).
STOPSIGNAL SIGTERM
CMD ["node", "dist/apps/api/src/main.js"]
