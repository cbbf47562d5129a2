# StoryNest in a container. The build stage runs the npm scripts the tests run (npm ci, then
# npm run build: the PWA into dist/, the server into dist-server/); the runtime stage installs the
# runtime dependencies only and starts the built tree as an unprivileged user, in production mode.
# `npm run lint` lints this file (dockerfilelint); no image is built by the test suite.
ARG NODE_VERSION=20.19

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=8080 DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
COPY scripts/start.mjs scripts/build-state.mjs ./scripts/
# DATA_DIR: the secret key file in development and PGlite's folder with ALLOW_PGLITE=1; unused
# with DATABASE_URL and SECRET_KEY (the compose file's setup).
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The start script's own command (package.json "start"), not `npm start`: npm does not pass
# SIGTERM on to the server, so `docker stop` would cut running requests instead of draining them.
CMD ["node", "--max-semi-space-size=8", "scripts/start.mjs"]
