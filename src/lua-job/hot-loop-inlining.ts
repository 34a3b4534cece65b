// V8's TurboFan stops inlining into a function once the inlined bytecode reaches a budget made
// for ordinary JavaScript. The Lua VM's luaV_execute alone is far above it, so the helpers it
// calls for every instruction (calls and returns, stack moves) and the driver's read path stay
// real calls. Raising the budget while the threads run their events lets the hot loop be
// compiled with them inlined (callgrind, oltp_point_select: 28.5k -> 27.5k worker instructions
// per event at 16 threads, 29.3k -> 27.9k at 1); raising it from the start instead made
// start-up 0.13 s slower (everything compiled while states are built inlines more).
//
// V8 flags are process-wide and V8's code cache is keyed on them: the budget goes back to the
// values the process started with (bin/sysbench.mjs sets them) before any cache is saved.
import { setFlagsFromString } from 'node:v8';

/** The flags every sysbench process starts and ends with (V8 11's defaults). */
const START_INLINING = ['--max-inlined-bytecode-size=460', '--max-inlined-bytecode-size-cumulative=920'];
const RAISED_INLINING = ['--max-inlined-bytecode-size=1000', '--max-inlined-bytecode-size-cumulative=10000'];

let raised = 0;

/** Runs `events()` with the raised inlining budget (nested and concurrent calls share it). */
export async function withHotLoopInlining<T>(events: () => Promise<T>): Promise<T> {
  if (raised++ === 0) for (const f of RAISED_INLINING) setFlagsFromString(f);
  try {
    return await events();
  } finally {
    if (--raised === 0) for (const f of START_INLINING) setFlagsFromString(f);
  }
}
