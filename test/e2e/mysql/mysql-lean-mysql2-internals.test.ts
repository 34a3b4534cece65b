// The lean execute path (src/drivers/mysql/wire/) relies on mysql2 internals, all named in
// src/drivers/mysql/mysql2/internals.ts. package.json pins mysql2 to one exact version;
// these checks say what changed when another version does not behave the same.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import mysql from 'mysql2';
import { describe, expect, it } from 'vitest';
import { attachLean } from '../../../src/drivers/mysql/wire/lean.js';
import { leanUnusable, mysql2Decoding } from '../../../src/drivers/mysql/mysql2/internals.js';
import { ROOT, SOCKET } from '../../helpers/sysbench.js';

const installed = (JSON.parse(readFileSync(join(ROOT, 'node_modules', 'mysql2', 'package.json'), 'utf8')) as { version: string }).version;
const pinned = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies.mysql2;

type Raw = any;

function connect(options: object = {}): Promise<Raw> {
  const raw = mysql.createConnection({ socketPath: SOCKET, user: 'root', rowsAsArray: true, ...options });
  raw.on('error', () => { /* the checks close connections themselves */ });
  return new Promise((resolve, reject) => raw.connect((e: Error | null) => (e ? reject(e) : resolve(raw))));
}
const end = (raw: Raw): Promise<void> => new Promise((r) => raw.end(() => r()));

describe('mysql2 internals the lean execute path relies on', () => {
  it('mysql2 is pinned to one exact version, and that version is installed', () => {
    expect(pinned, 'package.json must pin mysql2 exactly (no ^ or ~): the lean path uses its internals').toMatch(/^\d+\.\d+\.\d+$/);
    expect(installed, `mysql2 ${installed} is installed, package.json pins ${pinned}: run npm install, or re-check these internals and pin the new version`).toBe(pinned);
  });

  it("a connection hands every chunk it reads to this.packetParser.execute(), looked up at each chunk (plain and TLS sockets)", () => {
    const src = String((mysql.Connection as unknown as { prototype: object }).prototype.constructor);
    const base = String(Object.getPrototypeOf((mysql.Connection as any).prototype).constructor);
    const text = src + base;
    expect(text, "the socket's 'data' listener").toMatch(/this\.stream\.on\('data', \(data\) => \{[\s\S]{0,400}?this\.packetParser\.execute\(data\);/);
    const startTLS = String((mysql.Connection as any).prototype.startTLS);
    expect(startTLS, "the TLS socket's 'data' listener").toMatch(/secureSocket\.on\('data', \(data\) => \{\s*this\.packetParser\.execute\(data\)/);
  });

  it('a command resets the sequence ids when it starts, and reports its outcome as its last act', () => {
    const con = Object.getPrototypeOf((mysql.Connection as any).prototype);
    const handlePacket = String(con.handlePacket);
    expect(handlePacket, 'the next command starts with sequence id 0').toMatch(/this\._command = this\._commands\.shift\(\);\s*if \(this\._command\) \{\s*this\.sequenceId = 0;/);
    expect(String(con.addCommand), 'an idle connection starts a new command at once').toContain('if (!this._command) {');
  });

  it('a live connection has the fields the lean path reads, and the lean path attaches to it', async () => {
    const raw = await connect();
    try {
      expect(typeof raw.stream.write).toBe('function');
      expect(typeof raw.stream.destroy).toBe('function');
      expect(raw.stream.destroyed).toBe(false);
      expect(typeof raw.packetParser.execute).toBe('function');
      expect(raw._commands.length, '_commands is the queue of commands not started').toBe(0);
      expect(raw._fatalError).toBe(null);
      expect(raw._protocolError).toBe(null);
      expect(typeof raw.serverCapabilityFlags).toBe('number');
      expect(typeof raw.config.clientFlags).toBe('number');
      expect(raw.clientEncoding).toBe('utf8');
      expect(typeof raw._mariadbExtendedMetadata).toBe('boolean');
      expect(raw.config.compress).toBeFalsy();
      // mysql2 never asks for CLIENT_DEPRECATE_EOF: its replies have EOF packets (the lean path reads both)
      expect(raw.config.clientFlags & (1 << 24)).toBe(0);
      expect(leanUnusable(raw)).toBe(null);
      const Packet = mysql2Decoding.Packet!;
      for (const m of ['readLengthCodedString', 'parseGeometryValue', 'parseVector', 'parseJson']) {
        expect(typeof (Packet.prototype as unknown as Record<string, unknown>)[m], `Packet#${m}`).toBe('function');
      }
      const parser = raw.packetParser;
      expect(attachLean(raw)).not.toBe(null);
      expect(raw.packetParser).not.toBe(parser);
      // a prepared statement's id, parameter and column definitions
      const info: any = await new Promise((resolve, reject) => raw.prepare({ sql: 'SELECT ? + 1 AS n, 2 AS m', rowsAsArray: true }, (e: Error | null, i: unknown) => (e ? reject(e) : resolve(i))));
      expect(typeof info.id).toBe('number');
      expect(info.parameters).toHaveLength(1);
      expect(info.columns).toHaveLength(2);
      expect(typeof info.columns[0].columnType).toBe('number');
      expect(typeof info.parameters[0].flags).toBe('number');
      // inside the prepare's callback, nothing is queued (the lean path may write from there)
      const queued: number = await new Promise((resolve) => raw.prepare({ sql: 'SELECT 3', rowsAsArray: true }, () => resolve(raw._commands.length)));
      expect(queued).toBe(0);
    } finally {
      await end(raw);
    }
  });

  it('mysql2 reports a closed connection through the fields the lean path checks', async () => {
    const raw = await connect();
    raw.destroy();
    await new Promise((r) => setTimeout(r, 50));
    expect(raw._closing || raw.stream.destroyed).toBe(true);
  });

  it('the lean path steps aside on a compressed connection', async () => {
    const raw = await connect({ compress: true });
    try {
      expect(leanUnusable(raw)).toBe('compression');
      expect(attachLean(raw)).toBe(null);
    } finally {
      await end(raw);
    }
  });
});
