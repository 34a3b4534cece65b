// sysbench 0.5 option syntax as sysbench 1.0.20 accepts it: --test=, the deprecated
// --num-threads / --max-requests / --max-time / --tx-rate with their warnings word for word,
// and options a script without sysbench.cmdline.options reads as globals (strings, '-' -> '_'),
// next to the compat globals (thread_id, test, mysql_table_engine, myisam_max_rows, ...).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDefaultRegistry } from '../../src/options/parser.js';
import { hasReference, REFERENCE, sysbenchAsync } from '../helpers/sysbench.js';

let dir = '';
beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'sbtest-legacy-options-')); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TEST_WARNING = 'WARNING: the --test option is deprecated. You can pass a script name or path on the command line without any options.\n';

it('prints the deprecation warnings word for word (stderr for --test, the log for the aliases)', async () => {
  const path = join(dir, 'nothing.lua');
  writeFileSync(path, 'function event() end\n');
  const argv = [`--test=${path}`, '--num-threads=2', '--max-requests=4', '--max-time=5', '--tx-rate=1000', 'run'];
  const ours = await sysbenchAsync(argv);
  expect(ours.code).toBe(0);
  expect(ours.stderr).toBe(TEST_WARNING);
  expect(ours.stdout.split('\n').slice(0, 5)).toEqual([
    'WARNING: --num-threads is deprecated, use --threads instead',
    'WARNING: --max-requests is deprecated, use --events instead',
    'WARNING: --max-time is deprecated, use --time instead',
    'WARNING: --tx-rate is deprecated, use --rate instead',
    'sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)',
  ]);
  expect(ours.stdout).toContain('Number of threads: 2\nTarget transaction rate: 1000/sec\n');
  expect(ours.stdout).toMatch(/total number of events:\s+4\n/);
  if (!hasReference) return;
  const ref = await sysbenchAsync(argv, { bin: REFERENCE });
  expect(ours.stderr).toBe(ref.stderr);
  expect(ours.stdout.split('\n').slice(0, 12)).toEqual(ref.stdout.split('\n').slice(0, 12));
});

// prints every global holding a string, number or boolean, sorted
const DUMP = `function event(tid)
  local names = {}
  for k, v in pairs(_G) do
    local t = type(v)
    if t == "string" or t == "number" or t == "boolean" then names[#names + 1] = k end
  end
  table.sort(names)
  for _, k in ipairs(names) do print(k .. "\\t" .. type(_G[k]) .. "\\t" .. tostring(_G[k])) end
end
`;

// our extension options are exported like any other (and Lua 5.3 is not 5.1)
const stock = createDefaultRegistry({ extensions: false });
const OURS_ONLY = new Set(['_VERSION', ...createDefaultRegistry().options().map((o) => o.name).filter((n) => !stock.has(n))]);

async function globals(bin: string | undefined, extra: string[]): Promise<Map<string, string>> {
  const path = join(dir, 'dump.lua');
  writeFileSync(path, DUMP);
  const r = await sysbenchAsync([`--test=${path}`, '--max-requests=1', '--verbosity=0', ...extra, 'run'], bin ? { bin } : {});
  expect(r.code, r.stdout + r.stderr).toBe(0);
  const out = new Map<string, string>();
  for (const line of r.stdout.trim().split('\n')) {
    const [name, ...rest] = line.split('\t');
    if (!OURS_ONLY.has(name)) out.set(name, rest.join('\t'));
  }
  return out;
}

it('hands undeclared options to the script as global strings, next to the compat globals', async () => {
  const extra = ['--oltp-table-size=100', '--oltp_read_only=on', '--mysql-table-engine=myisam', '--oltp-auto-inc=off',
    '--foo-bar', '--num-threads=1', '--db-driver=mysql', '--rand-seed=4'];
  const ours = await globals(undefined, extra);
  expect(ours.get('oltp_table_size')).toBe('string\t100');
  expect(ours.get('oltp_read_only')).toBe('string\ton');
  expect(ours.get('oltp_auto_inc')).toBe('string\toff');
  expect(ours.get('foo_bar')).toBe('string\t');
  expect(ours.get('mysql_table_engine')).toBe('string\tmyisam');
  expect(ours.get('myisam_max_rows')).toBe('number\t1000000');
  expect(ours.get('num_threads')).toBe('number\t1');
  expect(ours.get('thread_id')).toBe('number\t0');
  expect(ours.get('test')).toBe(`string\t${join(dir, 'dump.lua')}`);
  expect(ours.get('db_driver')).toBe('string\tmysql');
  expect(ours.get('DB_ERROR_RESTART_TRANSACTION')).toBe('number\t1');
  if (!hasReference) return;
  expect(ours).toEqual(await globals(REFERENCE, extra));
});

it('defaults mysql_table_engine to innodb when the option is not given', async () => {
  const ours = await globals(undefined, []);
  expect(ours.get('mysql_table_engine')).toBe('string\tinnodb');
  expect(ours.has('oltp_table_size')).toBe(false);
  if (!hasReference) return;
  expect(ours).toEqual(await globals(REFERENCE, []));
});
