#!/usr/bin/env node
// The container image test (`npm run test:image`, run by .ci/run): builds the image from the
// repository's own Dockerfile, then runs inside it what users and deploy/kubernetes/ run:
//   - who it runs as (not root), `sysbench` and `sysbench-ts` on the PATH, `sysbench --version`,
//     the built-in cpu test;
//   - oltp_point_select prepare / run / cleanup against this machine's MariaDB on 127.0.0.1:3306;
//   - the Kubernetes Jobs' own command lines, read from deploy/kubernetes/*.yaml with the
//     environment Kubernetes gives them (ConfigMap, Secret, the Job's env): the prepare Job, shard
//     0 of 2 of the shards Job, the merge Job (a host folder mounted at the reports volume's path).
//
// Engine: docker when its daemon answers, else buildah as root (vfs storage, chroot isolation,
// which shares this machine's network: 127.0.0.1 in the image is this machine's). Neither: one
// line says the test is skipped, and it exits 0.
//
// Base: the Dockerfile's default BASE when a registry answers (pulled first). Else a local base
// is made from Debian's packages (debootstrap --variant=minbase bookworm) and this machine's
// Node 20 and npm, laid out as the official node image (node and npm in /usr/local, user node
// 1000:1000), and the image is built with --build-arg BASE=<it>.
//
// Cache: $SYSBENCH_TS_IMAGE_CACHE, default ~/.cache/sysbench-ts-image: the debootstrapped root
// file system and, with buildah, its image storage, where the local base stays between runs
// (remove the folder to start cold). The image under test is removed at the end.
//
// Environment: SYSBENCH_TS_IMAGE_BASE=<image> builds from that base (no pull, no local base);
// SYSBENCH_TS_DEBIAN_MIRROR is the mirror debootstrap uses (its default otherwise); MYSQL_SOCKET
// is where root reaches MariaDB to make the test's database and user (default
// /run/mysqld/mysqld.sock). The database sbtest_image and its user sbtest_image@127.0.0.1 are
// made for the test and dropped after it.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const CACHE = process.env.SYSBENCH_TS_IMAGE_CACHE || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'sysbench-ts-image');
const IMAGE = 'localhost/sysbench-ts:image-test';
const SOCKET = process.env.MYSQL_SOCKET || '/run/mysqld/mysqld.sock';
const DB = 'sbtest_image';
const DB_USER = 'sbtest_image';
const DB_PASSWORD = randomBytes(12).toString('hex');
const MINUTE = 60_000;
// what the official node images have on their PATH
const BASE_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

const say = (msg) => console.log(`test-image: ${msg}`);
class Failure extends Error {}
const fail = (msg) => { throw new Failure(msg); };
const seconds = (t0) => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

/** Runs a program; never throws. */
function run(cmd, args, { env = process.env, timeout = 10 * MINUTE } = {}) {
  const r = spawnSync(cmd, args, { env, timeout, encoding: 'utf8', maxBuffer: 256 << 20, stdio: ['ignore', 'pipe', 'pipe'] });
  const timedOut = r.error?.code === 'ETIMEDOUT';
  return {
    code: r.status ?? -1,
    stdout: r.stdout ?? '',
    stderr: (r.stderr ?? '') + (r.error ? `\n${cmd}: ${timedOut ? `timed out after ${timeout / 1000} s` : r.error.message}` : ''),
  };
}
const tail = (text, n = 40) => text.trimEnd().split('\n').slice(-n).join('\n');
/** Runs a program that must succeed; on failure, what it printed is part of the message. */
function must(what, cmd, args, opts) {
  const r = run(cmd, args, opts);
  if (r.code !== 0) fail(`${what} failed (exit ${r.code}):\n${tail(r.stdout + r.stderr)}`);
  return r;
}
const onPath = (cmd) => run('sh', ['-c', `command -v ${cmd}`]).code === 0;

// ---- the engines ---------------------------------------------------------------------------------

