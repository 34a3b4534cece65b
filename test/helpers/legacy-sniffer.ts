// A MySQL protocol tap for the legacy stream tests: a unix-socket proxy in front of MariaDB
// that records the statements its clients send, in qstream.sh's shape ("Query\t<sql>",
// "Prepare\t<sql>", "Execute\t<sql with the bound values>"). Unlike the server's general log,
// it sees only the connections made through it, so other people's runs on the same server do
// not mix in, and nothing global on the server changes.
//
// Only the client -> server direction is parsed (plus each COM_STMT_PREPARE's answer, for the
// statement id and parameter count). A command is a packet with sequence number 0; the
// handshake and authentication packets have other numbers. No TLS, no compression (the tools
// use neither over a local socket).
import net from 'node:net';
import { rmSync } from 'node:fs';

const COM_QUERY = 0x03;
const COM_STMT_PREPARE = 0x16;
const COM_STMT_EXECUTE = 0x17;

interface Prepared { sql: string; nparams: number; types: number[] }

/** Splits a byte stream into MySQL packets: (sequence number, payload). */
class PacketReader {
  private buf = Buffer.alloc(0);
  constructor(private readonly onPacket: (seq: number, payload: Buffer) => void) {}
  push(chunk: Buffer): void {
    this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
    while (this.buf.length >= 4) {
      const len = this.buf.readUIntLE(0, 3);
      if (this.buf.length < 4 + len) break;
      const seq = this.buf[3];
      const payload = this.buf.subarray(4, 4 + len);
      this.buf = this.buf.subarray(4 + len);
      this.onPacket(seq, payload);
    }
  }
}

function lengthEncoded(b: Buffer, pos: number): [number, number] {
  const first = b[pos];
  if (first < 0xfb) return [first, pos + 1];
  if (first === 0xfc) return [b.readUInt16LE(pos + 1), pos + 3];
  if (first === 0xfd) return [b.readUIntLE(pos + 1, 3), pos + 4];
  return [Number(b.readBigUInt64LE(pos + 1)), pos + 9];
}

/** One binary-protocol parameter value as text, and the position after it. */
function readValue(b: Buffer, pos: number, type: number): [string, number] {
  const unsigned = (type & 0x8000) !== 0;
  switch (type & 0xff) {
    case 1: return [String(unsigned ? b.readUInt8(pos) : b.readInt8(pos)), pos + 1];
    case 2: case 13: return [String(unsigned ? b.readUInt16LE(pos) : b.readInt16LE(pos)), pos + 2];
    case 3: case 9: return [String(unsigned ? b.readUInt32LE(pos) : b.readInt32LE(pos)), pos + 4];
    case 8: return [String(unsigned ? b.readBigUInt64LE(pos) : b.readBigInt64LE(pos)), pos + 8];
    case 4: return [String(b.readFloatLE(pos)), pos + 4];
    case 5: return [String(b.readDoubleLE(pos)), pos + 8];
    default: {
      const [len, start] = lengthEncoded(b, pos);
      return [`'${b.toString('utf8', start, start + len)}'`, start + len];
    }
  }
}

function renderExecute(p: Prepared, payload: Buffer): string {
  const n = p.nparams;
  const values: string[] = [];
  if (n > 0) {
    const nullStart = 10;
    let pos = nullStart + ((n + 7) >> 3);
    if (payload[pos++] === 1) {
      p.types = [];
      for (let i = 0; i < n; i++, pos += 2) p.types.push(payload.readUInt16LE(pos));
    }
    for (let i = 0; i < n; i++) {
      if (payload[nullStart + (i >> 3)] & (1 << (i & 7))) { values.push('NULL'); continue; }
      const [text, next] = readValue(payload, pos, p.types[i] ?? 253);
      values.push(text);
      pos = next;
    }
  }
  let i = 0;
  return p.sql.replace(/\?/g, () => values[i++] ?? '?');
}

export interface Tap {
  /** the socket to give the client (--mysql-socket=...) */
  readonly socket: string;
  /** statements seen so far, in the order the server received them per connection */
  readonly statements: string[];
  close(): Promise<void>;
}

/** Starts a proxy on `path` in front of the server socket `upstream`. */
export function startTap(upstream: string, path: string): Promise<Tap> {
  rmSync(path, { force: true });
  const statements: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const db = net.createConnection(upstream);
    sockets.add(client);
    sockets.add(db);
    const prepared = new Map<number, Prepared>();
    let awaitingPrepare: string | null = null;
    const fromClient = new PacketReader((seq, payload) => {
      if (seq !== 0 || payload.length === 0) return;
      const cmd = payload[0];
      if (cmd === COM_QUERY) statements.push('Query\t' + payload.toString('utf8', 1));
      else if (cmd === COM_STMT_PREPARE) {
        awaitingPrepare = payload.toString('utf8', 1);
        statements.push('Prepare\t' + awaitingPrepare);
      } else if (cmd === COM_STMT_EXECUTE) {
        const p = prepared.get(payload.readUInt32LE(1));
        statements.push('Execute\t' + (p ? renderExecute(p, payload) : '<unknown statement>'));
      }
    });
    const fromServer = new PacketReader((seq, payload) => {
      if (awaitingPrepare !== null && seq === 1) {
        if (payload[0] === 0) {
          prepared.set(payload.readUInt32LE(1), { sql: awaitingPrepare, nparams: payload.readUInt16LE(7), types: [] });
        }
        awaitingPrepare = null;
      }
    });
    client.on('data', (d: Buffer) => { fromClient.push(d); db.write(d); });
    db.on('data', (d: Buffer) => { fromServer.push(d); client.write(d); });
    const end = (): void => { client.destroy(); db.destroy(); sockets.delete(client); sockets.delete(db); };
    client.on('close', end);
    db.on('close', end);
    client.on('error', end);
    db.on('error', end);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      resolve({
        socket: path,
        statements,
        close: () => new Promise<void>((done) => {
          for (const s of sockets) s.destroy();
          server.close(() => { rmSync(path, { force: true }); done(); });
        }),
      });
    });
  });
}
