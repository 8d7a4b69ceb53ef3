import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../output.ts';
import type { Args } from './redact-run.ts';

export const redactCommand: CommandModule<GlobalArgs, Args> = {
  command: 'redact [digests..]',
  describe: 'take the content of objects that hold a secret out of the archive, leaving a redaction record: the archive still verifies (rotate the key first)',
  builder: (y) =>
    y
      .positional('digests', { type: 'string', array: true, describe: 'the objects to redact (full sha256: digests)' })
      .option('reason', { type: 'string', demandOption: true, describe: 'why (stored in each redaction record and shipped with it; no secret)' })
      .option('scan', { type: 'boolean', default: false, describe: 'redact every object the secret scanner flags, after one confirmation' })
      .option('yes', { type: 'boolean', default: false, describe: 'with --scan: do not ask (for scripts)' }) as never,
  handler: async (argv) => (await import('./redact-run.ts')).runRedact(argv),
};
