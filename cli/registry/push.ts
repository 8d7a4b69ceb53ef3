import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BundleError, checkContent } from '../../replay/format/bundle.ts';
import { sha256, type Digest } from '../../replay/format/digest.ts';
import { findingError, usageError } from '../../replay/errors.ts';
import { Store } from '../../replay/store/store.ts';
import type { RegistryClient } from './client.ts';
import { ARCHIVE_FORMAT, bundleLayer, DEFAULT_MANIFEST_LIMIT, imageIndex, imageManifest, jsonBytes, MEDIA, splitLayers, type ArchiveConfig, type Descriptor } from './layout.ts';
import { eachLimit } from './pool.ts';
import { formatRef } from './ref.ts';

export interface BlobCounts {
  total: number;
  present: number; // already in the registry (HEAD said so): not sent
  uploaded: number;
  bytes: number; // bytes uploaded
}

export interface PushReport {
  ok: true;
  ref: string;
  digest: Digest; // of the top manifest (image manifest, or index when the archive needed several)
  mediaType: string;
  manifests: number;
  blobs: BlobCounts;
  refs: number;
}

export interface PushOptions {
  concurrency: number;
  chunkSize: number; // blobs above this go up in PATCH chunks of this size
  manifestLimit?: number;
  only?: string[]; // push just these refs and the objects they reach
  onProgress?: (done: number, total: number) => void;
}

export const DEFAULT_CHUNK = 8 * 1024 * 1024;

/** Blob source for uploads: bytes [start, end) of a file, read when asked (never the whole file for chunks). */
export function fileReader(path: string) {
  return (start: number, end: number) => {
    const buf = Buffer.allocUnsafe(end - start);
    const fd = openSync(path, 'r');
    try {
      let off = 0;
      while (off < buf.length) {
        const n = readSync(fd, buf, off, buf.length - off, start + off);
        if (n === 0) throw usageError('ECHANGED', `${path} shrank while it was being uploaded`, { path });
        off += n;
      }
    } finally {
      closeSync(fd);
    }
    return buf;
  };
}

/** HEAD, then upload when missing. A local object is re-hashed before it is sent: a bad one stops the push. */
export async function ensureBlob(client: RegistryClient, d: { digest: Digest; size: number; path?: string; bytes?: Buffer }, counts: BlobCounts, chunkSize: number) {
  const have = await client.headBlob(d.digest);
  if (have === d.size) {
    counts.present++;
    return;
  }
  const read = d.bytes ? (s: number, e: number) => d.bytes!.subarray(s, e) : fileReader(d.path!);
  if (!d.bytes && d.size <= 64 * 1024 * 1024) {
    const whole = read(0, d.size);
    const got = sha256(whole);
    if (got !== d.digest) throw findingError('ECORRUPT', `${d.path} hashes to ${got}, not its name ${d.digest}; nothing more is pushed. Run 'docket verify'.`, { path: d.path, digest: d.digest });
    await client.uploadBlob(d.digest, d.size, (s, e) => whole.subarray(s, e), chunkSize);
  } else await client.uploadBlob(d.digest, d.size, read, chunkSize);
  counts.uploaded++;
  counts.bytes += d.size;
}

/**
 * Everything `roots` reach through bundle references, read from the bundles themselves (the index
 * is only a cache). A missing or damaged object on the way stops the push: it would not pull whole.
 */
function closure(store: Store, roots: Digest[]): Set<Digest> {
  const seen = new Set<Digest>();
  const todo = [...roots];
  while (todo.length) {
    const d = todo.pop()!;
    if (seen.has(d)) continue;
    if (!store.has(d)) throw findingError('EREF', `${d} is referenced but not in the archive; nothing pushed. Run 'docket verify'.`, { digest: d });
    let refs;
    try {
      refs = checkContent(store.getBytes(d), d).refs;
    } catch (e) {
      if (e instanceof BundleError) throw findingError('ECORRUPT', `object ${d} is damaged (${e.code}: ${e.message}); nothing pushed. Run 'docket verify'.`, { digest: d });
      throw e;
    }
    seen.add(d);
    for (const r of refs) todo.push(r.digest as Digest);
  }
  return seen;
}

