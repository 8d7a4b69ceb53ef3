import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../output.ts';
import type { Args } from './failures-run.ts';

export const failuresCommand: CommandModule<GlobalArgs, Args> = {
  command: 'failures <run>',
  describe: 'every incorrect, invalid, truncated or failed slot of a run: question, answer text, parsed choice, key',
  builder: (y) => y.positional('run', { type: 'string', demandOption: true, describe: 'run digest, digest prefix or run id' }),
  handler: async (argv) => (await import('./failures-run.ts')).runFailures(argv),
};
