// Where the project's scripts are, seen from dist/companion/.
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const STUDIES_DIR = fileURLToPath(new URL('../../scripts/studies/', import.meta.url));
export const PRIVATE_MARIADB_SCRIPT = fileURLToPath(new URL('../../scripts/mariadb-private.mjs', import.meta.url));