export async function pushArchive(client: RegistryClient, archiveDir: string, opts: PushOptions): Promise<PushReport> {
  if (client.ref.digest || !client.ref.tag) throw usageError('EREF', `push names its target by tag, not digest: ${formatRef(client.ref)}`, { ref: formatRef(client.ref) });
  const store = new Store(archiveDir);
  const listing = store.list();
  if (listing.objects.length === 0) throw usageError('EEMPTY', `the archive ${archiveDir} has no objects; nothing to push`, { archive: archiveDir });
  let objects = listing.objects.map((o) => ({ digest: o.digest, path: join(archiveDir, o.path), size: statSync(join(archiveDir, o.path)).size }));
  const present = new Set(objects.map((o) => o.digest));
  let refs: Record<string, Digest> = {};
  for (const r of store.listRefs()) {
    const d = store.readRef(r.name);
    if (!d) continue;
    if (!present.has(d)) throw findingError('EREF', `ref ${r.name} points to ${d}, which is not in the archive; nothing pushed. Run 'docket verify'.`, { ref: r.name, digest: d });
    refs[r.name] = d;
  }
  if (opts.only?.length) {
    // Just these refs and what they reach: a run, or the bank, as an artifact of its own.
    for (const name of opts.only)
      if (!Object.hasOwn(refs, name)) throw usageError('ENOREF', `--only ${name}: the archive has no such ref (docket runs, or ls ${archiveDir}/refs, lists them)`, { ref: name });
    refs = Object.fromEntries(opts.only.map((n) => [n, refs[n]!]));
    const keep = closure(store, Object.values(refs));
    objects = objects.filter((o) => keep.has(o.digest));
  }

  const ref = client.ref;
  await client.ping();
  const counts: BlobCounts = { total: objects.length, present: 0, uploaded: 0, bytes: 0 };
  let done = 0;
  await eachLimit(objects, opts.concurrency, async (o) => {
    await ensureBlob(client, o, counts, opts.chunkSize);
    opts.onProgress?.(++done, objects.length);
  });

  const parts = splitLayers(
    objects.map((o) => bundleLayer(o.digest, o.size)),
    opts.manifestLimit ?? DEFAULT_MANIFEST_LIMIT,
  );
  const manifests: { bytes: Buffer; digest: Digest }[] = [];
  for (const [i, layers] of parts.entries()) {
    const inPart = new Set(layers.map((l) => l.digest));
    const config: ArchiveConfig = { format: ARCHIVE_FORMAT, part: i, parts: parts.length, refs: Object.fromEntries(Object.entries(refs).filter(([, d]) => inPart.has(d))) };
    const configBytes = jsonBytes(config);
    const configDesc: Descriptor = { mediaType: MEDIA.archiveConfig, digest: sha256(configBytes), size: configBytes.length };
    counts.total++;
    await ensureBlob(client, { ...configDesc, bytes: configBytes }, counts, opts.chunkSize);
    const bytes = imageManifest(MEDIA.archive, configDesc, layers);
    manifests.push({ bytes, digest: sha256(bytes) });
  }

  const tag = ref.tag!;
  let top: { bytes: Buffer; digest: Digest; mediaType: string };
  if (manifests.length === 1) top = { ...manifests[0]!, mediaType: MEDIA.manifest };
  else {
    for (const m of manifests) await client.putManifest(m.digest, m.bytes, MEDIA.manifest);
    const bytes = imageIndex(
      MEDIA.archive,
      manifests.map((m) => ({ mediaType: MEDIA.manifest, digest: m.digest, size: m.bytes.length, artifactType: MEDIA.archive })),
    );
    top = { bytes, digest: sha256(bytes), mediaType: MEDIA.index };
  }
  await client.putManifest(tag, top.bytes, top.mediaType);
  return { ok: true, ref: formatRef(ref), digest: top.digest, mediaType: top.mediaType, manifests: manifests.length, blobs: counts, refs: Object.keys(refs).length };
}
