import type { ArgumentsCamelCase } from 'yargs';
import { EXIT, usageError } from '../../replay/errors.ts';
import { findingLine, line, printJson, progress, type GlobalArgs } from '../output.ts';
import { findCredentials } from '../registry/auth.ts';
import { RegistryClient } from '../registry/client.ts';
import { parseRef } from '../registry/ref.ts';

export interface RemoteArgs extends GlobalArgs {
  ref: string;
  concurrency: number;
  'chunk-size': number;
  'manifest-limit': number;
  'pack-size': number;
  'replace-refs': boolean;
  'all-tags': boolean;
  only?: string[];
}

function positive(n: number, name: string) {
  if (!Number.isSafeInteger(n) || n < 1) throw usageError('EUSAGE', `--${name} must be a positive integer, not ${n}`);
  return n;
}

/** A pack holds bundles of up to 64 MiB and offsets of 32 bits: 1 KiB to 1 GiB. */
function packSize(n: number) {
  if (!Number.isSafeInteger(n) || n < 1024 || n > 1024 ** 3) throw usageError('EUSAGE', `--pack-size must be a whole number of bytes from 1024 to 1073741824, not ${n}`);
  return n;
}

export function openClient(refText: string, actions: 'pull' | 'pull,push', concurrency: number, wholeRepository = false) {
  const ref = parseRef(refText, wholeRepository ? null : 'latest');
  if (wholeRepository && (ref.tag || ref.digest)) throw usageError('EUSAGE', `--all-tags pulls every tag of a repository: name it without a tag or digest (${ref.host}/${ref.repository})`);
  return new RegistryClient(ref, { credentials: findCredentials(ref.host), actions, concurrency: positive(concurrency, 'concurrency') });
}

export async function runPush(argv: ArgumentsCamelCase<RemoteArgs>) {
  const { requireDir } = await import('../paths.ts');
  requireDir(argv.archive, 'archive');
  const { pushArchive } = await import('../registry/push.ts');
  const client = openClient(argv.ref, 'pull,push', argv.concurrency);
  try {
    const r = await pushArchive(client, argv.archive, {
      concurrency: argv.concurrency,
      chunkSize: positive(argv['chunk-size'], 'chunk-size'),
      manifestLimit: positive(argv['manifest-limit'], 'manifest-limit'),
      packSize: packSize(argv['pack-size']),
      only: argv.only,
      onProgress: progress('push'),
    });
    if (argv.json) return printJson({ ...r, requests: client.counts });
    line(`${r.unchanged ? 'unchanged' : 'pushed'} ${r.ref}@${r.digest}`);
    line(
      `  ${r.bundles.total} bundles: ${r.bundles.packed} sent in ${r.packs.new} new pack${r.packs.new === 1 ? '' : 's'} (${(r.blobs.bytes / 1e6).toFixed(1)} MB uploaded), ${r.bundles.present} already in the repository's packs; ${r.packs.total} packs, ${r.manifests} manifest${r.manifests === 1 ? '' : 's'}, ${r.refs} refs`,
    );
  } finally {
    client.close();
  }
}

export async function runPull(argv: ArgumentsCamelCase<RemoteArgs>) {
  const { pullArchive } = await import('../registry/pull.ts');
  const client = openClient(argv.ref, 'pull', argv.concurrency, argv['all-tags']);
  try {
    const r = await pullArchive(client, argv.archive, { concurrency: argv.concurrency, replaceRefs: argv['replace-refs'], allTags: argv['all-tags'], onProgress: progress('pull') });
    if (argv.json) printJson({ ...r, requests: client.counts });
    else {
      line(`pull ${r.ref}${r.digest ? `@${r.digest}` : ''}${r.tags ? ` (tags ${r.tags.join(', ')})` : ''} into ${argv.archive}`);
      line(
        `  ${r.bundles.total} bundles: ${r.bundles.fetched} fetched from ${r.packs.fetched} pack${r.packs.fetched === 1 ? '' : 's'} (${(r.packs.bytes / 1e6).toFixed(1)} MB downloaded), ${r.bundles.present} already here; refs ${r.refs.written} written, ${r.refs.unchanged} unchanged`,
      );
      for (const f of r.findings) line(`  ${findingLine(f)}`);
      if (!r.ok) line('Packs whose every bundle passed every check were stored; refused packs were not, and no ref was written. Run pull again once the registry is fixed.');
    }
    process.exitCode = r.ok ? EXIT.OK : EXIT.FINDINGS;
  } finally {
    client.close();
  }
}
