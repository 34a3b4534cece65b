// Runs bin/sysbench in the background for the reliability tests: its output so far, waiting for
// a line, signals, and how it ended (with the time it took from a chosen instant).
import { spawn, type ChildProcess } from 'node:child_process';
import { BIN, ROOT } from '../../helpers/sysbench.js';

export interface Running {
  readonly proc: ChildProcess;
  out(): string;
  /** resolves when the output contains `text` (rejects after timeoutMs) */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
  /** resolves with the exit code (128 + n for a signal n) */
  readonly exited: Promise<number>;
}

export function startSysbench(args: string[], env: NodeJS.ProcessEnv = {}): Running {
  const proc = spawn(BIN, args, { cwd: ROOT, env: { ...process.env, ...env } });
  let text = '';
  const waiters = new Set<() => void>();
  const onData = (d: Buffer): void => {
    text += d.toString();
    for (const w of [...waiters]) w();
  };
  proc.stdout!.on('data', onData);
  proc.stderr!.on('data', onData);
  const exited = new Promise<number>((resolve) => proc.on('close', (code, signal) => {
    for (const w of [...waiters]) w();
    resolve(code ?? 128 + (signal === 'SIGINT' ? 2 : signal === 'SIGKILL' ? 9 : 15));
  }));
  let done = false;
  void exited.then(() => { done = true; });
  return {
    proc,
    out: () => text,
    exited,
    waitFor(what, timeoutMs = 60_000) {
      const hit = (): boolean => (typeof what === 'string' ? text.includes(what) : what.test(text));
      if (hit()) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${String(what)}; output so far:\n${text}`));
        }, timeoutMs);
        const check = (): void => {
          if (hit()) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve();
          } else if (done || proc.exitCode !== null || proc.signalCode !== null) {
            clearTimeout(timer);
            waiters.delete(check);
            reject(new Error(`sysbench ended before ${String(what)}:\n${text}`));
          }
        };
        waiters.add(check);
      });
    },
  };
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** the final report's figure `name` (e.g. 'reconnects', 'transactions') */
export function reportCount(out: string, name: string): number {
  const m = new RegExp(`^\\s+${name}:\\s+(\\d+)`, 'm').exec(out);
  return m ? Number(m[1]) : NaN;
}
