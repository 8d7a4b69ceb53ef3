import { closeSync, openSync, readSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { scanArchiveObjects } from '../../replay/content/archive-scan.ts';
import type { SecretHit } from '../../replay/content/secrets.ts';
import { sha256Stream, sha256, type Digest } from '../../replay/format/digest.ts';
import { findingError, usageError } from '../../replay/errors.ts';
import { compiledModule } from '../../replay/package-files.ts';
import { eachLimit } from './pool.ts';

/** A local bundle going into a new pack: its name, its file, its size. */
export interface PackBundle {
  digest: Digest;
  path: string;
  size: number;
}

/** What push must know of a new pack before the first byte is sent. */
export interface PreparedPack {
  digest: Digest;
  size: number;
  offsets: number[]; // of each bundle, in the plan's order
  hits: SecretHit[]; // the secret scanner's, over every bundle of the pack
}

/** What went wrong reading a pack's bundles (sent back from a worker as data, thrown as a coded error here). */
type Failure = { corrupt: { path: string; digest: Digest; got: Digest } } | { changed: { path: string } };

/**
 * One new pack, each bundle file read once: re-hashed against its name (a damaged local object
 * stops the push, ECORRUPT), the pack's digest over the bundles back to back (a one-bundle pack is
 * that bundle), and every bundle through the secret scanner push has always used
 * (replay/content/archive-scan.ts scanArchiveObjects, which reads the file itself). Runs in a
 * worker thread (pack-worker.ts) or here; the same function either way.
 */
export function preparePack(archive: string, bundles: PackBundle[], scratch: { buf: Buffer } = { buf: Buffer.alloc(0) }): PreparedPack | Failure {
  const pack = sha256Stream();
  const offsets: number[] = [];
  let offset = 0;
  for (const b of bundles) {
    if (scratch.buf.length < b.size) scratch.buf = Buffer.allocUnsafeSlow(Math.max(b.size, 2 * scratch.buf.length));
    const bytes = scratch.buf.subarray(0, b.size);
    const fd = openSync(b.path, 'r');
    try {
      for (let got = 0; got < b.size; ) {
        const n = readSync(fd, bytes, got, b.size - got, got);
        if (n === 0) return { changed: { path: b.path } };
        got += n;
      }
    } finally {
      closeSync(fd);
    }
    const got = sha256(bytes);
    if (got !== b.digest) return { corrupt: { path: b.path, digest: b.digest, got } };
    pack.update(bytes);
    offsets.push(offset);
    offset += b.size;
  }
  const hits = scanArchiveObjects(archive, bundles);
  return { digest: bundles.length === 1 ? bundles[0]!.digest : pack.digest(), size: offset, offsets, hits };
}

function unwrap(r: PreparedPack | Failure): PreparedPack {
  if ('corrupt' in r) {
    const { path, digest, got } = r.corrupt;
    throw findingError('ECORRUPT', `${path} hashes to ${got}, not its name ${digest}; nothing pushed. Run 'docket verify'.`, { path, digest });
  }
  if ('changed' in r) throw usageError('ECHANGED', `${r.changed.path} shrank while it was being pushed`, { path: r.changed.path });
  return r;
}

/** Below this many bytes of new packs the workers' start costs more than they save: all here. */
const WORKERS_FROM = 4 * 1024 * 1024;

/**
 * Every new pack prepared (preparePack) before anything is sent, on every core: one worker thread
 * per core takes packs from a shared queue while this thread waits (it has nothing else to do: a
 * hit anywhere must stop the push before the first upload). The first failure stops the rest.
 */
export async function preparePacks(archive: string, plans: PackBundle[][], opts: { workers?: number } = {}): Promise<PreparedPack[]> {
  const out: PreparedPack[] = new Array(plans.length);
  const bytes = plans.reduce((n, p) => n + p.reduce((m, b) => m + b.size, 0), 0);
  const n = Math.min(plans.length, opts.workers ?? (bytes >= WORKERS_FROM ? availableParallelism() : 0));
  if (n < 1) {
    const scratch = { buf: Buffer.alloc(0) };
    plans.forEach((p, i) => {
      out[i] = unwrap(preparePack(archive, p, scratch));
    });
    return out;
  }
  const workers = Array.from({ length: n }, () => new Worker(compiledModule('cli/registry/pack-worker')));
  const idle = [...workers];
  try {
    await eachLimit(plans, n, async (p, i) => {
      const w = idle.pop()!;
      try {
        out[i] = unwrap(await ask(w, archive, p));
      } finally {
        idle.push(w);
      }
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return out;
}

function ask(w: Worker, archive: string, bundles: PackBundle[]): Promise<PreparedPack | Failure> {
  return new Promise((resolve, reject) => {
    const done = () => {
      w.off('message', onMessage);
      w.off('error', onError);
    };
    const onMessage = (m: { result?: PreparedPack | Failure; error?: string }) => {
      done();
      if (m.error !== undefined) reject(new Error(m.error));
      else resolve(m.result!);
    };
    const onError = (e: Error) => {
      done();
      reject(e);
    };
    w.on('message', onMessage);
    w.on('error', onError);
    w.postMessage({ archive, bundles });
  });
}
