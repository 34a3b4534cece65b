// The fileio test: prepare creates the files, run does real I/O in every mode, cleanup
// removes them; failures are reported; the request stream is sysbench's, bit for bit.
import { mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, statSync, truncateSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasReference, layout as maskedLayout, REFERENCE, sysbench, sysbenchAsync } from '../helpers/sysbench.js';

/** masked lines; "%8.2f" pads with spaces that depend on the value */
const layout = (text: string): string[] => maskedLayout(text).map((l) => l.replace(/\( /g, '('));

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'sb-fileio-'));
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const FILES = ['fileio', '--file-num=4', '--file-total-size=8M'];
const sizes = (dir: string): number[] =>
  readdirSync(dir).filter((f) => f.startsWith('test_file.')).sort().map((f) => statSync(join(dir, f)).size);

describe('fileio prepare / run / cleanup', () => {
  const dir = tempDir();
  const sb = (...args: string[]) => sysbench([...FILES, ...args], { cwd: dir });

  it('prepare creates --file-num files of exactly total/num bytes', () => {
    const r = sb('prepare');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('4 files, 2048Kb each, 8Mb total\nCreating files for the test...\nExtra file open flags: (none)\n' +
      'Creating file test_file.0\nCreating file test_file.1\nCreating file test_file.2\nCreating file test_file.3\n');
    expect(r.stdout).toMatch(/\n8388608 bytes written in \d+\.\d\d seconds \(\d+\.\d\d MiB\/sec\)\.\n$/);
    expect(sizes(dir)).toEqual([2097152, 2097152, 2097152, 2097152]);
  });

  it('prepare again reuses the files, and extends a short one', () => {
    truncateSync(join(dir, 'test_file.2'), 1000);
    const r = sb('prepare');
    expect(r.stdout).toContain('Reusing existing file test_file.1\nExtending existing file test_file.2\n');
    expect(sizes(dir)[2]).toBeGreaterThanOrEqual(2097152);
    truncateSync(join(dir, 'test_file.2'), 2097152);
  });

  for (const mode of ['seqwr', 'seqrewr', 'seqrd', 'rndrd', 'rndwr', 'rndrw']) {
    it(`run ${mode}`, () => {
      const r = sb(`--file-test-mode=${mode}`, '--events=300', '--file-fsync-freq=50', 'run');
      expect(r.code, r.stdout).toBe(0);
      expect(r.stdout).toMatch(/total number of events: +300\n/);
      const rate = (name: string) => Number(new RegExp(`${name}: +([\\d.]+)`).exec(r.stdout)![1]);
      const reads = mode.endsWith('rd') || mode === 'rndrw';
      const writes = mode.includes('wr') || mode === 'rndrw';
      expect(rate('reads/s') > 0, 'reads').toBe(reads);
      expect(rate('writes/s') > 0, 'writes').toBe(writes);
      expect(rate('fsyncs/s') > 0, 'fsyncs').toBe(writes);
      if (mode === 'seqwr') {
        // sequential write starts from empty files and fills them in order (some of the 300
        // events are fsyncs)
        const s = sizes(dir);
        const total = s.reduce((a, b) => a + b, 0);
        expect(s.slice(0, 2)).toEqual([2097152, 2097152]);
        expect(s[2]).toBeGreaterThan(0);
        expect(s[3]).toBe(0);
        expect(total % 16384).toBe(0);
        expect(total).toBeLessThanOrEqual(300 * 16384);
        expect(sb('prepare').code).toBe(0);
      }
      expect(sizes(dir)).toEqual([2097152, 2097152, 2097152, 2097152]);
    });
  }

  it('async mode does the I/O on the thread pool', () => {
    const r = sb('--file-test-mode=rndrw', '--file-io-mode=async', '--file-async-backlog=8', '--events=300', '--threads=2', 'run');
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toContain('Using asynchronous I/O mode\n');
    expect(Number(/reads\/s: +([\d.]+)/.exec(r.stdout)![1])).toBeGreaterThan(0);
  });

  it('mmap mode is refused with a clear message', () => {
    const r = sb('--file-test-mode=rndrd', '--file-io-mode=mmap', 'run');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("FATAL: mmap'ed I/O mode is not supported by sysbench-ts: Node.js cannot map files into memory.");
  });

  it('a file shorter than expected stops the run', () => {
    const r = sysbench(['fileio', '--file-num=2', '--file-total-size=16M', '--file-test-mode=rndrd', '--verbosity=2', 'run'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("FATAL: Size of file 'test_file.0' is 2MiB, but at least 8MiB is expected.\n" +
      "WARNING: Did you run 'prepare' with different --file-total-size or --file-num values?\n");
  });

  it('cleanup removes every file', () => {
    const r = sb('cleanup');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\nRemoving test files\.\.\.\n$/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('run without prepared files', () => {
    const r = sb('--file-test-mode=seqrd', '--verbosity=2', 'run');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("FATAL: Cannot open file 'test_file.0' errno = 2 (No such file or directory)\n" +
      'WARNING: Did you forget to run the prepare step?\n');
  });
});

describe('fileio checks and failures', () => {
  it('run needs --file-test-mode, and a valid one', () => {
    const dir = tempDir();
    let r = sysbench([...FILES, 'run'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('FATAL: Missing required argument: --file-test-mode\n\nfileio options:\n  --file-num=N');
    r = sysbench([...FILES, '--file-test-mode=foo', 'run'], { cwd: dir });
    expect(r.stdout).toContain('FATAL: Invalid IO operations mode: foo.\n');
  });

  it('a failed prepare reports the error and exits 1', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'test_file.0'));
    const r = sysbench([...FILES, 'prepare'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/\nFATAL: Can't open file errno = 21 \(Is a directory\)\n$/);
  });

  it('extra open flags are listed, and direct is not combined', () => {
    const dir = tempDir();
    const one = ['fileio', '--file-num=1', '--file-total-size=16K'];
    let r = sysbench([...one, '--file-extra-flags=dsync,sync', 'prepare'], { cwd: dir });
    expect(r.stdout).toContain('Extra file open flags: sync dsync \nCreating file test_file.0\n');
    r = sysbench([...one, '--file-extra-flags=direct,sync', 'prepare'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Extra file open flags: sync directio\nFATAL: Unknown extra flags value: 5\n');
    r = sysbench([...one, '--file-extra-flags=bogus', 'prepare'], { cwd: dir });
    expect(r.stdout).toContain('FATAL: Invalid value for file-extra-flags: bogus\n');
  });

  it('O_DIRECT I/O from page-aligned buffers', (ctx) => {
    const dir = tempDir();
    const args = ['fileio', '--file-num=2', '--file-total-size=1M', '--file-extra-flags=direct'];
    const p = sysbench([...args, 'prepare'], { cwd: dir });
    if (p.stdout.includes('errno = 22')) ctx.skip(); // the file system has no O_DIRECT
    expect(p.code, p.stdout).toBe(0);
    const r = sysbench([...args, '--file-test-mode=rndrw', '--events=200', 'run'], { cwd: dir });
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toContain('Extra file open flags: directio\n');
  });

  it('--validate: checksummed blocks pass, a corrupted block is caught', () => {
    const dir = tempDir();
    const args = ['fileio', '--file-num=2', '--file-total-size=1M', '--validate'];
    expect(sysbench([...args, 'prepare'], { cwd: dir }).code).toBe(0);
    let r = sysbench([...args, '--file-test-mode=rndrd', '--events=200', 'run'], { cwd: dir });
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toContain('Using checksums validation.\n');
    const fd = openSync(join(dir, 'test_file.0'), 'r+');
    writeSync(fd, Buffer.from([0xff, 0xee]), 0, 2, 100);
    closeSync(fd);
    r = sysbench([...args, '--file-test-mode=seqrd', '--events=1', 'run'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('FATAL: Checksum mismatch in block with offset: 0\n');
    expect(r.stdout).toContain('FATAL: Validation failed on file 0, block offset 0, exiting...\n');
  });
});

describe.skipIf(!hasReference)(`fileio equals ${REFERENCE}`, () => {
  const ours = tempDir();
  const ref = tempDir();
  const both = (args: string[]) => ({
    ours: sysbench([...FILES, ...args], { cwd: ours }),
    ref: sysbench([...FILES, ...args], { bin: REFERENCE, cwd: ref }),
  });

  it('prepare: same output layout, same files', () => {
    const r = both(['prepare']);
    expect(layout(r.ours.stdout)).toEqual(layout(r.ref.stdout));
    expect(sizes(ours)).toEqual(sizes(ref));
  });

  it('the same request stream for the same --rand-seed', () => {
    for (const mode of ['rndrw', 'rndwr', 'seqrewr']) {
      const r = both([`--file-test-mode=${mode}`, '--events=300', '--file-fsync-freq=7', '--rand-seed=7', '--debug', '--verbosity=5', 'run']);
      const requests = (s: string) => s.split('\n').filter((l) => l.startsWith('DEBUG: Executing request'));
      expect(requests(r.ours.stdout).length).toBe(300);
      expect(requests(r.ours.stdout), mode).toEqual(requests(r.ref.stdout));
    }
  });

  it('the same request stream on every run: nothing resets the counters rndrw decides by once the threads run', async () => {
    const args = [...FILES, '--file-test-mode=rndrw', '--events=300', '--rand-seed=11', '--debug', '--verbosity=5', 'run'];
    const requests = (s: string) => s.split('\n').filter((l) => l.startsWith('DEBUG: Executing request'));
    const expected = requests(sysbench(args, { bin: REFERENCE, cwd: ref }).stdout);
    expect(expected).toHaveLength(300);
    // runs side by side: on a busy machine the main thread is late to start its reports, when
    // a reset of the counters there would come after the first events
    for (let round = 0; round < 2; round++) {
      const runs = await Promise.all([0, 1, 2, 3, 4, 5].map(() => sysbenchAsync(args, { cwd: ours })));
      for (const r of runs) expect(requests(r.stdout)).toEqual(expected);
    }
  });

  for (const args of [
    ['--file-test-mode=rndrw', '--events=200', 'run'],
    ['--file-test-mode=seqwr', '--time=1', '--file-fsync-freq=0', 'run'],
    ['--file-test-mode=seqrd', '--events=100', '--file-merged-requests=4', '--file-fsync-all', 'run'],
    ['--file-test-mode=rndrd', '--file-block-size=4097', '--events=50', 'run'],
    ['--file-block-size=0', 'prepare'],
    ['--file-rw-ratio=-2', 'run'],
    ['cleanup'],
  ]) {
    it(args.join(' '), () => {
      const r = both(args);
      expect(r.ours.code).toBe(r.ref.code);
      expect(layout(r.ours.stdout)).toEqual(layout(r.ref.stdout));
    });
  }

  it('cleanup leaves nothing', () => {
    expect(readdirSync(ours)).toEqual(readdirSync(ref));
    expect(readdirSync(ours)).toEqual([]);
  });
});
