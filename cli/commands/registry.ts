import type { Argv, CommandModule } from 'yargs';
import type { GlobalArgs } from '../output.ts';
import type { RemoteArgs } from './registry-run.ts';
import { DEFAULT_MANIFEST_LIMIT, DEFAULT_PACK_SIZE } from '../registry/manifest-limit.ts';

export function remoteOptions<T>(y: Argv<T>) {
  return y
    .positional('ref', { type: 'string', demandOption: true, describe: 'HOST[:PORT]/REPOSITORY[:TAG|@sha256:DIGEST] (TAG defaults to latest)' })
    .option('concurrency', { type: 'number', default: 8, describe: 'blobs in flight at once' });
}

export const pushCommand: CommandModule<GlobalArgs, RemoteArgs> = {
  command: 'push <ref>',
  describe: "upload the archive to an OCI registry: the bundles the repository's packs lack, in new packs, then a manifest tagged REF",
  builder: (y) =>
    remoteOptions(y)
      .option('chunk-size', { type: 'number', default: 8 * 1024 * 1024, describe: 'blobs larger than this are uploaded in PATCH chunks of this many bytes' })
      .option('pack-size', { type: 'number', default: DEFAULT_PACK_SIZE, describe: 'fill each new pack to about this many bytes (a bigger bundle is a pack of its own)' })
      .option('manifest-limit', { type: 'number', default: DEFAULT_MANIFEST_LIMIT, describe: 'largest manifest in bytes; a bigger archive becomes an index of manifests' })
      .option('only', { type: 'string', array: true, describe: 'push only this ref (e.g. runs/<id>, bank/current) and the objects it reaches; repeatable' }) as unknown as Argv<RemoteArgs>,
  handler: async (argv) => (await import('./registry-run.ts')).runPush(argv),
};

export const pullCommand: CommandModule<GlobalArgs, RemoteArgs> = {
  command: 'pull <ref>',
  describe: 'fetch an archive from an OCI registry into --archive: every bundle checked before it is stored',
  builder: (y) =>
    remoteOptions(y).option('replace-refs', { type: 'boolean', default: false, describe: "where a local ref differs, take the registry's" }).option('all-tags', {
      type: 'boolean',
      default: false,
      describe: 'pull every docket archive in the repository (REF without a tag): their union, each bundle once',
    }) as unknown as Argv<RemoteArgs>,
  handler: async (argv) => (await import('./registry-run.ts')).runPull(argv),
};
