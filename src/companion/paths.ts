// Where the project's scripts are: under the project root, which is one level above the
// program folder both in dist/ and in bundle/ (src/paths.ts). An installed package has no
// scripts/ (the studies are part of a clone only).
import { join } from 'node:path';
import { PROJECT_ROOT } from '../paths.js';

export const ROOT = PROJECT_ROOT;
export const STUDIES_DIR = join(PROJECT_ROOT, 'scripts', 'studies');
