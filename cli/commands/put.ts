import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../output.ts';
import type { Args } from './put-run.ts';

export const putCommand: CommandModule<GlobalArgs, Args> = {
  command: 'put <file>',
  describe: 'store a JSON document as a bundle and print its descriptor',
  builder: (y) =>
    y
      .positional('file', { type: 'string', demandOption: true })
      .option('kind', { type: 'string', default: 'attachment', choices: ['attachment'], describe: 'bundle kind' })
      .option('media-type', { type: 'string', default: 'application/json' }),
  handler: async (argv) => (await import('./put-run.ts')).runPut(argv),
};
