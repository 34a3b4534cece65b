// Where the project's own files are, wherever the tool is started from.
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

/** project root: dist/paths.js lives one level below it */
export const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const OUR_LUA_DIR = join(PROJECT_ROOT, 'lua');
export const INTERNAL_LUA_DIR = join(OUR_LUA_DIR, 'internal');
export const SYSTEM_LUA_DIR = '/usr/share/sysbench';
export const VERSION = '1.0.20';
