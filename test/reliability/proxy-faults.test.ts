// A loopback TCP proxy between sysbench and a private server misbehaves: it resets every
// connection (reconnects with --mysql-ignore-errors=all, the run goes on), delays every chunk
// by 100 ms each way (the threads of a worker connect at once, so start-up takes a few round
// trips, not one per thread; events still answered after --time are waited for), and stops
// forwarding (the run still ends at --time).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mariadbInstalled, startFaultServer, type FaultServer } from './helpers/server.js';
import { startProxy, type Proxy } from './helpers/proxy.js';
import { reportCount, sleep, startSysbench } from './helpers/run.js';

const DB = 'sbtest_proxy_faults';
let server: FaultServer;
let proxy: Proxy;
let args: string[];

describe.skipIf(!mariadbInstalled)('proxy faults', () => {
  beforeAll(async () => {
    // connect_timeout: how long the server waits for a handshake (10 s by default)
    server = await startFaultServer({ databases: [DB], serverArgs: ['--connect-timeout=2'] });
    const prep = startSysbench(['oltp_point_select', ...server.tcpArgs, `--mysql-db=${DB}`, '--tables=1', '--table-size=100', 'prepare']);
    expect(await prep.exited, prep.out()).toBe(0);
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.sql(`DROP DATABASE IF EXISTS ${DB}`).catch(() => {});
    await server?.stop();
  });
  const through = (p: Proxy): string[] =>
    ['oltp_point_select', '--db-driver=mysql', '--mysql-user=root', ...p.args, `--mysql-db=${DB}`, '--tables=1', '--table-size=100'];

  it('connections reset mid-run: reconnects are counted and the run goes on', async () => {
    proxy = await startProxy({ host: '127.0.0.1', port: server.port });
    const run = startSysbench([...through(proxy), '--threads=4', '--time=4', '--mysql-ignore-errors=all', 'run']);
    await run.waitFor('Threads started!');
    await sleep(1000);
    proxy.resetAll();
    const code = await run.exited;
    const out = run.out();
    await proxy.close();
    expect(code, out).toBe(0);
    expect(reportCount(out, 'reconnects'), out).toBeGreaterThanOrEqual(4);
    expect(proxy.accepted).toBeGreaterThanOrEqual(8);
  });

  it('100 ms each way: all threads of a worker connect at once', async () => {
    proxy = await startProxy({ host: '127.0.0.1', port: server.port }, { delayMs: 100 });
    // one worker hosts the 16 threads: connected one after another they would need 16 handshakes
    // of several round trips each; at once, the proxy sees every connection within the first one
    let firstAt = 0;
    let allAt = 0;
    const run = startSysbench([...through(proxy), '--threads=16', '--worker-threads=1', '--events=16', 'run']);
    const poll = setInterval(() => {
      if (proxy.accepted > 0 && firstAt === 0) firstAt = Date.now();
      if (proxy.accepted >= 16 && allAt === 0) allAt = Date.now();
    }, 10);
    const code = await run.exited;
    clearInterval(poll);
    await proxy.close();
    expect(code, run.out()).toBe(0);
    expect(allAt).toBeGreaterThan(0);
    // a handshake through the proxy takes >= 3 round trips (600 ms): all 16 began before the first ended
    expect(allAt - firstAt).toBeLessThan(600);
  });

  it('a slow server that still answers is waited for past --time (nothing abandoned)', async () => {
    proxy = await startProxy({ host: '127.0.0.1', port: server.port }, { delayMs: 100 });
    // an oltp_read_only event is ~16 statements: over 3 s through this proxy, so the events in
    // progress when --time ends finish well after the 1 s the server may stay silent
    const args = through(proxy).map((a) => (a === 'oltp_point_select' ? 'oltp_read_only' : a));
    const run = startSysbench([...args, '--threads=2', '--time=1', 'run']);
    const code = await run.exited;
    const out = run.out();
    await proxy.close();
    expect(code, out).toBe(0);
    expect(out).not.toContain('FATAL');
    expect(Number(/transactions:\s+(\d+)/.exec(out)?.[1]), out).toBeGreaterThanOrEqual(2);
  });

  it('a proxy that stops forwarding during the handshake: every thread reports the server\'s close', async () => {
    proxy = await startProxy({ host: '127.0.0.1', port: server.port });
    proxy.stall(true, true);
    const run = startSysbench([...through(proxy), '--threads=8', '--time=5', 'run']);
    const code = await run.exited;
    const out = run.out();
    await proxy.close();
    expect(code, out).toBe(1);
    const lost = out.match(/FATAL: error 2013: Lost connection to server at 'handshake: reading initial communication packet', system error: 11/g) ?? [];
    expect(lost.length, out).toBe(8);
    expect(out).toContain('FATAL: Thread initialization failed!');
  });

  it('a proxy that stops forwarding mid-run: the run ends at --time with its report (exit 2)', async () => {
    proxy = await startProxy({ host: '127.0.0.1', port: server.port });
    const run = startSysbench([...through(proxy), '--threads=4', '--time=3', 'run']);
    await run.waitFor('Threads started!');
    await sleep(1000);
    proxy.stall(true);
    const code = await run.exited;
    const out = run.out();
    await proxy.close();
    expect(code, out).toBe(2);
    expect(out).toContain('their events are abandoned and their connections closed');
    expect(out).toContain('General statistics:');
  });
});
