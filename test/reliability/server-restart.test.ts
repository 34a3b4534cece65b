// The server is killed (SIGKILL) under load and started again: with --mysql-ignore-errors=all
// the threads keep reconnecting until it is back, count the reconnects (interval lines and the
// final report) and finish the run; when it stays down, the run still ends at --time with its
// report; without ignore-errors the lost connection is a FATAL error, promptly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mariadbInstalled, startFaultServer, type FaultServer } from './helpers/server.js';
import { reportCount, sleep, startSysbench } from './helpers/run.js';

const DB = 'sbtest_server_restart';
let server: FaultServer;
let args: string[];

describe.skipIf(!mariadbInstalled)('server killed and restarted', () => {
  beforeAll(async () => {
    server = await startFaultServer({ databases: [DB] });
    args = ['oltp_point_select', ...server.tcpArgs, `--mysql-db=${DB}`, '--tables=1', '--table-size=100'];
    const prep = startSysbench([...args, 'prepare']);
    expect(await prep.exited, prep.out()).toBe(0);
  });
  afterAll(async () => {
    await server?.sql(`DROP DATABASE IF EXISTS ${DB}`).catch(() => {});
    await server?.stop();
  });

  it('with --mysql-ignore-errors=all: reconnects until the server is back, counts them, reports', async () => {
    const run = startSysbench([...args, '--threads=4', '--time=6', '--report-interval=1', '--mysql-ignore-errors=all', 'run']);
    await run.waitFor('Threads started!');
    await sleep(1000);
    await server.kill();
    await sleep(500);
    await server.restart();
    const code = await run.exited;
    const out = run.out();
    expect(code, out).toBe(0);
    expect(reportCount(out, 'reconnects'), out).toBeGreaterThanOrEqual(4);
    // reconn/s of the interval lines adds up to the reconnects
    const perSecond = [...out.matchAll(/reconn\/s: ([\d.]+)/g)].map((m) => Number(m[1]));
    expect(perSecond.some((r) => r > 0), out).toBe(true);
    // events ran again after the restart: the last interval line has transactions
    const last = [...out.matchAll(/^\[ \d+s \] thds: \d+ tps: ([\d.]+)/gm)].at(-1);
    expect(Number(last?.[1]), out).toBeGreaterThan(0);
    expect(out).toContain('General statistics:');
    expect(out).not.toContain('FATAL');
  });

  it('with --mysql-ignore-errors=all and the server down until the end: the run ends at --time with its report', async () => {
    const run = startSysbench([...args, '--threads=4', '--time=4', '--mysql-ignore-errors=all', 'run']);
    await run.waitFor('Threads started!');
    await sleep(500);
    await server.kill();
    const t0 = Date.now();
    const code = await run.exited;
    const out = run.out();
    await server.restart();
    expect(code, out).toBe(0);
    // not long after --time (4 s from the start, so at most ~3.5 s after the kill), plus start-up slack
    expect(Date.now() - t0, out).toBeLessThan(10_000);
    expect(reportCount(out, 'reconnects'), out).toBeGreaterThanOrEqual(1);
    expect(out).toContain('General statistics:');
  });

  it('without ignore-errors: the lost connection is a FATAL error and the run ends at once', async () => {
    const run = startSysbench([...args, '--threads=2', '--time=30', 'run']);
    await run.waitFor('Threads started!');
    await sleep(500);
    await server.kill();
    const t0 = Date.now();
    const code = await run.exited;
    const out = run.out();
    await server.restart();
    expect(code, out).toBe(1);
    expect(Date.now() - t0, out).toBeLessThan(10_000);
    expect(out).toMatch(/FATAL: mysql_stmt_execute\(\) returned error 2013 \(Lost connection to server during query\)/);
  });
});
