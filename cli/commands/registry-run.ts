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
  'replace-refs': boolean;
  only?: string[];
}

function positive(n: number, name: string) {
  if (!Number.isSafeInteger(n) || n < 1) throw usageError('EUSAGE', `--${name} must be a positive integer, not ${n}`);
  return n;
}

export function openClient(refText: string, actions: 'pull' | 'pull,push', concurrency: number) {
  const ref = parseRef(refText);
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
}

export async function runPull(argv: ArgumentsCamelCase<RemoteArgs>) {
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
      for (const f of r.findings) line(`  ${findingLine(f)}`);
      if (!r.ok) line('Blobs that passed every check were stored; refused ones were not, and no ref was written. Run pull again once the registry is fixed.');
    }
    process.exitCode = r.ok ? EXIT.OK : EXIT.FINDINGS;
  } finally {
    client.close();
  }
}
