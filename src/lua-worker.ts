// The worker module of Lua scripts' threads, at the top of the program folder so that dist/ and
// the bundle give it the same name (src/paths.ts: LUA_WORKER).
export { default, warm } from './script-job/worker.js';
