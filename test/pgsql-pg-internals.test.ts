// The pgsql driver runs its protocol exchanges on pg internals (src/drivers/pgsql/protocol.ts,
// connect.ts): pg's Client takes "submittable" objects and hands them every reply message,
// and its Connection writes protocol messages. package.json pins pg to one exact version;
// these checks name what changed when another version does not behave the same.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/sysbench.js';
import { hasPgsql, PG_HOST, PG_PORT, PG_USER } from './helpers/pgsql.js';

const installed = (JSON.parse(readFileSync(join(ROOT, 'node_modules', 'pg', 'package.json'), 'utf8')) as { version: string }).version;
const pinned = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies.pg;

describe('pg internals the pgsql driver relies on', () => {
  it('pg is pinned to one exact version, and that version is installed', () => {
    expect(pinned, 'package.json must pin pg exactly (no ^ or ~): the driver uses its internals').toMatch(/^\d+\.\d+\.\d+$/);
    expect(installed, `pg ${installed} is installed, package.json pins ${pinned}: run npm install, or re-check these internals and pin the new version`).toBe(pinned);
  });

  it("pg.Connection writes the protocol messages we send (query, parse, sync, sendCopyFail) and exposes its stream", () => {
    const missing = ['query', 'parse', 'sync', 'sendCopyFail'].filter((m) => typeof (pg.Connection.prototype as unknown as Record<string, unknown>)[m] !== 'function');
    expect(missing, `pg.Connection.prototype no longer has: ${missing.join(', ')}`).toEqual([]);
    const client = new pg.Client() as unknown as { connection?: { stream?: { write?: unknown } } };
    expect(typeof client.connection?.stream?.write, 'pg.Client#connection.stream.write (ExecOp writes Bind/Describe/Execute/Sync itself)').toBe('function');
  });

  it("pg.Client hands each reply message to the submittable in flight (its handle* methods)", () => {
    const proto = pg.Client.prototype as unknown as Record<string, unknown>;
    const dispatch: [string, string][] = [
      ['_handleRowDescription', 'handleRowDescription('],
      ['_handleDataRow', 'handleDataRow('],
      ['_handleCommandComplete', 'handleCommandComplete('],
      ['_handleEmptyQuery', 'handleEmptyQuery('],
      ['_handleErrorMessage', 'handleError('],
      ['_handleReadyForQuery', 'handleReadyForQuery('],
      ['_handlePortalSuspended', 'handlePortalSuspended('],
      ['_handleCopyInResponse', 'handleCopyInResponse('],
      ['_handleCopyData', 'handleCopyData('],
    ];
    const changed = dispatch.filter(([fn, call]) => typeof proto[fn] !== 'function' || !String(proto[fn]).includes(call))
      .map(([fn, call]) => `Client#${fn} no longer calls ${call.slice(0, -1)}()`);
    expect(changed).toEqual([]);
    expect(String(proto._pulseQueryQueue), 'Client#_pulseQueryQueue no longer calls submit(connection)').toContain('.submit(this.connection)');
    expect(String(proto.query), 'Client#query no longer takes objects with a submit() method').toContain('typeof config.submit');
  });

  it.skipIf(!hasPgsql)('a submittable sees the replies, ParameterStatus arrives on client.connection, errors carry SQLSTATE and position', async () => {
    const client = new pg.Client({ host: PG_HOST, port: Number(PG_PORT), user: PG_USER, database: 'postgres' });
    const status = new Map<string, string>();
    (client as unknown as { connection: { on(e: string, f: (m: { parameterName: string; parameterValue: string }) => void): void } })
      .connection.on('parameterStatus', (m) => status.set(m.parameterName, m.parameterValue));
    await client.connect();
    try {
      expect(status.get('standard_conforming_strings'), "client.connection's 'parameterStatus' events (quoting depends on standard_conforming_strings)").toMatch(/^(on|off)$/);
      const events: string[] = [];
      const run = (text: string): Promise<unknown> => new Promise((resolve) => {
        const op = {
          callback: undefined,
          submit(connection: { query(t: string): void }) { connection.query(text); return null; },
          handleRowDescription(m: { fields: unknown[] }) { events.push(`rowDescription ${m.fields.length}`); },
          handleDataRow(m: { fields: unknown[] }) { events.push(`dataRow ${JSON.stringify(m.fields)}`); },
          handleCommandComplete(m: { text: string }) { events.push(`commandComplete ${m.text}`); },
          handleEmptyQuery() { events.push('emptyQuery'); },
          handlePortalSuspended() {},
          handleCopyInResponse() {},
          handleCopyData() {},
          handleError(e: unknown) { resolve(e); },
          handleReadyForQuery() { resolve(null); },
        };
        client.query(op as never);
      });
      expect(await run("SELECT 1, NULL::text, 'x'")).toBe(null);
      expect(events).toEqual(['rowDescription 3', 'dataRow ["1",null,"x"]', 'commandComplete SELECT 1']);
      const err = await run('SELECT * FROM no_such_table') as { code?: string; severity?: string; position?: string };
      expect({ code: err.code, severity: err.severity, position: err.position }, "pg's error fields (code, severity, position)").toEqual({ code: '42P01', severity: 'ERROR', position: '15' });
    } finally {
      await client.end();
    }
  });
});
