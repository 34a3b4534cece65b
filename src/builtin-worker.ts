// The worker module of the built-in tests' threads, at the top of the program folder so that
// dist/ and the bundle give it the same name (src/paths.ts: BUILTIN_WORKER).
export { default } from './builtin/worker.js';
