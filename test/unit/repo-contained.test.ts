// The tests need nothing outside the repository but what they name on purpose: the reference
// binary and Debian's sysbench scripts (skipped when missing), the database servers' sockets
// and logs, temporary folders. A clone alone must pass: no test may read a folder next to the
// repository or a developer's own paths. The self-check's examples of such paths live in
// test/fixtures/repo-contained/samples.json, which the scan leaves out.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCANNED = ['test', 'vitest.config.ts'];

/** absolute paths outside the repository that tests may name */
const ALLOWED = [
  /^\/usr\/bin\/sysbench$/, /^\/usr\/share\/sysbench(\/|$)/, /^\/usr\/share\/doc\/sysbench\//, /^\/usr\/bin\/script$/,
  /^\/usr\/s?bin\/mariadbd$/, /^\/(var\/)?run\/mysqld\//, /^\/var\/log\/postgresql\//, /^\/tmp(\/|$)/,
  /^\/nonexistent/, /^\/dev\/null$/, /^\/proc\//,
];
/** folders an absolute path of this machine would start with */
const ROOTS = /^\/(work|home|root|usr|opt|srv|mnt|media|etc|var|run|tmp|scratch|data|nonexistent[\w.-]*|dev|proc)(\/|$)/;

function files(path: string): string[] {
  const full = join(ROOT, path);
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((f) => join(full, f))
    .filter((f) => /\.(ts|cts|mts|js|mjs|cjs|json|sh)$/.test(f) && statSync(f).isFile());
}

/** what a file names outside the repository: absolute paths and paths climbing out of it */
function outsidePaths(text: string, depth: number): string[] {
  const found: string[] = [];
  // string literals and comments alike: an absolute path of this machine in prose is a smell too
  for (const m of text.matchAll(/(?<![\w.:/$}-])(\/[A-Za-z][\w.-]*(?:\/[\w.*-]+)*\/?)/g)) {
    const p = m[1];
    if (ROOTS.test(p) && !ALLOWED.some((a) => a.test(p))) found.push(p);
  }
  // ../ sequences that leave the repository from a file `depth` folders below its root
  for (const m of text.matchAll(/(?:\.\.\/){1,}[\w.-]*/g)) {
    const ups = m[0].split('../').length - 1;
    if (ups > depth) found.push(m[0]);
  }
  return found;
}

interface Sample { text: string; depth: number; found?: string[] }
const SAMPLES_FILE = join('test', 'fixtures', 'repo-contained', 'samples.json');
const SAMPLES = JSON.parse(readFileSync(join(ROOT, SAMPLES_FILE), 'utf8')) as { flagged: Sample[]; clean: Sample[] };
/** files the scan skips: this test and its own examples of what it flags */
const NOT_SCANNED = new Set([join('test', 'unit', 'repo-contained.test.ts'), SAMPLES_FILE]);

describe('tests stay inside the repository', () => {
  it('the check itself flags paths outside (it can fail)', () => {
    expect(SAMPLES.flagged.length).toBeGreaterThan(0);
    for (const s of SAMPLES.flagged) expect(outsidePaths(s.text, s.depth), s.text).toEqual(s.found);
    for (const s of SAMPLES.clean) expect(outsidePaths(s.text, s.depth), s.text).toEqual([]);
  });

  for (const f of SCANNED.flatMap(files)) {
    const rel = relative(ROOT, f);
    if (NOT_SCANNED.has(rel)) continue;
    it(rel, () => {
      const depth = rel.split('/').length - 1;
      expect(outsidePaths(readFileSync(f, 'utf8'), depth)).toEqual([]);
    });
  }
});
