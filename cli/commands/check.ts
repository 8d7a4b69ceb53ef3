import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../output.ts';

/**
 * `docket check` (what `npm start` runs): the whole offline job on the bank and its archive
 * (cli/where.ts), the steps `checkSteps()` lists (replay/check/steps.ts), each a call into the same functions
 * the single commands use.
 */
export const checkCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'check',
  describe: 'the main job (npm start): verify the archive, validate the bank, replay evidence and requests, check grades',
  handler: async (argv) => (await import('./check-run.ts')).runCheck(argv),
};
