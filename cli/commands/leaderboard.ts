import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../output.ts';
import type { Args } from './leaderboard-run.ts';

export const leaderboardCommand: CommandModule<GlobalArgs, Args> = {
  command: 'leaderboard',
  describe: 'rank the models from the archive (current grades): score, interval, coverage, cost, digests',
  builder: (y) =>
    y.option('benchmark-version', { type: 'string', describe: 'rank the runs of this benchmark version (default: the current one)' }).option('provider-models', {
      type: 'boolean',
      default: false,
      describe: 'add a column: the model ids the provider answered as (what a published providerModel must name; --json always has them)',
    }),
  handler: async (argv) => (await import('./leaderboard-run.ts')).runLeaderboard(argv),
};
