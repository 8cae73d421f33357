# The Dugout server as a container image. `docker compose up` (docker-compose.yml) runs it
# with Postgres; on its own it keeps its SQLite file in the /var/lib/dugout volume.
#
#   docker build -t dugout-server .
#   docker run -p 8080:8080 -e DATABASE_URL=postgres://user:password@host:5432/db dugout-server

# ---- build ------------------------------------------------------------------------------
# The toolchain the workspace is tested with (the server needs Rust 1.94 or newer).
FROM rust:1.95-slim-bookworm AS build
WORKDIR /src
COPY . .
# --locked: exactly the dependency versions in Cargo.lock.
RUN cargo build --release --locked -p dugout-server \
    && cp target/release/dugout-server /usr/local/bin/dugout-server \
    && strip /usr/local/bin/dugout-server

# ---- run --------------------------------------------------------------------------------
# Same Debian release as the build stage (glibc). SQLite is compiled into the binary and
# Postgres is spoken natively (no libpq), so the image needs nothing else but curl for the
# health check.
FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends curl ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /var/lib/dugout dugout \
    && mkdir -p /var/lib/dugout \
    && chown dugout /var/lib/dugout
COPY --from=build /usr/local/bin/dugout-server /usr/local/bin/dugout-server
USER dugout
WORKDIR /var/lib/dugout
VOLUME /var/lib/dugout
ENV DUGOUT_LISTEN=0.0.0.0:8080 \
    DUGOUT_DATA_DIR=/var/lib/dugout
EXPOSE 8080
# (Serving TLS itself, with DUGOUT_TLS_CERT and DUGOUT_TLS_KEY, the port speaks only https:
# override the check, as docker-compose.yml shows, with curl -fsSk https://127.0.0.1:8080/health.)
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=5 \
    CMD curl -fsS http://127.0.0.1:8080/health || exit 1
# SIGTERM (docker stop) shuts down gracefully: sockets get a close frame, rooms stop after
# the request in hand (everything they published is stored); a restart restores them.
STOPSIGNAL SIGTERM
ENTRYPOINT ["dugout-server"]
