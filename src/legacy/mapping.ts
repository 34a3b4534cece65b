// sysbench 0.5 -> 1.0: what replaced each legacy option and each 0.5 OLTP script. The data
// behind --legacy-help (help.ts). Option names are kept with '-' (sysbench accepts '_' too).
//
// Sources: sysbench 1.0.20's own deprecated aliases (sysbench.c), the globals the 0.5 OLTP
// scripts read (tests/include/oltp_legacy/ in 1.0.20) and the options the 1.0 scripts declare
// (oltp_common.lua, select_random_*.lua).

export type LegacyOptionKind =
  /** sysbench's own (deprecated alias of a 1.0 general option) */
  | 'general'
  /** read by the 0.5 OLTP scripts as a global; the 1.0 scripts declare an option for it */
  | 'script'
  /** read by the 0.5 scripts; selects a different 1.0 script instead of an option */
  | 'script-choice'
  /** read by the 0.5 scripts; the 1.0 scripts have nothing like it */
  | 'dropped';

export interface LegacyOption {
  /** 0.5 name, with dashes */
  readonly name: string;
  readonly kind: LegacyOptionKind;
  /** the 1.0 option name (general, script), or null */
  readonly replacement: string | null;
  /** one line for the table */
  readonly note: string;
}

export const LEGACY_OPTIONS: readonly LegacyOption[] = [
  { name: 'test', kind: 'general', replacement: null, note: 'the test name, now the first positional argument: sysbench NAME [options] COMMAND' },
  { name: 'num-threads', kind: 'general', replacement: 'threads', note: 'number of threads' },
  { name: 'max-requests', kind: 'general', replacement: 'events', note: 'limit for total number of events (0.5 default 10000; 1.0 default 0 = no limit)' },
  { name: 'max-time', kind: 'general', replacement: 'time', note: 'limit for total execution time in seconds (0.5 default 0; 1.0 default 10)' },
  { name: 'tx-rate', kind: 'general', replacement: 'rate', note: 'average transactions rate' },

  { name: 'oltp-table-size', kind: 'script', replacement: 'table-size', note: 'rows per table [10000]' },
  { name: 'oltp-tables-count', kind: 'script', replacement: 'tables', note: 'number of tables [1]' },
  { name: 'oltp-range-size', kind: 'script', replacement: 'range-size', note: 'range size of range SELECTs [100]' },
  { name: 'oltp-point-selects', kind: 'script', replacement: 'point-selects', note: 'point SELECTs per transaction [10]' },
  { name: 'oltp-simple-ranges', kind: 'script', replacement: 'simple-ranges', note: 'simple range SELECTs per transaction [1]' },
  { name: 'oltp-sum-ranges', kind: 'script', replacement: 'sum-ranges', note: 'SELECT SUM() ranges per transaction [1]' },
  { name: 'oltp-order-ranges', kind: 'script', replacement: 'order-ranges', note: 'SELECT ... ORDER BY ranges per transaction [1]' },
  { name: 'oltp-distinct-ranges', kind: 'script', replacement: 'distinct-ranges', note: 'SELECT DISTINCT ranges per transaction [1]' },
  { name: 'oltp-index-updates', kind: 'script', replacement: 'index-updates', note: 'UPDATEs of the indexed column per transaction [1]' },
  { name: 'oltp-non-index-updates', kind: 'script', replacement: 'non-index-updates', note: 'UPDATEs of a non-indexed column per transaction [1]' },
  { name: 'oltp-delete-inserts', kind: 'script', replacement: 'delete-inserts', note: 'DELETE/INSERT pairs per transaction [1]' },
  { name: 'oltp-range-selects', kind: 'script', replacement: 'range-selects', note: 'range SELECTs on/off [on]' },
  { name: 'oltp-auto-inc', kind: 'script', replacement: 'auto-inc', note: 'AUTO_INCREMENT ids on/off [on]' },
  { name: 'oltp-skip-trx', kind: 'script', replacement: 'skip-trx', note: 'no BEGIN/COMMIT around events [off]' },
  { name: 'oltp-create-secondary', kind: 'script', replacement: 'create-secondary', note: 'secondary index on k [on]' },
  { name: 'oltp-secondary', kind: 'script', replacement: 'secondary', note: 'id as a secondary key instead of the primary key (0.5: any value means on)' },
  { name: 'mysql-table-engine', kind: 'script', replacement: 'mysql-storage-engine', note: 'storage engine of the tables [innodb]' },
  { name: 'pgsql-variant', kind: 'script', replacement: 'pgsql-variant', note: 'PostgreSQL variant (redshift)' },
  { name: 'random-points', kind: 'script', replacement: 'random-points', note: 'select_random_points: values per IN () [10]' },
  { name: 'number-of-ranges', kind: 'script', replacement: 'number-of-ranges', note: 'select_random_ranges: BETWEEN ranges per SELECT [10]' },
  { name: 'random-ranges-delta', kind: 'script', replacement: 'delta', note: 'select_random_ranges: size of BETWEEN ranges [5]' },

  { name: 'oltp-read-only', kind: 'script-choice', replacement: null, note: 'on: the oltp_read_only script' },
  { name: 'oltp-write-only', kind: 'script-choice', replacement: null, note: 'on: the oltp_write_only script' },

  { name: 'myisam-max-rows', kind: 'dropped', replacement: null, note: 'MAX_ROWS of the tables [1000000]; the 1.0 scripts set no MAX_ROWS' },
  { name: 'mysql-table-options', kind: 'dropped', replacement: null, note: 'text appended to CREATE TABLE; no 1.0 script option' },
];

