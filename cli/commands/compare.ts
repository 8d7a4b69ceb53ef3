import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../output.ts';
import type { Args } from './compare-run.ts';

export const compareCommand: CommandModule<GlobalArgs, Args> = {
  command: 'compare <run-a> <run-b>',
  describe: 'paired comparison of two runs: score difference with a paired bootstrap interval, exact McNemar test',
  builder: (y) =>
    y
      .positional('run-a', { type: 'string', demandOption: true, describe: 'run digest, digest prefix or run id' })
      .positional('run-b', { type: 'string', demandOption: true, describe: 'run digest, digest prefix or run id' }),
  handler: async (argv) => (await import('./compare-run.ts')).runCompare(argv),
};
