import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../output.ts';
import type { Args } from './repair-run.ts';

export const repairCommand: CommandModule<GlobalArgs, Args> = {
  command: 'repair',
  describe: 'fix what verify found where it safely can: quarantine corrupt objects (never delete), remove temp files, restore lost refs, rebuild the index',
  builder: (y) =>
    y
      .option('dry-run', { type: 'boolean', default: false, describe: 'only say what would be done' })
      .option('forget', { type: 'string', array: true, describe: 'a lost ref (ELOSTREF, e.g. runs/<id>) to forget instead of restoring: what refs/ holds now stays' }) as never,
  handler: async (argv) => (await import('./repair-run.ts')).runRepair(argv),
};
