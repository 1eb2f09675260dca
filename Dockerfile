# syntax=docker/dockerfile:1
# The acctl server image. Build stage: npm ci and pack the server workspace into the tarball a release
# ships (acctl-server-<version>.tgz); runtime: that tarball installed on Node.js, run as the non-root
# user acctl (uid 10001). docs/install.md shows how to run it; compose.yaml runs it with PostgreSQL 15.
#
# With DATABASE_URL (and ACCTL_KEY_ENCRYPTION_KEY) it uses that PostgreSQL; without, it starts an
# embedded PostgreSQL whose data and generated key live in the volume /var/lib/acctl (one server only).
#
# The base image is pinned to Node.js 20 (the oldest Node.js acctl supports) on Debian 12; pin its
# digest too (node:20-bookworm-slim@sha256:...) where a bot keeps it current.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
WORKDIR /src
COPY . .
# npm ci builds through the prepare script, as in CI; then the server workspace is packed as a
# release packs it. Nothing of this stage but the tarball reaches the image.
RUN --mount=type=cache,target=/root/.npm \
    npm ci \
 && npm pack --workspace server --pack-destination /packages \
 && mv /packages/acctl-server-*.tgz /packages/acctl-server.tgz

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false \
    ACCTL_HOST=0.0.0.0 \
    PORT=8080 \
    ACCTL_DATA_DIR=/var/lib/acctl
RUN groupadd --system --gid 10001 acctl \
 && useradd --system --uid 10001 --gid acctl --home-dir /var/lib/acctl --no-create-home --shell /usr/sbin/nologin acctl \
 && install -d -o acctl -g acctl -m 0750 /var/lib/acctl
# Installed as root into /usr/local (not writable by acctl); the package's install scripts run
# here (the embedded PostgreSQL binaries).
RUN --mount=type=bind,from=build,source=/packages,target=/packages \
    npm install --global /packages/acctl-server.tgz \
 && npm cache clean --force
USER acctl:acctl
WORKDIR /var/lib/acctl
VOLUME ["/var/lib/acctl"]
EXPOSE 8080
# Liveness with Node's own fetch (slim images have no curl): /v1/health answers while the process is up.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/v1/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# acctl-server is the server package's executable: `acctl-server start` is the CLI's `acctl server
# start`, its options from the environment. Exec form: no shell between the runtime and node, which
# gets SIGTERM for a clean shutdown (with --init, through the init process).
CMD ["acctl-server", "start"]
