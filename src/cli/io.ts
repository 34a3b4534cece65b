// The CLI's I/O, injectable so tests can drive main() without a process.
import { readFileSync } from 'node:fs';
import { stdoutWriter, stderrWriter, type Writer } from '../output.js';
import type { Message } from '../options/types.js';
import type { Logger } from '../output.js';

export interface CliIo {
  stdout: Writer;
  stderr: Writer;
  readFile: (path: string) => Uint8Array;
  env: NodeJS.ProcessEnv;
  cwd: string;
  isTTY: boolean;
}

export const processIo: CliIo = {
  stdout: stdoutWriter,
  stderr: stderrWriter,
  readFile: (p) => readFileSync(p),
  env: process.env,
  cwd: process.cwd(),
  isTTY: Boolean(process.stdout.isTTY),
};

const LEVEL = { fatal: 0, alert: 1, warning: 2, notice: 3, info: 4, debug: 5 } as const;

/** Prints option-layer messages: log messages through the logger, others to their stream. */
export function emit(io: CliIo, log: Logger | null, msgs: readonly Message[]): void {
  for (const m of msgs) {
    if (m.log && log) log.log(LEVEL[m.log.priority], m.log.body);
    else if (m.stream === 'stderr') io.stderr(m.text);
    else io.stdout(m.text);
  }
}
