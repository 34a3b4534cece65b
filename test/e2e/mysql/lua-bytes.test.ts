// Lua strings are bytes, end to end: what a script prints (print, io.write), what an option
// gives it (sysbench.opt), the SQL text it sends and the binary values it reads back keep
// bytes that are not UTF-8, as with sysbench (no U+FFFD).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, createDatabase, dropDatabase, hasReference, mysqlArgs, REFERENCE } from '../../helpers/sysbench.js';
import { decodeBytes, encodeText } from '../../../src/format/bytes.js';

const DB = 'sbtest_lua_bytes';
const DIR = mkdtempSync(join(tmpdir(), 'sbts-bytes-'));
writeFileSync(join(DIR, 'bytes.lua'), [
  'sysbench.cmdline.options = { raw = {"bytes", ""} }',
  'function event()',
  '  io.write("\\255\\254\\n")',
  '  print("a\\128b", "\\195\\169")',
  '  print("opt:" .. sysbench.opt.raw .. ":" .. #sysbench.opt.raw)',
  '  local con = sysbench.sql.driver():connect()',
  '  con:query("DROP TABLE IF EXISTS t")',
  '  con:query("CREATE TABLE t (b VARBINARY(20))")',
  '  con:query("INSERT INTO t VALUES (\'\\255\\254\\0\\1\'), (\'" .. sysbench.opt.raw .. "\')")',
  '  local rs = con:query("SELECT b, HEX(b) FROM t ORDER BY b")',
  '  for i = 1, rs.nrows do',
  '    local row = rs:fetch_row()',
  '    print("row:" .. #row[1] .. ":" .. row[2] .. ":" .. tostring(row[1] == sysbench.opt.raw or row[1] == "\\255\\254\\0\\1"))',
  '  end',
  '  con:query("DROP TABLE t")',
  'end',
  '',
].join('\n'));

beforeAll(() => createDatabase(DB));
afterAll(() => {
  dropDatabase(DB);
  rmSync(DIR, { recursive: true, force: true });
});

function run(bin: string): Buffer {
  // Node passes arguments as UTF-8: the shell puts the raw bytes F0 28 FF in the option
  const script = `exec "$0" --events=1 ${mysqlArgs(DB).join(' ')} --raw=$'\\xf0\\x28\\xff' bytes.lua run`;
  const r = spawnSync('bash', ['-c', script, bin], { cwd: DIR, timeout: 60_000 });
  expect(r.status, r.stdout?.toString()).toBe(0);
  const out = r.stdout;
  const from = out.indexOf('Threads started!\n\n') + 'Threads started!\n\n'.length;
  return out.subarray(from, out.indexOf('SQL statistics'));
}

describe('bytes that are not UTF-8', () => {
  it('round-trip through the text conversion', () => {
    const b = Buffer.from([0xff, 0xfe, 0x61, 0xc3, 0xa9, 0xed, 0xa0, 0x80, 0xf0, 0x9f, 0x98, 0x80, 0x80]);
    expect(encodeText(decodeBytes(b))).toEqual(b);
    expect(decodeBytes(Buffer.from('é😀', 'utf8'))).toBe('é😀');
  });

  it('reach the output, sysbench.opt and the server unchanged', () => {
    const out = run(BIN);
    const expected = Buffer.concat([
      Buffer.from([0xff, 0xfe, 0x0a]),
      Buffer.from('a\x80b\t\xc3\xa9\n', 'latin1'),
      Buffer.from('opt:\xf0\x28\xff:3\n', 'latin1'),
      Buffer.from('row:3:F028FF:true\nrow:4:FFFE0001:true\n', 'latin1'),
    ]);
    expect(out.toString('hex')).toBe(expected.toString('hex'));
  });

  it.skipIf(!hasReference)(`as ${REFERENCE} prints them`, () => {
    expect(run(BIN).toString('hex')).toBe(run(REFERENCE).toString('hex'));
  });
});
