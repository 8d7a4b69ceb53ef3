import type { Argv, CommandModule } from 'yargs';
import type { GlobalArgs } from '../output.ts';
import type { AttestArgs } from './attest-run.ts';

export const attestCommand: CommandModule<GlobalArgs, AttestArgs> = {
  command: 'attest <target>',
  describe:
    'sign what a run or a release scored as an in-toto Statement v1 in a DSSE envelope (subject: the run or release digest; predicate: benchmark version, protocol, graders, scores with coverage and intervals, plan record)',
  builder: (y) =>
    y
      .positional('target', { type: 'string', demandOption: true, describe: 'a run (id, digest or unique prefix) or a release tarball (FILE.tgz, verified first)' })
      .option('key', { type: 'string', demandOption: true, describe: 'Ed25519 private key (PEM, `docket release keygen`)' })
      .option('out', { type: 'string', demandOption: true, describe: 'write the attestation (the DSSE envelope, JSON) here' }) as unknown as Argv<AttestArgs>,
  handler: async (argv) => (await import('./attest-run.ts')).runAttest(argv),
};
