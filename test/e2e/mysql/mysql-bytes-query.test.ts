// COM_QUERY from bytes (src/drivers/mysql/mysql2/bytes-query.ts): the bulk insert's statements reach
// the server as the bytes the script built, through one of mysql2's own Query commands whose
// first step is replaced. Checked on a real connection: results, rows, errors, bytes that are
// not UTF-8, statements queued behind others, a connection killed mid-statement; then what
// it relies on inside mysql2 (pinned in package.json), so that an upgrade fails here loudly;
// then a prepare whose INSERT fails, whose FATAL line quotes the statement.
import mysql from 'mysql2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbError, DbResult } from '../../../src/drivers/driver.js';
import { MysqlConnection } from '../../../src/drivers/mysql/connection.js';
import { createDatabase, dropDatabase, mysqlArgs, SOCKET, sql, sysbenchAsync } from '../../helpers/sysbench.js';

const DB = 'sbtest_mysql_bytes_query';
const config = { socketPath: SOCKET, user: 'root', database: DB, rowsAsArray: true };

beforeAll(() => {
  createDatabase(DB);
  sql('CREATE TABLE t (id INT PRIMARY KEY, b VARBINARY(64))', DB);
});
afterAll(() => dropDatabase(DB));

async function open(): Promise<MysqlConnection> {
  const raw = mysql.createConnection(config);
  raw.on('error', () => { /* surfaced through the callbacks */ });
  await new Promise<void>((resolve, reject) => raw.connect((e: unknown) => (e ? reject(e) : resolve())));
  return new MysqlConnection(raw, config, 'auto');
}
const close = (c: MysqlConnection): Promise<void> => new Promise((r) => c.close(r));

function run(c: MysqlConnection, text: string | Uint8Array): Promise<{ err: DbError | null; res: DbResult | null }> {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'latin1') : text;
  return new Promise((resolve) => c.queryBytes(bytes, (err, res) => resolve({ err, res })));
}

describe('queryBytes on a live connection', () => {
  it('runs writes and reads, and the connection goes on with ordinary queries', async () => {
    const c = await open();
    try {
      const ins = await run(c, "INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c')");
      expect(ins.err).toBe(null);
      expect(ins.res!.nrows).toBe(3);
      const sel = await run(c, 'SELECT id FROM t ORDER BY id');
      expect(sel.err).toBe(null);
      expect(sel.res!.nrows).toBe(3);
      expect(sel.res!.nfields).toBe(1);
      // every column as the server's text, raw (typeCast off, as connection.ts's text queries)
      expect(Buffer.isBuffer(sel.res!.row(2)![0])).toBe(true);
      expect(String(sel.res!.row(2)![0])).toBe('3');
      const after = await new Promise<DbResult | null>((r) => c.query('SELECT COUNT(*) FROM t', (_e, res) => r(res)));
      // a text query's values are the server's text (the lean path gives its bytes)
      expect(String(after!.row(0)![0])).toBe('3');
    } finally {
      await close(c);
      sql('DELETE FROM t', DB);
    }
  });

  it('sends bytes that are not UTF-8 as they are', async () => {
    const c = await open();
    try {
      const head = Buffer.from("INSERT INTO t VALUES (10, '", 'latin1');
      const body = Buffer.from([0xff, 0xfe, 0x80, 0x41, 0xc3]);
      const { err } = await run(c, Buffer.concat([head, body, Buffer.from("')", 'latin1')]));
      expect(err).toBe(null);
      expect(sql('SELECT HEX(b) FROM t WHERE id = 10', DB).trim()).toBe('FFFE8041C3');
    } finally {
      await close(c);
      sql('DELETE FROM t', DB);
    }
  });

  it("reports the server's error, and the caller's buffer may change as soon as the call returns", async () => {
    const c = await open();
    try {
      await run(c, "INSERT INTO t VALUES (1, 'a')");
      const buf = Buffer.from("INSERT INTO t VALUES (1, 'again')", 'latin1');
      const pending = run(c, buf);
      buf.fill(32);
      const { err } = await pending;
      expect(err!.errno).toBe(1062);
      expect(err!.sqlState).toBe('23000');
      expect(err!.message).toMatch(/Duplicate entry '1'/);
      expect(err!.connectionLost).toBe(false);
      expect((await run(c, 'SELECT 1')).err).toBe(null);
    } finally {
      await close(c);
      sql('DELETE FROM t', DB);
    }
  });

  it('queues behind statements already running, in order', async () => {
    const c = await open();
    try {
      const all = await Promise.all([
        run(c, "INSERT INTO t VALUES (1, 'a')"),
        new Promise((r) => c.query("INSERT INTO t VALUES (2, 'b')", (e) => r(e))),
        run(c, "INSERT INTO t VALUES (3, 'c')"),
        run(c, 'SELECT GROUP_CONCAT(id ORDER BY id) FROM t'),
      ]);
      expect(String((all[3] as { res: DbResult }).res.row(0)![0])).toBe('1,2,3');
    } finally {
      await close(c);
      sql('DELETE FROM t', DB);
    }
  });

  it('a connection killed in the middle of a statement reports a lost connection', async () => {
    const c = await open();
    try {
      const id = (await run(c, 'SELECT CONNECTION_ID()')).res!.row(0)![0];
      const pending = run(c, 'SELECT SLEEP(5)');
      await new Promise((r) => setTimeout(r, 200));
      sql(`KILL ${id}`);
      const { err } = await pending;
      expect(err).not.toBe(null);
      expect(err!.connectionLost).toBe(true);
    } finally {
      await close(c);
    }
  });
});

