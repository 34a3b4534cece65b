// sysbench-ts option layer: registry, command line grammar, definitions, help texts.
// Everything is pure: functions return texts, messages ({stream, text}) and OptionError
// values (message + exit code); the CLI prints them and exits. The order sysbench follows:
//
//   const reg = createDefaultRegistry({ readFile: (p) => fs.readFileSync(p) });
//   const p = parseGeneralArguments(argv.slice(2), reg);   // print p.messages, then p.error
//   const early = earlyExit(reg);                           // --help / --version: stdout, 0
//   const s = resolveGeneralSettings(reg);                  // print s.messages; !ok -> error
//   const l = resolveLogSettings(reg);                      // !ok -> error
//   header (formatHeader(), NOTICE level)
//   const c = classifyTest(p);                              // stdin | builtin | script | error
//   builtin: parseTestArguments(p.remaining, reg, test.options)
//   script:  (Lua hands over its declarations) validateAgainstScript(p.remaining, reg, decls|null)
//   commandOutcome(sname, cmd, caps); Lua states get scriptOptionExports(reg, decls !== null)
export * from './types.js';
export * from './values.js';
export * from './config-file.js';
export * from './registry.js';
export * from './parser.js';
export * from './help.js';
export * from './invocation.js';
export * from './settings.js';
export * from './script-options.js';
export * from './defs/index.js';
