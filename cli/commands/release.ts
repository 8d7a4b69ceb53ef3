import type { Argv, CommandModule } from 'yargs';
import { DIGEST_FILE } from '../../replay/content/release-rules.ts';
import { DEFAULT_OUT } from '../../replay/release/limits.ts';
import { archiveOption, type GlobalArgs } from '../output.ts';
import type { KeygenArgs, PackArgs, PushArgs } from './release-run.ts';

const packCommand: CommandModule<GlobalArgs, PackArgs> = {
  command: 'pack',
  describe: 'build the deterministic decision-verification.tgz from the bank (its root, found as every command finds it)',
  builder: (y) =>
    archiveOption(y)
      .option('out', { type: 'string', default: DEFAULT_OUT, describe: 'where to write the tarball' })
      .option('sign', { type: 'string', describe: 'Ed25519 private key (PEM) to sign the manifest with (DSSE)' })
      .option('write-digest', { type: 'boolean', default: false, describe: `also record the tarball's sha256 in ${DIGEST_FILE}` })
      .option('list', { type: 'boolean', default: false, describe: 'write nothing: list every file the release would ship, and every file the content policy leaves out with its rule' })
      .option('vendor', {
        type: 'boolean',
        default: false,
        describe: "also ship the exact package tarballs the suite's npm lockfile names (vendor/npm/, from the npm cache), so `node scripts/install-offline.mjs` installs them offline",
      }) as unknown as Argv<PackArgs>,
  handler: async (argv) => (await import('./release-run.ts')).runPack(argv),
};

const keygenCommand: CommandModule<GlobalArgs, KeygenArgs> = {
  command: 'keygen',
  describe: 'create an Ed25519 signing key: KEYFILE (private, mode 0600) and KEYFILE.pub',
  builder: (y) => y.option('out', { type: 'string', demandOption: true, describe: 'private key file to create' }) as unknown as Argv<KeygenArgs>,
  handler: async (argv) => (await import('./release-run.ts')).runKeygen(argv),
};

const pushCommand: CommandModule<GlobalArgs, PushArgs> = {
  command: 'push <ref>',
  describe: 'verify a release tarball, then put it and its MANIFEST.json in an OCI registry as REF (the signature as a referrer, or the sha256-<hex>.sig tag)',
  builder: (y) =>
    y
      .positional('ref', { type: 'string', demandOption: true, describe: 'HOST[:PORT]/REPOSITORY:TAG' })
      .option('file', { type: 'string', default: DEFAULT_OUT, describe: 'the release tarball' })
      .option('concurrency', { type: 'number', default: 4, hidden: true })
      .option('chunk-size', { type: 'number', default: 8 * 1024 * 1024, describe: 'blobs larger than this go up in PATCH chunks of this size' }) as unknown as Argv<PushArgs>,
  handler: async (argv) => (await import('./release-run.ts')).runPush(argv),
};

export const releaseCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'release <action>',
  describe: 'build, sign and publish the decision-verification.tgz release (actions: pack, keygen, push)',
  builder: (y) =>
    y
      .command(packCommand as unknown as CommandModule)
      .command(keygenCommand as unknown as CommandModule)
      .command(pushCommand as unknown as CommandModule)
      .demandCommand(1, 'name an action: pack, keygen or push') as unknown as Argv<GlobalArgs>,
  handler: () => {},
};