function docker() {
  const d = (args, opts) => run('docker', args, opts);
  return {
    name: 'docker',
    works: () => onPath('docker') && d(['info'], { timeout: MINUTE }).code === 0,
    hasImage: (ref) => d(['image', 'inspect', ref]).code === 0,
    pull: (ref) => d(['pull', '--quiet', ref], { timeout: 5 * MINUTE }),
    importRootfs: (tar, ref) => must('docker import', 'docker', ['import', '--change', `ENV PATH=${BASE_PATH}`, '--change', 'CMD ["node"]', tar, ref]),
    build: (args) => d(['build', ...args], { env: { ...process.env, DOCKER_BUILDKIT: '1' }, timeout: 30 * MINUTE }),
    size: (ref) => Number(must('docker image inspect', 'docker', ['image', 'inspect', '--format', '{{.Size}}', ref]).stdout.trim()),
    exec: (argv, { env = {}, volumes = [] } = {}) => d(['run', '--rm', '--network', 'host',
      ...volumes.flatMap((v) => ['--volume', v]), ...Object.entries(env).flatMap(([k, v]) => ['--env', `${k}=${v}`]), IMAGE, ...argv], { timeout: 5 * MINUTE }),
    done: () => { d(['image', 'rm', IMAGE]); },
  };
}

function buildah() {
  // its own storage in the cache folder: nothing of the machine's other images is touched
  const env = { ...process.env, STORAGE_DRIVER: 'vfs', BUILDAH_ISOLATION: 'chroot' };
  const storage = ['--root', join(CACHE, 'storage'), '--runroot', join(CACHE, 'run')];
  const b = (args, opts = {}) => run('buildah', [...storage, ...args], { env, ...opts });
  const bMust = (args) => must(`buildah ${args[0]}`, 'buildah', [...storage, ...args], { env });
  const ctr = 'sysbench-ts-image-test';
  let container = false;
  const layerBytes = (ref) => {
    const r = b(['inspect', '--type', 'image', '--format', '{{.Manifest}}', ref]);
    if (r.code !== 0) fail(`buildah inspect ${ref} failed:\n${tail(r.stderr)}`);
    return JSON.parse(r.stdout).layers.reduce((s, l) => s + l.size, 0);
  };
  return {
    name: 'buildah',
    // as root only: rootless buildah needs subordinate ids, and the local base needs root anyway
    works: () => process.getuid?.() === 0 && onPath('buildah') && b(['info'], { timeout: MINUTE }).code === 0,
    hasImage: (ref) => b(['inspect', '--type', 'image', ref]).code === 0,
    pull: (ref) => b(['pull', '--quiet', ref], { timeout: 5 * MINUTE }),
    importRootfs: (tar, ref) => {
      const c = bMust(['from', 'scratch']).stdout.trim();
      try {
        bMust(['add', c, tar, '/']);
        bMust(['config', '--env', `PATH=${BASE_PATH}`, '--cmd', 'node', c]);
        bMust(['commit', '--quiet', c, ref]);
      } finally {
        b(['rm', c]);
      }
    },
    // --pull=never: the base was pulled or made just before
    build: (args) => b(['bud', '--pull=never', ...args], { timeout: 30 * MINUTE }),
    size: layerBytes,
    exec: (argv, { env: vars = {}, volumes = [] } = {}) => {
      if (!container) {
        b(['rm', ctr]);
        bMust(['from', '--pull=never', '--name', ctr, IMAGE]);
        container = true;
      }
      return b(['run', ...volumes.flatMap((v) => ['--volume', v]), ...Object.entries(vars).flatMap(([k, v]) => ['--env', `${k}=${v}`]), ctr, '--', ...argv],
        { timeout: 5 * MINUTE });
    },
    done: () => {
      if (container) b(['rm', ctr]);
      b(['rmi', IMAGE]);
      b(['rmi', '--prune']);
    },
  };
}

// ---- the base ------------------------------------------------------------------------------------

