// How a subcommand ends: its messages go to stderr as "sysbench-ts <command>: ...", and the
// process exit code is collected here (yargs handlers return nothing).
let code = 0;

export function exitCode(): number {
  return code;
}

export function setExitCode(c: number): void {
  code = c;
}

/** A user-facing failure: the message, no stack trace, exit status 1. */
export function fail(command: string, message: string): void {
  process.stderr.write(`sysbench-ts ${command}: ${message}\n`);
  code = 1;
}

export function warn(command: string, message: string): void {
  process.stderr.write(`sysbench-ts ${command}: warning: ${message}\n`);
}
