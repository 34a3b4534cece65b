// Our replacement of mysql2's prepared-statement cache (src/drivers/mysql/mysql2/statement-cache.ts):
// the same least-recently-used behaviour without mysql2's 0.5 MB of arrays per connection, the
// mysql2 internal it replaces, and statements of one connection staying usable (neither path,
// lean or mysql2's, may find a statement closed behind its back).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import mysql from 'mysql2';
import { beforeAll, describe, expect, it } from 'vitest';
import { MYSQL2_LRU_SLOTS, MYSQL2_MAX_PREPARED, StatementCache, useStatementCache } from '../../../src/drivers/mysql/mysql2/statement-cache.js';
import { mysqlArgs, SOCKET, sysbenchAsync, useDatabaseAndDir } from '../../helpers/sysbench.js';

const DB = 'sbtest_mysql_statement_cache';
const dir = useDatabaseAndDir(DB, 'sbts-stmt-cache-');

class Stmt {
  closed = 0;
  constructor(readonly name: string) {}
  close(): void { this.closed++; }
}

describe('StatementCache', () => {
  it('evicts the least recently used statement at its limit, and closes it', () => {
    const c = new StatementCache<string, Stmt>(2);
    const a = new Stmt('a'), b = new Stmt('b'), d = new Stmt('d');
    c.set('a', a);
    c.set('b', b);
    expect(c.get('a')).toBe(a); // a is now the most recent
    c.set('d', d);
    expect(c.size).toBe(2);
    expect(c.get('b')).toBeUndefined();
    expect(b.closed).toBe(1);
    expect(a.closed + d.closed).toBe(0);
    expect(c.peek('a')).toBe(a);
    expect(c.has('d')).toBe(true);
  });

  it('closes a replaced statement and all of them on clear; a deleted one is left to its deleter', () => {
    const c = new StatementCache<string, Stmt>(10);
    const a1 = new Stmt('a1'), a2 = new Stmt('a2'), b = new Stmt('b');
    c.set('a', a1);
    c.set('a', a2);
    expect(a1.closed).toBe(1);
    expect(c.get('a')).toBe(a2);
    c.set('b', b);
    expect(c.delete('b')).toBe(true);
    expect(c.delete('b')).toBe(false);
    // mysql2's unprepare(), the one caller of delete, closes the statement itself
    expect(b.closed).toBe(0);
    c.clear();
    expect(a2.closed).toBe(1);
    expect(c.size).toBe(0);
  });

  it('has mysql2\'s default limit', () => {
    expect(MYSQL2_MAX_PREPARED).toBe(16000);
  });
});

type Raw = any;
function connect(): Promise<Raw> {
  const raw = mysql.createConnection({ socketPath: SOCKET, user: 'root', rowsAsArray: true, maxPreparedStatements: MYSQL2_LRU_SLOTS });
  raw.on('error', () => { /* closed by the test */ });
  return new Promise((resolve, reject) => raw.connect((e: Error | null) => (e ? reject(e) : resolve(raw))));
}
const end = (raw: Raw): Promise<void> => new Promise((r) => raw.end(() => r()));
const prepare = (raw: Raw, sql: string): Promise<Raw> => new Promise((res, rej) => raw.prepare({ sql, rowsAsArray: true }, (e: Error | null, s: Raw) => (e ? rej(e) : res(s))));
const exec = (s: Raw, values: unknown[]): Promise<unknown[]> => new Promise((res, rej) => s.execute(values, (e: Error | null, rows: unknown[]) => (e ? rej(e) : res(rows))));

describe('mysql2 internals the statement cache replaces', () => {
  it('a connection keeps its statements in _statements (get/set/delete/clear), which the replacement takes over', async () => {
    const raw = await connect();
    try {
      for (const m of ['get', 'set', 'delete', 'clear']) expect(typeof raw._statements[m], `_statements.${m}`).toBe('function');
      useStatementCache(raw);
      expect(raw._statements).toBeInstanceOf(StatementCache);
      const one = await prepare(raw, 'SELECT 1');
      const two = await prepare(raw, 'SELECT ? + 1');
      expect(raw._statements.size).toBe(2);
      // with mysql2's one-slot cache, preparing the second statement would have closed the first
      expect(await exec(one, [])).toEqual([[1]]);
      expect(await exec(two, [41])).toEqual([[42]]);
      // preparing the same text again is served from the cache
      expect((await prepare(raw, 'SELECT 1')).id).toBe(one.id);
      // unprepare closes it on the server
      raw.unprepare({ sql: 'SELECT 1', rowsAsArray: true });
      expect(raw._statements.size).toBe(1);
      await expect(exec(one, [])).rejects.toThrow(/Unknown prepared statement handler/);
    } finally {
      await end(raw);
    }
  });

  it('without the replacement, mysql2 closes a statement the second prepare evicts (what makes the check above mean something)', async () => {
    const raw = await connect();
    try {
      const one = await prepare(raw, 'SELECT 1');
      await prepare(raw, 'SELECT 2');
      await expect(exec(one, [])).rejects.toThrow(/Unknown prepared statement handler/);
    } finally {
      await end(raw);
    }
  });
});

describe('a script preparing several statements on one connection', () => {
  const lua = join(dir, 'many.lua');
  beforeAll(() => writeFileSync(lua, `
function event()
  local con = sysbench.sql.driver():connect()
  local stmts = {}
  for i = 1, 5 do
    stmts[i] = con:prepare("SELECT " .. i .. " + ?")
    local p = stmts[i]:bind_create(sysbench.sql.type.INT)
    p:set(i)
    stmts[i]:bind_param(p)
  end
  for i = 1, 5 do
    local rs = stmts[i]:execute()
    print("stmt " .. i .. " rows " .. rs.nrows)
  end
  for i = 1, 5 do stmts[i]:close() end
  con:disconnect()
end
`));

  for (const lean of ['report', '0']) {
    it(`runs every statement (SYSBENCH_TS_MYSQL_LEAN=${lean})`, async () => {
      const r = await sysbenchAsync([lua, ...mysqlArgs(DB), '--events=1', 'run'], { env: { SYSBENCH_TS_MYSQL_LEAN: lean } });
      expect(r.stderr + r.stdout).not.toMatch(/FATAL|Unknown prepared/);
      for (let i = 1; i <= 5; i++) expect(r.stdout).toContain(`stmt ${i} rows 1`);
      expect(r.code).toBe(0);
    });
  }
});
