// The --rate event generator's thread, at the top of the program folder so that dist/ and the
// bundle give it the same name (src/paths.ts: RATE_GENERATOR).
import { workerData } from 'node:worker_threads';
import { runGenerator, type GeneratorThreadData } from './runner/event-generator.js';

runGenerator(workerData as GeneratorThreadData);
