// The pgsql driver's configuration: sysbench's option defaults, --pgsql-sslmode (1.1) and
// --pgsql-ignore-errors (extension; listed by the extensions help only), the driver list
// (pgsql next to mysql), and what the driver says about itself (name, no reconnect). `--db-driver=help` fails as in 1.0.20 (no special meaning).
import { beforeAll, describe, expect, it } from 'vitest';
import { createDefaultRegistry, parseGeneralArguments } from '../../../src/options/parser.js';
import { formatExtensionsHelp, formatGeneralHelp } from '../../../src/options/help.js';
import { createDriver, DRIVER_CATALOG, preloadDriver, readDriverConfig } from '../../../src/drivers/index.js';
import { DRIVER_DEFS } from '../../../src/options/defs/db.js';
import { Logger } from '../../../src/output.js';
import { hasReference, REFERENCE, STOCK, sysbench } from '../../helpers/sysbench.js';
import { existsSync } from 'node:fs';

function config(argv: string[]) {
  const reg = createDefaultRegistry();
  parseGeneralArguments(argv, reg);
  return readDriverConfig(reg);
}

describe('pgsql options', () => {
  // drivers load their module on first use: with it loaded, createDriver gives the driver itself
  beforeAll(() => preloadDriver('pgsql'));

  it("has sysbench's defaults", () => {
    expect(config([]).pgsql).toEqual({
      host: 'localhost', port: '5432', user: 'sbtest', password: '', db: 'sbtest',
      sslmode: 'prefer', ignoreErrors: ['40P01', '23505', '40001'],
    });
    expect(config([]).psMode).toBe('auto');
  });

  it('takes every --pgsql-* option and --db-ps-mode', () => {
    const c = config(['--pgsql-host=db1', '--pgsql-port=6543', '--pgsql-user=u', '--pgsql-password=p', '--pgsql-db=d',
      '--pgsql-sslmode=require', '--pgsql-ignore-errors=40001,all', '--db-ps-mode=disable', '--db-driver=pgsql']);
    expect(c.name).toBe('pgsql');
    expect(c.psMode).toBe('disable');
    expect(c.pgsql).toEqual({
      host: 'db1', port: '6543', user: 'u', password: 'p', db: 'd',
      sslmode: 'require', ignoreErrors: ['40001', 'all'],
    });
  });

  it('lists --pgsql-ignore-errors and --pgsql-sslmode in the extensions help only', () => {
    expect(formatExtensionsHelp()).toMatch(/--pgsql-ignore-errors=\[LIST,\.\.\.\] +list of PostgreSQL SQLSTATE codes .*\[40P01,23505,40001\]/);
    expect(formatExtensionsHelp()).toContain('--pgsql-sslmode=STRING');
    expect(formatGeneralHelp()).not.toContain('pgsql-ignore-errors');
    expect(formatGeneralHelp()).not.toContain('pgsql-sslmode');
    expect(formatGeneralHelp()).toContain('  pgsql - PostgreSQL driver\n');
  });

  it('creates the pgsql driver by name', () => {
    expect(DRIVER_CATALOG.map((d) => `${d.name} - ${d.description}`)).toEqual(['mysql - MySQL driver', 'pgsql - PostgreSQL driver']);
    // the drivers that can be created are those the command line lists, in its order
    expect(DRIVER_CATALOG.map((d) => d.name)).toEqual(DRIVER_DEFS.map((d) => d.name));
    const drv = createDriver('pgsql', config([]), new Logger(0, () => {}), () => 0);
    expect(typeof drv).not.toBe('string');
    if (typeof drv === 'string') return;
    expect(drv.name).toBe('pgsql');
    expect(drv.description).toBe('PostgreSQL driver');
    expect(drv.canReconnect).toBe(false);
    const err = { errno: 0, message: 'm', connectionLost: false };
    expect(drv.isIgnorable({ ...err, sqlState: '40P01' })).toBe(true);
    expect(drv.isIgnorable({ ...err, sqlState: '23505' })).toBe(true);
    expect(drv.isIgnorable({ ...err, sqlState: '40001' })).toBe(true);
    expect(drv.isIgnorable({ ...err, sqlState: '42P01' })).toBe(false);
    const all = createDriver('pgsql', config(['--pgsql-ignore-errors=all']), new Logger(0, () => {}), () => 0);
    expect(typeof all !== 'string' && all.isIgnorable({ ...err, sqlState: '42P01' })).toBe(true);
    expect(createDriver('pgsqlx', config([]), new Logger(0, () => {}), () => 0)).toBe("invalid database driver name: 'pgsqlx'");
  });

  it.skipIf(!existsSync(STOCK))('--db-driver=help is just an unknown driver name, as in 1.0.20', () => {
    const ours = sysbench(['--db-driver=help', 'oltp_read_only', 'run']);
    expect(ours.code).toBe(1);
    expect(ours.stdout).toContain("FATAL: invalid database driver name: 'help'\n");
    if (hasReference) {
      const ref = sysbench(['--db-driver=help', 'oltp_read_only', 'run'], { bin: REFERENCE });
      expect(ours.stdout).toBe(ref.stdout);
      expect(ours.code).toBe(ref.code);
    }
  });
});
