#!/bin/sh
# One sharded run on the current kubectl context: prepare, the shards (starting together at
# now + LEAD seconds), the merge. The merged report is printed at the end; the files stay on
# the sysbench-reports volume (shard-*.json, merged.json, run.svg).
#   LEAD   seconds between submitting the shards and their common start (default 60: enough
#          for scheduling and pulling the image; a pod not ready by then fails)
#   SKIP_PREPARE=1  the tables are already there
set -eu
cd "$(dirname "$0")"
LEAD=${LEAD:-60}
kubectl apply -f pvc.yaml -f configmap.yaml
kubectl delete job sysbench-prepare sysbench-shards sysbench-merge --ignore-not-found
if [ "${SKIP_PREPARE:-0}" != 1 ]; then
  kubectl apply -f prepare-job.yaml
  kubectl wait --for=condition=complete --timeout=1h job/sysbench-prepare
fi
START_AT=$(( $(date +%s) + LEAD ))
kubectl patch configmap sysbench-workload --type merge -p "{\"data\":{\"START_AT\":\"$START_AT\"}}"
kubectl apply -f job.yaml
kubectl wait --for=condition=complete --timeout=24h job/sysbench-shards
kubectl apply -f merge-job.yaml
kubectl wait --for=condition=complete --timeout=10m job/sysbench-merge
kubectl logs job/sysbench-merge
