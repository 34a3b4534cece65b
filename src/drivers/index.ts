// The driver registry: picks the driver a script asks for (or --db-driver) from the
// catalog and creates it with its part of the run's configuration.
//
// A driver's module (and its database client: mysql2, pg) loads only when a script creates
// that driver: a MySQL run never loads pg, and a state that never connects loads neither.
// Until the module is there, the driver is a stand-in whose connect() waits for it;
// preloadDriver() lets a worker start the import before its threads connect.
import type { Logger } from '../output.js';
import type { ConnectFailure, DbConnection, DbDriver, DbError, DriverContext, ThreadDraw } from './driver.js';
import { DRIVER_CATALOG, type DriverConfig, type DriverName } from './catalog.js';

export { DRIVER_CATALOG, readDriverConfig, type DriverConfig } from './catalog.js';

type Factory = (opts: DriverConfig[DriverName], ctx: DriverContext) => DbDriver;

const LOADERS: { [N in DriverName]: () => Promise<Factory> } = {
  mysql: () => import('./mysql/index.js').then((m) => m.createMysqlDriver as Factory),
  pgsql: () => import('./pgsql/index.js').then((m) => m.createPgsqlDriver as Factory),
};

const factories = new Map<DriverName, Factory>();
const loading = new Map<DriverName, Promise<Factory>>();

function isDriverName(name: string): name is DriverName {
  return Object.hasOwn(LOADERS, name);
}

function load(name: DriverName): Promise<Factory> {
  let p = loading.get(name);
  if (!p) {
    p = LOADERS[name]().then((f) => { factories.set(name, f); return f; });
    loading.set(name, p);
  }
  return p;
}

/** Starts loading a driver's module (names that are not drivers are ignored). */
export function preloadDriver(name: string): Promise<void> {
  if (!isDriverName(name)) return Promise.resolve();
  return load(name).then(() => undefined, () => undefined);
}

/** A driver whose module is still loading: connect() waits for it, the rest needs a connection first. */
class PendingDriver implements DbDriver {
  private real: DbDriver | null = null;

  constructor(readonly name: string, readonly description: string, private readonly make: () => Promise<DbDriver>) {}

  get canReconnect(): boolean | undefined { return this.real?.canReconnect; }

  connect(draw: ThreadDraw, cb: (err: ConnectFailure | null, con: DbConnection | null) => void): void {
    if (this.real !== null) return this.real.connect(draw, cb);
    this.make().then(
      (d) => { this.real ??= d; this.real.connect(draw, cb); },
      (e: unknown) => cb({ lines: [`failed to load the ${this.name} driver: ${(e as Error)?.message ?? e}`] }, null),
    );
  }

  // errors come from connections, which exist only once the driver has loaded
  isIgnorable(err: DbError): boolean { return this.real!.isIgnorable(err); }

  fatalLines(op: 'query' | 'execute' | 'prepare', err: DbError, query: string): string[] {
    return this.real!.fatalLines(op, err, query);
  }

  release(): void {
    this.real?.release?.();
  }
}

export function createDriver(requested: string | null, cfg: DriverConfig, log: Logger, nextConnectionIndex: () => number): DbDriver | string {
  if (cfg.invalidPsMode !== undefined) return `Invalid value for db-ps-mode: ${cfg.invalidPsMode}`;
  const name = requested ?? cfg.name;
  if (!isDriverName(name)) return `invalid database driver name: '${name}'`;
  const ctx: DriverContext = { log, psMode: cfg.psMode, nextConnectionIndex };
  const opts = cfg[name];
  const ready = factories.get(name);
  if (ready) return ready(opts, ctx);
  const surface = DRIVER_CATALOG.find((s) => s.name === name)!;
  return new PendingDriver(surface.name, surface.description, () => load(name).then((f) => f(opts, ctx)));
}
