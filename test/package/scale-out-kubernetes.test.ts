// deploy/kubernetes (issue 17), simulated: this machine has no cluster, so the test reads the
// manifests, runs each container's command as a local process with the environment Kubernetes
// would give it (ConfigMap and Secret variables, JOB_COMPLETION_INDEX for each index of the
// Indexed Job, the reports volume as a local folder), then the merge Job's command, and checks
// the merged report against the shards' own. What runs here is what the manifests say.
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BIN, ROOT, SOCKET, createDatabase, dropDatabase, type RunResult } from '../helpers/sysbench.js';
import { COMPANION, readJson, runAsync, tempDir } from '../helpers/companion.js';

const DB = 'sbtest_scale_out_k8s';
const K8S = join(ROOT, 'deploy', 'kubernetes');
const DIR = tempDir('k8s');
const REPORTS = join(DIR, 'reports');
const PATH_DIR = join(DIR, 'bin');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const manifest = (file: string): any => parse(readFileSync(join(K8S, file), 'utf8'));
const job = manifest('job.yaml');
const prepareJob = manifest('prepare-job.yaml');
const mergeJob = manifest('merge-job.yaml');
const configMap = manifest('configmap.yaml');
const container = (j: typeof job) => j.spec.template.spec.containers[0];
const envValue = (c: { env?: { name: string; value: string }[] }, name: string): string | undefined => c.env?.find((e) => e.name === name)?.value;

/**
 * The workload of the ConfigMap at test scale: the same script and options, shorter, one thread
 * per shard and small tables; the connection points at the local server.
 */
function configMapEnv(): Record<string, string> {
  const d = configMap.data as Record<string, string>;
  const options = d.SYSBENCH_OPTIONS!
    .replace(/--time=\d+/, '--time=3').replace(/--threads=\d+/, '--threads=1').replace(/--table-size=\d+/, '--table-size=500');
  return {
    ...d,
    SYSBENCH_OPTIONS: options,
    SYSBENCH_CONNECTION: `--db-driver=mysql --mysql-socket=${SOCKET} --mysql-db=${DB}`,
  };
}
const SECRET = { MYSQL_USER: 'root', MYSQL_PASSWORD: '' };

/** Runs a container's command with what Kubernetes puts in its environment. */
function runContainer(c: ReturnType<typeof container>, env: Record<string, string>): Promise<RunResult> {
  const vars: Record<string, string> = { PATH: `${PATH_DIR}:${process.env.PATH}` };
  for (const from of c.envFrom ?? []) {
    if (from.configMapRef) {
      expect(from.configMapRef.name).toBe(configMap.metadata.name);
      Object.assign(vars, configMapEnv());
    }
    if (from.secretRef) Object.assign(vars, SECRET);
  }
  for (const e of c.env ?? []) vars[e.name] = e.value;
  // the reports volume: its mount path, here a local folder
  const mount = c.volumeMounts?.find((m: { name: string }) => m.name === 'reports');
  if (mount) {
    expect(vars.REPORTS_DIR).toBe(mount.mountPath);
    vars.REPORTS_DIR = REPORTS;
  }
  return runAsync([...c.command, ...c.args], { ...vars, ...env });
}

let shards: RunResult[] = [];
let merge: RunResult;
let count = 0;

beforeAll(async () => {
  mkdirSync(REPORTS, { recursive: true });
  mkdirSync(PATH_DIR, { recursive: true });
  // the image's bin folder on the PATH (see the Dockerfile)
  symlinkSync(BIN, join(PATH_DIR, 'sysbench'));
  symlinkSync(COMPANION, join(PATH_DIR, 'sysbench-ts'));
  createDatabase(DB);
  const prep = await runContainer(container(prepareJob), {});
  expect(prep.code, prep.stdout + prep.stderr).toBe(0);
  count = job.spec.completions;
  // run.sh: START_AT = now + a lead time (enough for every process to connect on a loaded machine)
  const startAt = String(Math.ceil(Date.now() / 1000) + 20);
  shards = await Promise.all(Array.from({ length: count }, (_, i) =>
    runContainer(container(job), { START_AT: startAt, JOB_COMPLETION_INDEX: String(i), HOSTNAME: `${job.metadata.name}-${i}-x7k2p` })));
  merge = await runContainer(container(mergeJob), {});
}, 180_000);
afterAll(() => dropDatabase(DB));

describe('deploy/kubernetes, simulated', () => {
  it('is an Indexed Job whose shard count matches its parallelism', () => {
    expect(job.kind).toBe('Job');
    expect(job.spec.completionMode).toBe('Indexed');
    expect(job.spec.parallelism).toBe(job.spec.completions);
    expect(envValue(container(job), 'SHARDS')).toBe(String(job.spec.completions));
    expect(container(job).args.join(' ')).toMatch(/--shard="\$JOB_COMPLETION_INDEX\/\$SHARDS"/);
    expect(job.spec.template.spec.volumes[0].persistentVolumeClaim.claimName).toBe(manifest('pvc.yaml').metadata.name);
  });

  it('every shard runs its part and writes its report', () => {
    for (const [i, r] of shards.entries()) {
      expect(r.code, r.stdout.slice(-1500) + r.stderr).toBe(0);
      expect(r.stdout).toContain(`sysbench-ts: shard ${i}/${count} (thread ids ${i}..${i} of ${count})`);
      const doc = readJson(join(REPORTS, `shard-${i}.json`));
      expect(doc.shard).toEqual({ index: i, count });
      expect(doc.intervals.length).toBeGreaterThanOrEqual(2);
    }
    const starts = shards.map((_, i) => readJson(join(REPORTS, `shard-${i}.json`)).time.start_unix_ms);
    expect(Math.max(...starts) - Math.min(...starts)).toBeLessThan(100);
  });

  it('the merge step gives one report of all shards', () => {
    expect(merge.code, merge.stderr).toBe(0);
    const docs = shards.map((_, i) => readJson(join(REPORTS, `shard-${i}.json`)));
    const merged = readJson(join(REPORTS, 'merged.json'));
    for (const k of ['events', 'queries', 'reads', 'other', 'ignored_errors']) {
      expect(merged.counters[k], k).toBe(docs.reduce((s, d) => s + d.counters[k], 0));
    }
    expect(merged.options.threads).toBe(count);
    expect(merged.merged_from.map((m: { shard: { index: number } }) => m.shard.index)).toEqual([...Array(count).keys()]);
    expect(merged.threads_fairness.events_per_thread).toEqual(docs.flatMap((d) => d.threads_fairness.events_per_thread));
    // the text report in the merge pod's log
    expect(Number(/total number of events:\s+(\d+)/.exec(merge.stdout)?.[1])).toBe(merged.counters.events);
    expect(merge.stdout).toMatch(new RegExp(`^\\[ 1s \\] thds: ${count} tps: `, 'm'));
    // and its chart
    const svg = readFileSync(join(REPORTS, 'run.svg'), 'utf8');
    for (const label of [...Array(count).keys()].map((i) => `shard ${i}/${count}`).concat('total (merged)')) expect(svg).toContain(label);
  });
});
