/** Report module: pure formatters for sysbench 1.0.20's output. */
export * from './types.js';
export * from './printf.js';
export * from './logtext.js';
export * from './text.js';
export * from './builtin.js';
export * from './lua.js';
