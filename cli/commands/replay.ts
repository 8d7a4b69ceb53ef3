import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../output.ts';
import { anchorOptions } from './anchor-options.ts';
import type { ReplayArgs } from './replay-run.ts';

export const replayCommand: CommandModule<GlobalArgs, ReplayArgs> = {
  command: 'replay [runs..]',
  describe: 'rebuild every request of the sealed runs offline and match it with the journal (RUN = run id or run digest; none = all)',
  builder: (y) =>
    anchorOptions(y)
      .positional('runs', { type: 'string', array: true, describe: 'run ids, run digests or unique digest prefixes (default: every sealed run)' })
      .option('all', { type: 'boolean', default: false, describe: 'replay every sealed run (the default when no RUN is named)' })
      .option('against-worktree', {
        type: 'boolean',
        default: false,
        describe: "rebuild from the working tree's decision-bank.json instead of the frozen bank: shows what a question or template change would break",
      })
      .option('from', {
        type: 'string',
        describe: 'verify a release tarball (decision-verification.tgz) with this docket, anchored by --expect and/or --key, extract it to a private temp dir and replay its archive',
      })
      .option('imported', { type: 'boolean', default: false, describe: 'replay imported logs instead (RUN = import ref or run digest; docs/import.md)' }) as never,
  handler: async (argv) => (await import('./replay-run.ts')).runReplay(argv),
};
