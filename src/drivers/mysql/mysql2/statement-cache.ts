// mysql2 keeps a connection's prepared statements in an LRU cache (connection._statements) whose
// arrays it allocates in full when the connection is created: four arrays of
// maxPreparedStatements (16000) slots, 0.5 MB per connection before a single statement is
// prepared. A run of 100 threads then spends 50 MB of heap and most of its start-up in the
// garbage collector on caches that hold one statement each. This one keeps mysql2's behaviour
// (least recently used first out at the same limit; eviction, replacement and clear close the
// statement, as mysql2's onEviction does) in a Map that grows with what it holds. delete does
// not close: its one caller, mysql2's unprepare(), closes the statement itself right after
// (through lru.min's onEviction as well, every stmt:close() sent COM_STMT_CLOSE twice, where
// sysbench sends it once).
//
// mysql2 is pinned to one exact version (package.json); test/e2e/mysql/mysql-statement-cache.test.ts
// fails when the cache is no longer where and what this file expects.

/** What mysql2 stores: a PreparedStatementInfo, closed (COM_STMT_CLOSE) when evicted. */
interface Closable { close(): void }

/** mysql2's default maxPreparedStatements (lib/connection_config.js). */
export const MYSQL2_MAX_PREPARED = 16000;

export class StatementCache<K, V extends Closable> {
  // a Map iterates in insertion order: the first key is the least recently used
  private readonly map = new Map<K, V>();

  constructor(private readonly max: number) {}

  get size(): number { return this.map.size; }

  get(key: K): V | undefined {
    const v = this.map.get(key);
    if (v === undefined) return undefined;
    // most recently used: to the end
    this.map.delete(key);
    this.map.set(key, v);
    return v;
  }

  peek(key: K): V | undefined { return this.map.get(key); }

  has(key: K): boolean { return this.map.has(key); }

  set(key: K, value: V): void {
    if (key === undefined) return;
    const old = this.map.get(key);
    if (old !== undefined) {
      old.close();
      this.map.delete(key);
    } else if (this.map.size >= this.max) {
      const [k, v] = this.map.entries().next().value as [K, V];
      v.close();
      this.map.delete(k);
    }
    this.map.set(key, value);
  }

  /** Forgets the statement of `key` without closing it (mysql2's unprepare() closes it). */
  delete(key: K): boolean {
    return this.map.delete(key);
  }

  clear(): void {
    for (const v of this.map.values()) v.close();
    this.map.clear();
  }
}

/**
 * mysql2's maxPreparedStatements for our connections: the size of the cache mysql2 creates,
 * which useStatementCache() replaces before the connection prepares anything.
 */
export const MYSQL2_LRU_SLOTS = 1;

/** Gives a connection created with MYSQL2_LRU_SLOTS a StatementCache with mysql2's default limit. */
export function useStatementCache(raw: unknown): void {
  const con = raw as { _statements?: unknown };
  if (con._statements === undefined) throw new Error('mysql2 connection has no _statements cache (mysql2 internals changed)');
  con._statements = new StatementCache(MYSQL2_MAX_PREPARED);
}
