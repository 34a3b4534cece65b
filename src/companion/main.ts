// sysbench-ts: the companion command for everything that is ours rather than sysbench's
// (the `sysbench` executable keeps sysbench's own grammar). Subcommands parsed by yargs:
// merge, plot, study, server, completion.
import yargs from 'yargs';
import { mergeCommand } from './commands/merge.js';
import { plotCommand } from './commands/plot.js';
import { studyCommand } from './commands/study.js';
import { serverCommand } from './commands/server.js';
import { exitCode } from './outcome.js';

export async function main(argv: string[]): Promise<number> {
  await yargs(argv)
    .scriptName('sysbench-ts')
    .usage('$0 <command> [options]\n\nCompanion of sysbench-ts\'s `sysbench`: merge and plot --json-report files, run the seed studies, manage a private MariaDB.')
    .command(mergeCommand)
    .command(plotCommand)
    .command(studyCommand)
    .command(serverCommand)
    .completion('completion', 'print a shell completion script (bash/zsh): sysbench-ts completion >> ~/.bashrc')
    .demandCommand(1, 'name a command (see --help)')
    .recommendCommands()
    .strict()
    .help()
    .version(false)
    .wrap(Math.min(100, process.stdout.columns || 100))
    .parseAsync();
  return exitCode();
}
