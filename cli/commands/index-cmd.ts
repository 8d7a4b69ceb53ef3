import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../output.ts';

export const indexCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'index <action>',
  describe: 'manage the SQLite index cache (action: rebuild — every table from the bundles and refs alone)',
  builder: (y) => y.positional('action', { choices: ['rebuild'] as const, demandOption: true }) as never,
  handler: async (argv) => (await import('./index-cmd-run.ts')).runIndex(argv),
};
