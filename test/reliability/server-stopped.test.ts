// A server that stops answering (SIGSTOP) does not hang the run: at --time the events still
// waiting are abandoned (their connections closed), the report of what completed is printed and
// the exit code is 2; the first Ctrl-C ends a stuck run at once (well within a second of
// grace), also while the threads are still connecting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mariadbInstalled, startFaultServer, type FaultServer } from './helpers/server.js';
import { reportCount, sleep, startSysbench } from './helpers/run.js';

const DB = 'sbtest_server_stopped';
let server: FaultServer;
let args: string[];

describe.skipIf(!mariadbInstalled)('server stopped (SIGSTOP)', () => {
  beforeAll(async () => {
    server = await startFaultServer({ databases: [DB] });
    args = ['oltp_point_select', ...server.tcpArgs, `--mysql-db=${DB}`, '--tables=1', '--table-size=100'];
    const prep = startSysbench([...args, 'prepare']);
    expect(await prep.exited, prep.out()).toBe(0);
  });
  afterAll(async () => {
    server?.resume();
    await server?.sql(`DROP DATABASE IF EXISTS ${DB}`).catch(() => {});
    await server?.stop();
  });

  it('past --time: stuck events are abandoned, the report is printed, exit code 2', async () => {
    const run = startSysbench([...args, '--threads=4', '--time=3', '--report-interval=1', 'run']);
    await run.waitFor('Threads started!');
    await sleep(1000);
    server.pause();
    try {
      const code = await run.exited;
      const out = run.out();
      expect(code, out).toBe(2);
      expect(out).toContain('FATAL: 4 threads were still waiting for the server, which did not answer for 1.0 s after the end of the run: their events are abandoned and their connections closed');
      expect(out).toContain('General statistics:');
      expect(reportCount(out, 'transactions'), out).toBeGreaterThan(0);
    } finally {
      server.resume();
    }
  });

  it('the first Ctrl-C ends a stuck run within a second', async () => {
    const run = startSysbench([...args, '--threads=4', '--time=60', 'run']);
    await run.waitFor('Threads started!');
    await sleep(500);
    server.pause();
    try {
      await sleep(1000);
      const t0 = Date.now();
      run.proc.kill('SIGINT');
      const code = await run.exited;
      const out = run.out();
      expect(code, out).toBe(130);
      // 0.5 s of grace, then the report; generous for a loaded machine
      expect(Date.now() - t0, out).toBeLessThan(3000);
      expect(out).toContain('their events are abandoned and their connections closed');
      expect(out).toContain('General statistics:');
    } finally {
      server.resume();
    }
  });

  it('Ctrl-C while the threads are still connecting ends the run too', async () => {
    server.pause();
    try {
      const run = startSysbench([...args, '--threads=4', '--time=60', 'run']);
      await run.waitFor('Initializing worker threads...');
      await sleep(1500);
      const t0 = Date.now();
      run.proc.kill('SIGINT');
      const code = await run.exited;
      expect(code, run.out()).toBe(130);
      expect(Date.now() - t0, run.out()).toBeLessThan(3000);
    } finally {
      server.resume();
    }
  });
});
