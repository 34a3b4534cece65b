// A loopback TCP proxy for the reliability tests: forwards 127.0.0.1:<port> to a server (TCP or
// Unix socket) and can misbehave on demand: delay every chunk by a fixed time each way, reset
// every connection (TCP RST), or stop forwarding (connections stay open, bytes are dropped).
import net from 'node:net';

export type ProxyTarget = { host: string; port: number } | { socketPath: string };

export interface Proxy {
  readonly port: number;
  /** sysbench options that connect through the proxy */
  readonly args: string[];
  /** delay of every chunk, each way (ms; 0: none) */
  delayMs: number;
  /** connections accepted so far */
  readonly accepted: number;
  /**
   * stop forwarding: data is read and dropped; new connections hang too. A side that closes is
   * closed on the other side only with `propagateClose` (a server's own timeouts then reach the
   * client, as through a proxy that still relays FIN/RST); without it, a black hole.
   */
  stall(on: boolean, propagateClose?: boolean): void;
  /** resets every open connection (both sides) */
  resetAll(): void;
  close(): Promise<void>;
}

interface Pair { client: net.Socket; server: net.Socket }

export async function startProxy(target: ProxyTarget, opts: { delayMs?: number } = {}): Promise<Proxy> {
  const pairs = new Set<Pair>();
  let stalled = false;
  let propagate = false;
  let accepted = 0;
  const state = { delayMs: opts.delayMs ?? 0 };

  // one direction: chunks keep their order; with a delay each waits delayMs from its arrival
  const pipe = (from: net.Socket, to: net.Socket): void => {
    from.on('data', (chunk: Buffer) => {
      if (stalled) return;
      const send = (): void => { if (!to.destroyed) to.write(chunk); };
      if (state.delayMs > 0) setTimeout(send, state.delayMs);
      else send();
    });
    from.on('end', () => {
      const end = (): void => { if (!to.destroyed) to.end(); };
      if (stalled && !propagate) return;
      if (state.delayMs > 0) setTimeout(end, state.delayMs);
      else end();
    });
  };

  const server = net.createServer((client) => {
    accepted++;
    const upstream = 'socketPath' in target ? net.connect(target.socketPath) : net.connect(target.port, target.host);
    const pair = { client, server: upstream };
    pairs.add(pair);
    const drop = (): void => {
      pairs.delete(pair);
      if (!stalled || propagate) {
        client.destroy();
        upstream.destroy();
      }
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', drop);
    pipe(client, upstream);
    pipe(upstream, client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    args: ['--mysql-host=127.0.0.1', `--mysql-port=${port}`],
    get delayMs() { return state.delayMs; },
    set delayMs(ms: number) { state.delayMs = ms; },
    get accepted() { return accepted; },
    stall(on: boolean, propagateClose = false) {
      stalled = on;
      propagate = propagateClose;
    },
    resetAll() {
      for (const p of [...pairs]) {
        pairs.delete(p);
        p.client.resetAndDestroy();
        p.server.resetAndDestroy();
      }
    },
    close() {
      for (const p of pairs) {
        p.client.destroy();
        p.server.destroy();
      }
      pairs.clear();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
