// Where the project's own files are, wherever the tool is started from.
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

/** project root: dist/paths.js lives one level below it */
export const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const OUR_LUA_DIR = join(PROJECT_ROOT, 'lua');
export const INTERNAL_LUA_DIR = join(OUR_LUA_DIR, 'internal');
/** where sysbench's packages install the stock scripts */
export const STOCK_LUA_DIR = '/usr/share/sysbench';
/**
 * The system script folder searched by name (after lua/); SYSBENCH_TS_SYSTEM_LUA_DIR points it
 * elsewhere, e.g. at an empty folder to see what a machine without sysbench's scripts gets.
 */
export const SYSTEM_LUA_DIR = process.env.SYSBENCH_TS_SYSTEM_LUA_DIR || STOCK_LUA_DIR;
/** our own 1.0-style workloads: searched after SYSTEM_LUA_DIR, so the stock scripts stay the default */
export const WORKLOADS_LUA_DIR = join(OUR_LUA_DIR, 'workloads');
export const VERSION = '1.0.20';
