# Build stage: dependencies are compiled in their own layer so that code changes rebuild only damas.
FROM rust:1.95-bookworm AS build
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
RUN mkdir -p src benches && echo 'fn main() {}' > src/main.rs && echo '' > src/lib.rs \
    && for b in $(sed -n 's/^name = "\(.*\)"$/\1/p' Cargo.toml | tail -n +2); do echo 'fn main() {}' > "benches/$b.rs"; done \
    && cargo build --release --locked || true
COPY . .
RUN touch src/main.rs src/lib.rs && cargo build --release --locked --bin damas

# Runtime stage: a small image with the binary, templates and configuration, run as a non-root user.
FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates curl && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home /app damas
WORKDIR /app
COPY --from=build /src/target/release/damas /usr/local/bin/damas
COPY templates ./templates
COPY config ./config
USER damas
ENV DAMAS_HTTP_BIND=0.0.0.0:8080
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s CMD curl -fsS http://127.0.0.1:8080/healthz || exit 1
ENTRYPOINT ["damas"]
CMD ["serve"]
