import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../output.ts';
import type { LsArgs, ShowArgs } from './show-run.ts';

export const showCommand: CommandModule<GlobalArgs, ShowArgs> = {
  command: 'show <target>',
  describe: 'one bundle: its descriptor (digest, kind, size, contentDigest) and its content, pretty-printed; --raw writes the stored (gzip) bytes',
  builder: (y) =>
    y
      .positional('target', { type: 'string', demandOption: true, describe: 'object digest, unique digest prefix, ref (runs/ID, bank/current, grades/ID) or run id' })
      .option('raw', { type: 'boolean', default: false, describe: 'write the stored bytes exactly as archived (gzip) to stdout' }) as never,
  handler: async (argv) => (await import('./show-run.ts')).runShow(argv),
};

export const lsCommand: CommandModule<GlobalArgs, LsArgs> = {
  command: 'ls [kind]',
  describe: 'list the bundles of the archive (of one kind), from the index, or by reading every object when there is no index',
  builder: (y) => y.positional('kind', { type: 'string', describe: 'only bundles of this kind (run, plan, bank, grade, evidence, attachment, …)' }) as never,
  handler: async (argv) => (await import('./show-run.ts')).runLs(argv),
};