describe('mysql2 internals queryBytes relies on', () => {
  it('createQuery() makes a Query command, and query() runs a Query it is given', () => {
    const cmd = (mysql as any).createQuery({ sql: '' }, undefined, () => {}, {});
    expect(cmd.constructor.name).toBe('Query');
    const base = Object.getPrototypeOf((mysql.Connection as any).prototype);
    expect(String(base.query)).toMatch(/if \(sql\.constructor === Commands\.Query\) \{\s*cmdQuery = sql;/);
  });

  it("Query.start records the connection, options and timeout, writes one packet and returns resultsetHeader; commands start through this.start", () => {
    const cmd = (mysql as any).createQuery({ sql: '' }, undefined, () => {}, {});
    const start = String(Object.getPrototypeOf(cmd).start);
    expect(start).toContain('this._connection = connection;');
    expect(start).toMatch(/this\.options = ConnectionConfig\.queryOptions\(\s*connection\.config,\s*this\._queryOptions\s*\);/);
    expect(start).toContain('this._setTimeout();');
    expect(start).toMatch(/connection\.writePacket\(cmdPacket\.toPacket\(1\)\);\s*return Query\.prototype\.resultsetHeader;\s*\}$/);
    expect(typeof Object.getPrototypeOf(cmd).resultsetHeader).toBe('function');
    const command = String(Object.getPrototypeOf(Object.getPrototypeOf(cmd)).execute);
    expect(command).toContain('this.next = this.start;');
    expect(typeof (mysql as any).ConnectionConfig.queryOptions).toBe('function');
  });

  it('writePacket() reads length(), writeHeader(sequenceId) and buffer only', () => {
    const base = Object.getPrototypeOf((mysql.Connection as any).prototype);
    const src = String(base.writePacket);
    const uses = new Set([...src.matchAll(/packet\.(\w+)/g)].map((m) => m[1]));
    expect([...uses].sort()).toEqual(['_name', 'buffer', 'length', 'writeHeader']);
  });
});

describe('bulk insert through queryBytes', () => {
  it("a failed INSERT is FATAL and quotes the statement's text", async () => {
    sql("INSERT INTO t VALUES (2, 'x')", DB);
    const path = `${import.meta.dirname}/../../fixtures/bytes-query-bulk.lua`;
    const r = await sysbenchAsync([path, ...mysqlArgs(DB), 'run']);
    expect(r.code).not.toBe(0);
    expect(r.stdout).toMatch(/FATAL: mysql_drv_query\(\) returned error 1062 \(Duplicate entry '2' for key 'PRIMARY'\) for query 'INSERT INTO t VALUES\(1, 'r1'\),\(2, 'r2'\),\(3, 'r3'\)'/);
    sql('DELETE FROM t', DB);
  });

  it('the FATAL line of a 512 KiB statement quotes that statement, not the one the script fills meanwhile', async () => {
    sql("CREATE TABLE big (id INT PRIMARY KEY, b MEDIUMBLOB); INSERT INTO big VALUES (1, 'x')", DB);
    const path = `${import.meta.dirname}/../../fixtures/bytes-query-bulk-big.lua`;
    const r = await sysbenchAsync([path, ...mysqlArgs(DB), 'run']);
    expect(r.code).not.toBe(0);
    const quoted = /FATAL: mysql_drv_query\(\) returned error 1062 \(Duplicate entry '1' for key 'PRIMARY'\) for query '(.*)'$/m.exec(r.stdout)?.[1];
    const row = (i: number): string => `(${i}, '${String.fromCharCode(96 + i).repeat(200000)}')`;
    expect(quoted).toBe(`INSERT INTO big VALUES${row(1)},${row(2)}`);
    expect(r.stdout).toMatch(/db_bulk_insert_next\(\) failed/);
  });
});