/** The Dockerfile's default base (ARG BASE=...). */
function dockerfileBase() {
  const m = /^ARG BASE=(\S+)\s*$/m.exec(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
  if (!m) fail('the Dockerfile has no `ARG BASE=<image>` line');
  return m[1];
}

/** Where npm is installed on this machine (the folder of its package.json). */
function npmDir() {
  const r = run('sh', ['-c', 'command -v npm']);
  if (r.code !== 0) fail('npm is not on the PATH');
  let dir = dirname(realpathSync(r.stdout.trim()));
  while (!existsSync(join(dir, 'package.json')) && dir !== '/') dir = dirname(dir);
  if (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name !== 'npm') fail(`cannot find npm's folder from ${r.stdout.trim()}`);
  return dir;
}

/** Debian bookworm, minbase, without apt's package cache and lists, documentation and locales. */
function debianRootfs() {
  const dir = join(CACHE, 'debian-bookworm-minbase');
  if (existsSync(dir)) return dir;
  if (!onPath('debootstrap')) fail('debootstrap is not installed (Debian: apt-get install debootstrap)');
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const t0 = Date.now();
  const mirror = process.env.SYSBENCH_TS_DEBIAN_MIRROR;
  must('debootstrap', 'debootstrap', ['--variant=minbase', 'bookworm', partial, ...(mirror ? [mirror] : [])], { timeout: 20 * MINUTE });
  const empty = (d) => { for (const f of readdirSync(join(partial, d))) rmSync(join(partial, d, f), { recursive: true, force: true }); };
  for (const d of ['var/cache/apt', 'var/lib/apt/lists', 'usr/share/doc', 'usr/share/man', 'usr/share/info', 'usr/share/locale']) empty(d);
  renameSync(partial, dir);
  say(`debootstrap --variant=minbase bookworm: ${seconds(t0)}`);
  return dir;
}

/** A Node 20 base made here, in the engine's image store (made once, then found there). */
function localBase(engine) {
  const version = process.versions.node;
  if (!version.startsWith('20.')) fail(`the local base takes this machine's Node, which is ${version}, not 20; set SYSBENCH_TS_IMAGE_BASE to a Node 20 image`);
  const ref = `localhost/sysbench-ts-base:bookworm-node${version}`;
  if (engine.hasImage(ref)) {
    say(`base: ${ref} (made before)`);
    return ref;
  }
  if (process.getuid?.() !== 0) fail('making the local base needs root (debootstrap, chroot)');
  const rootfs = debianRootfs();
  const t0 = Date.now();
  const stage = mkdtempSync(join(CACHE, 'base-'));
  try {
    const fs = join(stage, 'rootfs');
    must('copying the root file system', 'cp', ['-a', `${rootfs}/.`, `${fs}/`]);
    // as in the official node images: node, npm and npx in /usr/local, the user node (1000:1000)
    mkdirSync(join(fs, 'usr/local/bin'), { recursive: true });
    mkdirSync(join(fs, 'usr/local/lib/node_modules'), { recursive: true });
    copyFileSync(process.execPath, join(fs, 'usr/local/bin/node'));
    chmodSync(join(fs, 'usr/local/bin/node'), 0o755);
    must('copying npm', 'cp', ['-a', npmDir(), join(fs, 'usr/local/lib/node_modules/npm')]);
    symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', join(fs, 'usr/local/bin/npm'));
    symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', join(fs, 'usr/local/bin/npx'));
    const inRoot = (what, script) => must(what, 'chroot', [fs, '/usr/bin/env', '-i', `PATH=${BASE_PATH}`, 'HOME=/root', '/bin/sh', '-c', script]);
    inRoot('adding the user node', 'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node');
    const versions = inRoot('node and npm in the local base', 'node --version && npm --version').stdout.trim().split('\n');
    must('packing the local base', 'tar', ['-C', fs, '-cf', join(stage, 'rootfs.tar'), '.']);
    engine.importRootfs(join(stage, 'rootfs.tar'), ref);
    say(`base: ${ref} made (Debian bookworm minbase, node ${versions[0]}, npm ${versions[1]}): ${seconds(t0)}`);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
  return ref;
}

/** The base to build on, and whether it is the Dockerfile's own. */
function chooseBase(engine) {
  if (process.env.SYSBENCH_TS_IMAGE_BASE) {
    const ref = process.env.SYSBENCH_TS_IMAGE_BASE;
    say(`base: ${ref} (SYSBENCH_TS_IMAGE_BASE)`);
    return { ref, own: false };
  }
  const official = dockerfileBase();
  const t0 = Date.now();
  const pulled = engine.pull(official);
  if (pulled.code === 0) {
    say(`base: ${official}, pulled (${seconds(t0)})`);
    return { ref: official, own: true };
  }
  say(`no registry answers for ${official}: a local base instead (${pulled.stderr.trim().split('\n').pop()})`);
  return { ref: localBase(engine), own: false };
}

/** The CA certificates npm needs in the build stage where TLS to the registry is re-signed. */
function npmCa() {
  const candidates = [process.env.NODE_EXTRA_CA_CERTS, run('npm', ['config', 'get', 'cafile']).stdout.trim()];
  return candidates.find((f) => f && f !== 'null' && f !== 'undefined' && existsSync(f)) ?? null;
}

// ---- the database --------------------------------------------------------------------------------

const sql = (statements) => must(`mariadb (as root on ${SOCKET})`, 'mariadb', ['-uroot', `--socket=${SOCKET}`, '-N', '-e', statements]).stdout;
function makeDatabase() {
  sql(`DROP DATABASE IF EXISTS ${DB}; DROP USER IF EXISTS '${DB_USER}'@'127.0.0.1';
    CREATE DATABASE ${DB}; CREATE USER '${DB_USER}'@'127.0.0.1' IDENTIFIED BY '${DB_PASSWORD}';
    GRANT ALL ON ${DB}.* TO '${DB_USER}'@'127.0.0.1'`);
  // the server must take that account over TCP before the image is blamed for anything
  must(`mariadb as ${DB_USER} on 127.0.0.1:3306 (from this machine)`, 'mariadb', ['-h127.0.0.1', '-P3306', `-u${DB_USER}`, `-p${DB_PASSWORD}`, DB, '-e', 'select 1']);
}
function dropDatabase() {
  run('mariadb', ['-uroot', `--socket=${SOCKET}`, '-e', `DROP DATABASE IF EXISTS ${DB}; DROP USER IF EXISTS '${DB_USER}'@'127.0.0.1'`]);
}

// ---- the checks ----------------------------------------------------------------------------------

let checks = 0;
/** Runs argv in the image; it must exit 0 and print what `expect` matches (its lines are shown). */
function check(engine, title, argv, { expect = [], env, volumes } = {}) {
  const t0 = Date.now();
  const r = engine.exec(argv, { env, volumes });
  const out = r.stdout + r.stderr;
  if (r.code !== 0) fail(`${title}: exit ${r.code}\n${tail(out)}`);
  const shown = [];
  for (const re of expect) {
    const m = re.exec(out);
    if (!m) fail(`${title}: nothing matches ${re}\n${tail(out)}`);
    shown.push(m[0].trim());
  }
  checks++;
  say(`ok ${title} (${seconds(t0)})${shown.length ? `: ${shown.join(' | ')}` : ''}`);
  return r;
}

function kubernetesJobs(engine, reports) {
  const k8s = (file) => parse(readFileSync(join(ROOT, 'deploy/kubernetes', file), 'utf8'));
  const configMap = k8s('configmap.yaml');
  const secretKeys = Object.keys(k8s('secret.example.yaml').stringData ?? {}).sort();
  if (secretKeys.join() !== 'MYSQL_PASSWORD,MYSQL_USER') fail(`secret.example.yaml has ${secretKeys.join(', ')}, the test gives MYSQL_USER and MYSQL_PASSWORD`);
  const threads = 2;
  // the ConfigMap's workload at test scale, pointed at this machine's server (as one would edit it)
  const edit = (text, re, to, what) => {
    if (!re.test(text)) fail(`configmap.yaml: ${what} has no ${re}`);
    return text.replace(re, to);
  };
  const d = configMap.data;
  let options = edit(d.SYSBENCH_OPTIONS, /--time=\d+/, '--time=3', 'SYSBENCH_OPTIONS');
  options = edit(options, /--threads=\d+/, `--threads=${threads}`, 'SYSBENCH_OPTIONS');
  options = edit(options, /--table-size=\d+/, '--table-size=1000', 'SYSBENCH_OPTIONS');
  let connection = edit(d.SYSBENCH_CONNECTION, /--mysql-host=\S+/, '--mysql-host=127.0.0.1', 'SYSBENCH_CONNECTION');
  connection = edit(connection, /--mysql-db=\S+/, `--mysql-db=${DB}`, 'SYSBENCH_CONNECTION');
  const workload = { ...d, SYSBENCH_OPTIONS: options, SYSBENCH_CONNECTION: connection };

  /** A Job's one container: its command line, and the environment and volume Kubernetes gives it. */
  const pod = (file, extra = {}) => {
    const job = k8s(file);
    const [c, ...more] = job.spec.template.spec.containers;
    if (more.length) fail(`${file}: one container expected`);
    if (!/(^|\/)sysbench-ts(:latest)?$/.test(c.image)) fail(`${file}: image ${c.image} is not the sysbench-ts image`);
    const env = {};
    for (const from of c.envFrom ?? []) {
      if (from.configMapRef) {
        if (from.configMapRef.name !== configMap.metadata.name) fail(`${file}: ConfigMap ${from.configMapRef.name} is not ${configMap.metadata.name}`);
        Object.assign(env, workload);
      }
      if (from.secretRef) Object.assign(env, { MYSQL_USER: DB_USER, MYSQL_PASSWORD: DB_PASSWORD });
    }
    for (const e of c.env ?? []) {
      if (e.value === undefined) fail(`${file}: env ${e.name} has no plain value`);
      env[e.name] = e.value;
    }
    const volumes = [];
    for (const m of c.volumeMounts ?? []) {
      if (m.name !== 'reports') fail(`${file}: unknown volume ${m.name}`);
      volumes.push(`${reports}:${m.mountPath}`);
    }
    return { job, argv: [...c.command, ...c.args], env: { ...env, ...extra }, volumes };
  };

  const prepare = pod('prepare-job.yaml');
  check(engine, `prepare Job (${workload.SYSBENCH_TEST} prepare)`, prepare.argv, { env: prepare.env, expect: [/Creating a secondary index on 'sbtest\d+'/] });

  // shard 0 of a 2-shard Job: the index Kubernetes gives, SHARDS = completions = parallelism = 2,
  // START_AT as run.sh sets it (now + a lead time)
  const startAt = Math.ceil(Date.now() / 1000) + 10;
  const shard = pod('job.yaml', { JOB_COMPLETION_INDEX: '0', SHARDS: '2', START_AT: String(startAt) });
  if (shard.job.spec.completionMode !== 'Indexed') fail('job.yaml is not an Indexed Job');
  check(engine, 'shards Job, shard 0 of 2', shard.argv, { env: shard.env, volumes: shard.volumes,
    expect: [new RegExp(`sysbench-ts: shard 0/2 \\(thread ids 0\\.\\.${threads - 1} of ${2 * threads}\\)`), /transactions: +[1-9]\d* .*/] });
  const report = JSON.parse(readFileSync(join(reports, 'shard-0.json'), 'utf8'));
  if (report.shard?.index !== 0 || report.shard?.count !== 2) fail(`shard-0.json: shard is ${JSON.stringify(report.shard)}, not 0 of 2`);
  if (!(report.counters?.events > 0)) fail('shard-0.json: no events');
  if (report.time.start_unix_ms < startAt * 1000) fail(`shard-0.json: the run started before START_AT (${report.time.start_unix_ms} < ${startAt * 1000})`);

  const merge = pod('merge-job.yaml');
  check(engine, 'merge Job (sysbench-ts merge, plot)', merge.argv, { env: merge.env, volumes: merge.volumes, expect: [/total number of events: +[1-9]\d*/] });
  for (const f of ['merged.json', 'run.svg']) if (!existsSync(join(reports, f))) fail(`the merge Job wrote no ${f}`);
}

async function main() {
  const t0 = Date.now();
  const engine = [docker(), buildah()].find((e) => e.works());
  if (!engine) {
    console.log('test-image: SKIPPED: neither docker (no daemon answers) nor buildah (not installed, or not root) can run here');
    return 0;
  }
  mkdirSync(CACHE, { recursive: true });
  say(`engine: ${engine.name}; cache: ${CACHE}`);
  const reports = mkdtempSync(join(CACHE, 'reports-'));
  try {
    const base = chooseBase(engine);
    const ca = npmCa();
    const t1 = Date.now();
    const build = engine.build(['--file', join(ROOT, 'Dockerfile'), '--tag', IMAGE, ...(base.own ? [] : ['--build-arg', `BASE=${base.ref}`]),
      ...(ca ? ['--secret', `id=npm_ca,src=${ca}`] : []), ROOT]);
    if (build.code !== 0) fail(`the image build failed (exit ${build.code}):\n${tail(build.stdout + build.stderr, 60)}`);
    const size = engine.size(IMAGE);
    const baseSize = engine.size(base.ref);
    const mb = (n) => `${(n / 1e6).toFixed(1)} MB`;
    say(`built ${IMAGE} from the Dockerfile${base.own ? '' : ` with BASE=${base.ref}`}${ca ? ' (npm_ca secret: ' + ca + ')' : ''}: ${seconds(t1)}`);
    say(`image size: ${mb(size)} (base ${mb(baseSize)}, sysbench-ts ${mb(size - baseSize)}; uncompressed)`);

    const uid = check(engine, 'runs as a user other than root', ['id'], { expect: [/uid=\d+\S*/] });
    if (/uid=0\b/.test(uid.stdout)) fail(`the image runs as root: ${uid.stdout.trim()}`);
    check(engine, 'sysbench and sysbench-ts on the PATH', ['sh', '-c', 'command -v sysbench && command -v sysbench-ts'],
      { expect: [/^\/\S*\/sysbench$/m, /^\/\S*\/sysbench-ts$/m] });
    check(engine, 'sysbench --version', ['sysbench', '--version'], { expect: [/^sysbench 1\.0\.20$/m] });
    check(engine, 'sysbench cpu run', ['sysbench', 'cpu', '--time=2', 'run'], { expect: [/events per second: +[1-9][\d.]*/] });

    makeDatabase();
    const conn = ['--db-driver=mysql', '--mysql-host=127.0.0.1', '--mysql-port=3306', `--mysql-user=${DB_USER}`, `--mysql-password=${DB_PASSWORD}`,
      `--mysql-db=${DB}`, '--tables=2', '--table-size=1000'];
    check(engine, 'oltp_point_select prepare', ['sysbench', 'oltp_point_select', ...conn, 'prepare'], { expect: [/Creating a secondary index on 'sbtest2'/] });
    check(engine, 'oltp_point_select run', ['sysbench', 'oltp_point_select', ...conn, '--threads=2', '--time=3', 'run'], { expect: [/transactions: +[1-9]\d* .*/] });
    check(engine, 'oltp_point_select cleanup', ['sysbench', 'oltp_point_select', ...conn, 'cleanup'], { expect: [/Dropping table 'sbtest2'/] });
    const left = sql(`SHOW TABLES FROM ${DB}`).trim();
    if (left) fail(`oltp_point_select cleanup left tables: ${left}`);

    chmodSync(reports, 0o777); // the image's user writes the reports
    kubernetesJobs(engine, reports);
    say(`the image works: ${checks} checks passed in ${seconds(t0)}`);
    return 0;
  } finally {
    dropDatabase();
    engine.done();
    rmSync(reports, { recursive: true, force: true });
  }
}

main().then((code) => { process.exitCode = code; }, (err) => {
  console.log(`test-image: FAILED: ${err instanceof Failure ? err.message : err.stack}`);
  process.exitCode = 1;
});
