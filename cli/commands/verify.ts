import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../output.ts';
import type { Args } from './verify-run.ts';

export const verifyCommand: CommandModule<GlobalArgs, Args> = {
  command: 'verify [dir]',
  describe:
    'check every object of an archive, read-only (DIR defaults to --archive); or a release FILE.tgz; or an inclusion proof (--proof), an attestation (--attestation), against a signed checkpoint (--checkpoint)',
  builder: (y) =>
    y
      .positional('dir', { type: 'string', describe: 'archive directory, or a release tarball (FILE.tgz)' })
      .option('quick', { type: 'boolean', default: false, describe: 'size and digest only' })
      .option('expect', { type: 'string', describe: 'release: the published sha256 of FILE.tgz' })
      .option('key', { type: 'string', describe: 'release: the trusted Ed25519 public key (PEM); the release must be signed by it' })
      .option('extract', { type: 'string', describe: 'release: move the verified tree to this new directory' })
      .option('proof', { type: 'string', describe: 'check an inclusion proof JSON (from docket prove) against --root and/or the archive DIR' })
      .option('root', { type: 'string', describe: 'with --proof: the trusted Merkle root' })
      .option('attestation', { type: 'string', describe: 'check an attestation (docket attest) signed by --key, and its claims against the archive DIR or the release FILE.tgz' })
      .option('checkpoint', {
        type: 'string',
        describe: 'a signed checkpoint (docket plan|release checkpoint) by --key: the release, the archive DIR or the --proof must lead to its tree size and root',
      }),
  handler: async (argv) => (await import('./verify-run.ts')).runVerify(argv),
};
