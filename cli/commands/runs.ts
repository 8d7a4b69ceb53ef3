import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../output.ts';

export const runsCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'runs',
  describe: 'list the runs in the archive: sealed, incomplete, interrupted (resumable) and in-progress',
  handler: async (argv) => (await import('./runs-run.ts')).runRuns(argv),
};
