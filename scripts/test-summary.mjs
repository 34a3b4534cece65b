// Prints vitest's JSON result: the suite's wall time and its 10 slowest files, then the plain
// closing line "N passed, N failed, N skipped" (last, for whoever reads the log's end).
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const r = JSON.parse(readFileSync(process.argv[2] ?? 'tmp/vitest.json', 'utf8'));
const files = (r.testResults ?? [])
  .filter((f) => Number.isFinite(f.startTime) && Number.isFinite(f.endTime))
  .map((f) => ({ name: relative(process.cwd(), f.name), ms: f.endTime - f.startTime, end: f.endTime }));
if (files.length > 0 && Number.isFinite(r.startTime)) {
  const wallS = (Math.max(...files.map((f) => f.end)) - r.startTime) / 1000;
  console.log(`suite wall time: ${Math.floor(wallS / 60)} min ${(wallS % 60).toFixed(0)} s, ${files.length} files`);
  console.log('slowest files:');
  for (const f of [...files].sort((a, b) => b.ms - a.ms).slice(0, 10)) {
    console.log(`  ${(f.ms / 1000).toFixed(1).padStart(6)} s  ${f.name}`);
  }
}
const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
process.exit(r.numFailedTests > 0 ? 1 : 0);
