export { GENERAL_OPTIONS } from './general.js';
export { RAND_OPTIONS } from './rand.js';
export { LOG_TEXT_OPTIONS, LOG_OPER_OPTIONS } from './log.js';
export { DB_OPTIONS, DRIVER_DEFS, type DriverDefs, type DriverInfo } from './db.js';
export {
  FILEIO_OPTIONS,
  CPU_OPTIONS,
  MEMORY_OPTIONS,
  THREADS_OPTIONS,
  MUTEX_OPTIONS,
  BUILTIN_TESTS,
  findBuiltinTest,
  type BuiltinTestInfo,
} from './builtin.js';
export {
  EXTENSION_OPTIONS,
  SYSBENCH_11_OPTIONS,
  SYSBENCH_11_GENERAL_OPTIONS,
  SYSBENCH_11_RAND_OPTIONS,
} from './extensions.js';
export { RUN_EXTENSION_OPTIONS } from './run-extensions.js';
