# The sysbench-ts image: `sysbench` (sysbench 1.0's command line) and `sysbench-ts` (merge, plot,
# study, server) on the PATH, run as an unprivileged user. deploy/kubernetes/ runs it
# (docs/scale-out.md says how to build and push it):
#
#   docker build -t sysbench-ts:latest .        (or: podman build / buildah bud, the same way)
#
# The image holds the package users install: the build stage makes it as `npm pack` does
# (`npm ci` builds bundle/, with every runtime dependency inside it) and installs that tarball
# into /opt/sysbench-ts; the runtime stage takes only that install, onto a plain Node 20 image.
#
# BASE is any Node 20 image laid out as the official ones (node and npm on the PATH, a user 1000
# with a home folder): `--build-arg BASE=...` builds from a local one where no registry answers
# (scripts/test-image.mjs makes one from Debian's packages).
#
# Behind a proxy that re-signs TLS, npm in the build stage needs that proxy's CA certificates:
# pass them as the build secret npm_ca, e.g. `--secret id=npm_ca,src=/etc/ssl/certs/ca-certificates.crt`
# (docker, podman and buildah). The file is only mounted while `npm ci` runs; the image never
# holds it.
ARG BASE=node:20-bookworm-slim

FROM ${BASE} AS build
WORKDIR /src
# what `npm ci` (patch-package, tsc, scripts/bundle.mjs) and `npm pack` read
COPY package.json package-lock.json tsconfig.json README.md LICENSE ./
COPY patches ./patches
COPY packages ./packages
COPY scripts ./scripts
COPY src ./src
COPY bin ./bin
COPY lua ./lua
RUN --mount=type=secret,id=npm_ca \
    if [ -s /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi \
    && npm ci --no-audit --no-fund \
    && npm pack --pack-destination /tmp \
    && npm install --global --offline --no-audit --no-fund --prefix /opt/sysbench-ts /tmp/sysbench-ts-*.tgz

FROM ${BASE}
COPY --from=build /opt/sysbench-ts /opt/sysbench-ts
ENV PATH=/opt/sysbench-ts/bin:$PATH
# the base's unprivileged user (`node` in the official images), by number so that Kubernetes'
# runAsNonRoot can check it; its home folder keeps sysbench-ts's compiled-code cache
USER 1000:1000
WORKDIR /tmp
# commands run as given (`docker run IMAGE sysbench ...`), not through the base's entrypoint
ENTRYPOINT []
CMD ["sysbench", "--help"]
