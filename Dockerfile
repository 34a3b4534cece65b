# The sysbench-ts image: `sysbench` (sysbench 1.0's command line) and `sysbench-ts` (merge, plot,
# study, server), with our bundled workloads (lua/workloads) in place of /usr/share/sysbench.
# Used by deploy/kubernetes/ (docs/scale-out.md):  docker build -t sysbench-ts:latest .
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.json ./
COPY patches ./patches
COPY src ./src
# npm ci applies the fengari patches (postinstall) and compiles src/ to dist/ (prepare)
RUN npm ci && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY bin ./bin
COPY lua ./lua
COPY scripts ./scripts
RUN ln -s /app/bin/sysbench /usr/local/bin/sysbench && ln -s /app/bin/sysbench-ts /usr/local/bin/sysbench-ts
USER node
WORKDIR /home/node
ENTRYPOINT []
CMD ["sysbench", "--help"]
