// scripts/profile-parts.mjs: which part of a run's CPU a perf sample counts in.
// (the samples name their programs and libraries by relative paths: tests name no paths of this machine)
import { describe, expect, it } from 'vitest';
import { parseSample, partOf, summarize } from '../../scripts/lib/perf-parts.mjs';

const JIT = '(/tmp/perf-4242.map)';
const sample = (line: string) => parseSample(line);
const noMaps = (): null => null;

describe('perf samples into parts', () => {
  it('reads the fields of `perf script -F tid,ip,sym,dso`', () => {
    expect(sample('27514  ffffffff81e75eae sock_write_iter ([kernel.kallsyms])')).toEqual({ tid: 27514, sym: 'sock_write_iter', dso: '[kernel.kallsyms]' });
    expect(sample('27514      7fdcf400e07a JS:*luaV_execute /w/bundle/lua-worker.cjs:32:51234 ' + JIT)).toEqual({
      tid: 27514, sym: 'JS:*luaV_execute /w/bundle/lua-worker.cjs:32:51234', dso: '/tmp/perf-4242.map',
    });
    expect(sample('not a sample')).toBeNull();
  });

  it('traces bundle code to its source file, and says when it cannot', () => {
    const line = '1 7f JS:*luaV_execute /w/bundle/lua-worker.cjs:32:51234 ' + JIT;
    const seen: string[] = [];
    const fengari = (loc: string) => { seen.push(loc); return '../node_modules/fengari/src/lvm.js'; };
    expect(partOf(sample(line), fengari)).toBe('Lua VM (fengari)');
    expect(seen).toEqual(['/w/bundle/lua-worker.cjs:32:51234']);
    expect(partOf(sample(line), noMaps)).toBe('JavaScript without a source (bundle built without maps)');
    const ours = (src: string) => partOf(sample(line), () => src);
    expect(ours('../src/lua-runtime/api/rand.ts')).toBe('Lua API, event loop and states (src/lua-runtime, src/script-job, src/rand)');
    expect(ours('../src/script-job/state-host.ts')).toBe('Lua API, event loop and states (src/lua-runtime, src/script-job, src/rand)');
    expect(ours('../src/drivers/mysql/wire/reply.ts')).toBe('database driver (src/drivers)');
    expect(ours('../src/stats/histogram.ts')).toBe('accounting (src/runner, src/stats)');
    expect(ours('../src/cli/main.ts')).toBe('other JavaScript of ours');
    // our VM, the workspace package (bundle/'s source maps name packages/fengari/release)
    expect(ours('../packages/fengari/release/lvm.js')).toBe('Lua VM (fengari)');
    expect(ours('../node_modules/mysql2/lib/packets/packet.js')).toBe('mysql2');
    expect(ours('../node_modules/pg-protocol/dist/parser.js')).toBe('pg');
    expect(ours('../node_modules/piscina/dist/index.js')).toBe('other packages');
  });

  it('names files of dist/ and node_modules/ by their path', () => {
    expect(partOf(sample('1 7f JS:*resultsetHeader file:///b/node_modules/mysql2/lib/commands/query.js:40:3 ' + JIT), noMaps)).toBe('mysql2');
    expect(partOf(sample('1 7f JS:*uniform /b/dist/lua-runtime/api/rand.js:10:5 ' + JIT), noMaps)).toBe('Lua API, event loop and states (src/lua-runtime, src/script-job, src/rand)');
    expect(partOf(sample('1 7f JS:*stop /b/dist/runner/thread-stats.js:10:5 ' + JIT), noMaps)).toBe('accounting (src/runner, src/stats)');
  });

  it("puts Node's, V8's and the system's code in their own parts", () => {
    const part = (line: string) => partOf(sample(line), noMaps);
    expect(part('1 7f JS:*onStreamRead node:internal/stream_base_commons:166:22 ' + JIT)).toBe('Node: libuv, C++ and its JavaScript (net, timers)');
    expect(part('1 c1edc6 node::Environment::RunAndClearNativeImmediates (bin/node)')).toBe('Node: libuv, C++ and its JavaScript (net, timers)');
    expect(part('1 c1edc6 uv__io_poll (bin/node)')).toBe('Node: libuv, C++ and its JavaScript (net, timers)');
    expect(part('1 c1edc6 Builtins_KeyedLoadIC_Megamorphic (bin/node)')).toBe('V8 builtins and stubs (called from JavaScript)');
    expect(part('1 7f Builtin:ArrayPrototypePush ' + JIT)).toBe('V8 builtins and stubs (called from JavaScript)');
    expect(part('1 c1edc6 v8::internal::Scavenger::ScavengePage (bin/node)')).toBe('V8 garbage collector');
    expect(part('1 2233c0c v8::internal::compiler::GraphReducer::Reduce (bin/node)')).toBe('V8 compiler and parser');
    expect(part('1 13c4774 v8::Function::Call (bin/node)')).toBe('V8 runtime (C++: calls into JavaScript, throws, stack walks)');
    expect(part('1 7fdd4305bf30 __memmove_avx_unaligned_erms (lib/libc.so.6)')).toBe('libc, vdso');
    expect(part('1 7fdd4305bf30 __vdso_clock_gettime ([vdso])')).toBe('libc, vdso');
    expect(part('1 55d1 lj_BC_TGETS (lib/libluajit-5.1.so.2)')).toBe('C sysbench, LuaJIT, libmariadb, libpq (the reference, profiled the same way)');
    expect(part('1 55d1 sb_event_start (bin/sysbench)')).toBe('C sysbench, LuaJIT, libmariadb, libpq (the reference, profiled the same way)');
    expect(part('1 7f [unknown] ' + JIT)).toBe('other');
    expect(part('1 7f foo (lib/libssl.so.3)')).toBe('other');
  });

  it('counts samples per part in the table order, and per function', () => {
    const lines = [
      '1 ffffffff8 sock_write_iter ([kernel.kallsyms])',
      '1 7f JS:*luaV_execute /b/node_modules/fengari/src/lvm.js:600:20 ' + JIT,
      '1 7f JS:*luaV_execute /b/node_modules/fengari/src/lvm.js:600:20 ' + JIT,
      '1 ffffffff8 do_syscall_64 ([kernel.kallsyms])',
      '1 ffffffff8 schedule ([kernel.kallsyms])',
    ];
    const s = summarize(lines.map(sample), noMaps);
    expect(s.total).toBe(5);
    expect(s.parts).toEqual([['kernel: system calls, network, scheduling', 3], ['Lua VM (fengari)', 2]]);
    expect(s.functions).toEqual([['Lua VM (fengari): *luaV_execute', 2]]);
  });
});
