import type { Argv, CommandModule } from 'yargs';
import { EXIT, usageError } from '../../replay/errors.ts';
import { line, printJson, progress, type GlobalArgs } from '../output.ts';
import { findCredentials } from '../registry/auth.ts';
import { RegistryClient } from '../registry/client.ts';
import { DEFAULT_MANIFEST_LIMIT } from '../registry/layout.ts';
import { parseRef } from '../registry/ref.ts';

interface RemoteArgs extends GlobalArgs {
  ref: string;
  concurrency: number;
  'chunk-size': number;
  'manifest-limit': number;
  'replace-refs': boolean;
  only?: string[];
}

export function remoteOptions<T>(y: Argv<T>) {
  return y
    .positional('ref', { type: 'string', demandOption: true, describe: 'HOST[:PORT]/REPOSITORY[:TAG|@sha256:DIGEST] (TAG defaults to latest)' })
    .option('concurrency', { type: 'number', default: 8, describe: 'blobs in flight at once' });
}

function positive(n: number, name: string) {
  if (!Number.isSafeInteger(n) || n < 1) throw usageError('EUSAGE', `--${name} must be a positive integer, not ${n}`);
  return n;
}

export function openClient(refText: string, actions: 'pull' | 'pull,push', concurrency: number) {
  const ref = parseRef(refText);
  return new RegistryClient(ref, { credentials: findCredentials(ref.host), actions, concurrency: positive(concurrency, 'concurrency') });
}

export const pushCommand: CommandModule<GlobalArgs, RemoteArgs> = {
  command: 'push <ref>',
  describe: 'upload the archive to an OCI registry: the bundles it lacks, then a manifest tagged REF',
  builder: (y) =>
    remoteOptions(y)
      .option('chunk-size', { type: 'number', default: 8 * 1024 * 1024, describe: 'blobs larger than this are uploaded in PATCH chunks of this many bytes' })
      .option('manifest-limit', { type: 'number', default: DEFAULT_MANIFEST_LIMIT, describe: 'largest manifest in bytes; a bigger archive becomes an index of manifests' })
      .option('only', { type: 'string', array: true, describe: 'push only this ref (e.g. runs/<id>, bank/current) and the objects it reaches; repeatable' }) as unknown as Argv<RemoteArgs>,
  handler: async (argv) => {
    const { requireDir } = await import('../paths.ts');
    requireDir(argv.archive, 'archive');
    const { pushArchive } = await import('../registry/push.ts');
    const client = openClient(argv.ref, 'pull,push', argv.concurrency);
    try {
      const r = await pushArchive(client, argv.archive, {
        concurrency: argv.concurrency,
        chunkSize: positive(argv['chunk-size'], 'chunk-size'),
        manifestLimit: positive(argv['manifest-limit'], 'manifest-limit'),
        only: argv.only,
        onProgress: progress('push'),
      });
      if (argv.json) return printJson({ ...r, requests: client.counts });
      line(`pushed ${r.ref}@${r.digest}`);
      line(
        `  ${r.blobs.total} blobs: ${r.blobs.uploaded} uploaded (${(r.blobs.bytes / 1e6).toFixed(1)} MB), ${r.blobs.present} already there; ${r.manifests} manifest${r.manifests === 1 ? '' : 's'}, ${r.refs} refs`,
      );
    } finally {
      client.close();
    }
  },
};

export const pullCommand: CommandModule<GlobalArgs, RemoteArgs> = {
  command: 'pull <ref>',
  describe: 'fetch an archive from an OCI registry into --archive: every blob checked before it is stored',
  builder: (y) => remoteOptions(y).option('replace-refs', { type: 'boolean', default: false, describe: "where a local ref differs, take the registry's" }) as unknown as Argv<RemoteArgs>,
  handler: async (argv) => {
    const { pullArchive } = await import('../registry/pull.ts');
    const client = openClient(argv.ref, 'pull', argv.concurrency);
    try {
      const r = await pullArchive(client, argv.archive, { concurrency: argv.concurrency, replaceRefs: argv['replace-refs'], onProgress: progress('pull') });
      if (argv.json) printJson({ ...r, requests: client.counts });
      else {
        line(`pull ${r.ref}${r.digest ? `@${r.digest}` : ''} into ${argv.archive}`);
        line(
          `  ${r.blobs.total} blobs: ${r.blobs.fetched} fetched (${(r.blobs.bytes / 1e6).toFixed(1)} MB), ${r.blobs.present} already here; refs ${r.refs.written} written, ${r.refs.unchanged} unchanged`,
        );
        for (const f of r.findings) line(`  ERROR ${f.code}${f.digest ? ` ${f.digest}` : ''}: ${f.message}`);
        if (!r.ok) line('Blobs that passed every check were stored; refused ones were not, and no ref was written. Run pull again once the registry is fixed.');
      }
      process.exitCode = r.ok ? EXIT.OK : EXIT.FINDINGS;
    } finally {
      client.close();
    }
  },
};