const BY_NAME = new Map(LEGACY_OPTIONS.map((o) => [o.name, o]));

/** The legacy option of this name ('_' or '-'), or undefined. */
export function findLegacyOption(name: string): LegacyOption | undefined {
  return BY_NAME.get(name.replaceAll('_', '-'));
}

export interface LegacyScript {
  /** 0.5 script name (file name without .lua) */
  readonly name: string;
  /** the nearest sysbench 1.0 script */
  readonly replacement: string;
  /** the 1.0 command word when it differs from the 0.5 one (parallel_prepare's run is a prepare) */
  readonly runCommand?: string;
  readonly note: string;
}

export const LEGACY_SCRIPTS_MAP: readonly LegacyScript[] = [
  { name: 'oltp', replacement: 'oltp_read_write', note: 'oltp_read_only with --oltp-read-only=on, oltp_write_only with --oltp-write-only=on' },
  { name: 'select', replacement: 'oltp_point_select', note: '0.5 selects the pad column, 1.0 the c column' },
  { name: 'oltp_simple', replacement: 'oltp_point_select', note: 'same point select' },
  { name: 'insert', replacement: 'oltp_insert', note: '' },
  { name: 'delete', replacement: 'oltp_delete', note: '' },
  { name: 'update_index', replacement: 'oltp_update_index', note: '' },
  { name: 'update_non_index', replacement: 'oltp_update_non_index', note: '' },
  { name: 'parallel_prepare', replacement: 'oltp_read_write', runCommand: 'prepare', note: "1.0's prepare fills the tables in parallel, one thread per table" },
  { name: 'select_random_points', replacement: 'select_random_points', note: 'same name in 1.0' },
  { name: 'select_random_ranges', replacement: 'select_random_ranges', note: 'same name in 1.0' },
  { name: 'bulk_insert', replacement: 'bulk_insert', note: 'same name in 1.0; one table per --threads (0.5: per --num-threads)' },
];

/** The 0.5 script a test name or path refers to (by its base name), or undefined. */
export function findLegacyScript(test: string): LegacyScript | undefined {
  let base = test.slice(test.lastIndexOf('/') + 1);
  if (base.endsWith('.lua')) base = base.slice(0, -4);
  return LEGACY_SCRIPTS_MAP.find((s) => s.name === base);
}
