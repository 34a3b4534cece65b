// Where the project's own files are, wherever the tool is started from.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

/**
 * The folder of the running program: dist/ (tsc, one file per module) or bundle/ (esbuild,
 * scripts/bundle.mjs). This module's code sits directly in it either way (bundle/: inside each
 * program file, all in one folder), as do the worker entries below.
 */
export const PROGRAM_DIR = dirname(fileURLToPath(import.meta.url));
/** project (or installed package) root: the program folder is one level below it */
export const PROJECT_ROOT = join(PROGRAM_DIR, '..');
/** the CommonJS file piscina starts each worker thread with (src/worker-entry.cts) */
export const WORKER_ENTRY = pathToFileURL(join(PROGRAM_DIR, 'worker-entry.cjs'));
/** bundle/'s programs are CommonJS files (.cjs, loaded with the code cache), dist/'s ES modules */
const PROGRAM_EXT = import.meta.url.endsWith('.cjs') ? '.cjs' : '.js';
/** the worker modules of Lua scripts and of the built-in tests (src/lua-worker.ts, src/builtin-worker.ts) */
export const LUA_WORKER = pathToFileURL(join(PROGRAM_DIR, 'lua-worker' + PROGRAM_EXT));
export const BUILTIN_WORKER = pathToFileURL(join(PROGRAM_DIR, 'builtin-worker' + PROGRAM_EXT));
/** the --rate event generator's thread (src/rate-generator.ts) */
export const RATE_GENERATOR = pathToFileURL(join(PROGRAM_DIR, 'rate-generator' + PROGRAM_EXT));
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
