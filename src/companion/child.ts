// Runs one of the project's Node scripts as the body of a subcommand: same terminal, same
// environment; Ctrl-C reaches the child (it stops cleanly and reports), and its exit status
// becomes ours.
import { spawn } from 'node:child_process';
import { setExitCode } from './outcome.js';

export function runScript(script: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: 'inherit' });
    // the terminal sends SIGINT to the whole process group: the child decides what it means
    const ignore = (): void => {};
    process.on('SIGINT', ignore);
    child.on('error', (e) => {
      process.off('SIGINT', ignore);
      process.stderr.write(`sysbench-ts: cannot run ${script}: ${e.message}\n`);
      setExitCode(1);
      resolve();
    });
    child.on('close', (code, signal) => {
      process.off('SIGINT', ignore);
      setExitCode(code ?? (signal === 'SIGINT' ? 130 : 1));
      resolve();
    });
  });
}
