import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BundleError, checkContent } from '../../replay/format/bundle.ts';
import { sha256, type Digest } from '../../replay/format/digest.ts';
import { DocketError, EXIT, findingError, usageError } from '../../replay/errors.ts';
import { Store } from '../../replay/store/store.ts';
import { secretError } from '../../replay/content/secrets.ts';
import type { RegistryClient } from './client.ts';
import { readArchive, type RemoteArchive } from './artifact.ts';
import { IndexCache } from './index-cache.ts';
import { ARCHIVE_FORMAT_V2, DEFAULT_MANIFEST_LIMIT, imageIndex, imageManifest, jsonBytes, MEDIA, packIndexLayer, packLayer, splitLayers, type ArchiveConfigV2, type Descriptor } from './layout.ts';
import { DEFAULT_PACK_SIZE } from './manifest-limit.ts';
import { encodePackIndex, planPacks, type Located, type PackRef } from './pack-index.ts';
import { eachLimit } from './pool.ts';
import { preparePacks } from './pack-prepare.ts';
import { formatRef } from './ref.ts';

export interface BlobCounts {
  total: number;
  present: number; // already in the registry (named by a pack index there, or HEAD said so): not sent
  uploaded: number;
  bytes: number; // bytes uploaded
}

export interface PushReport {
  ok: true;
  ref: string;
  digest: Digest; // of the top manifest (image manifest, or index when the archive needed several)
  mediaType: string;
  manifests: number;
  unchanged: boolean; // the tag already named exactly this artifact: no manifest written
  bundles: { total: number; present: number; packed: number; bytes: number }; // present: in the repository's packs already; packed: sent in new packs
  packs: { total: number; new: number; reused: number };
  blobs: BlobCounts; // every blob the manifest names: packs, the pack index, the config
  refs: number;
  tagsRead: number; // other tags whose pack indexes were read to find bundles already there
}

export interface PushOptions {
  concurrency: number;
  chunkSize: number; // blobs above this go up in PATCH chunks of this size
  packSize?: number; // target pack size (DEFAULT_PACK_SIZE)
  manifestLimit?: number;
  only?: string[]; // push just these refs and the objects they reach
  cache?: IndexCache; // pack indexes by digest (default: the user's cache directory)
  onProgress?: (done: number, total: number) => void;
  workers?: number; // threads preparing new packs (default: one per core for 4 MiB or more, else none)
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
export async function ensureBlob(
  client: RegistryClient,
  d: { digest: Digest; size: number; path?: string; bytes?: Buffer; read?: (start: number, end: number) => Buffer },
  counts: BlobCounts,
  chunkSize: number,
) {
  const have = await client.headBlob(d.digest);
  if (have === d.size) {
    counts.present++;
    return;
  }
  const read = d.read ?? (d.bytes ? (s: number, e: number) => d.bytes!.subarray(s, e) : fileReader(d.path!));
  if (d.path && d.size <= 64 * 1024 * 1024) {
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
    if (!store.has(d)) {
      if (store.redaction(d)) continue; // redacted (design.md §23): its record travels in the config
      throw findingError('EREF', `${d} is referenced but not in the archive; nothing pushed. Run 'docket verify'.`, { digest: d });
    }
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

/** A local bundle to push: its name, file and (once known) size. */
interface LocalObject {
  digest: Digest;
  path: string;
}

/** A new pack: its bundles back to back, in the order planPacks gave. */
interface NewPack {
  bundles: (LocalObject & { size: number; offset: number })[];
  digest: Digest;
  size: number;
}

/** A new pack's bytes, its bundles back to back, read into `buf` (sizes checked; the digests were, by preparePack). */
function readPack(pack: NewPack, buf: Buffer): Buffer {
  const bytes = buf.subarray(0, pack.size);
  for (const b of pack.bundles) {
    const fd = openSync(b.path, 'r');
    try {
      for (let got = 0; got < b.size; ) {
        const n = readSync(fd, bytes, b.offset + got, b.size - got, got);
        if (n === 0) throw usageError('ECHANGED', `${b.path} shrank while it was being pushed`, { path: b.path });
        got += n;
      }
    } finally {
      closeSync(fd);
    }
  }
  return bytes;
}

/** New packs in flight at once, each in memory (a default pack is 16 MiB, in a reused buffer): enough to keep a link busy. */
const PACKS_IN_FLIGHT = 3;

/** Where the repository already holds a bundle: the first pack index that lists it. */
function locate(known: RemoteArchive[], digest: Digest, skip: ReadonlySet<Digest> = NONE): Located | null {
  for (const a of known) {
    const i = a.index.find(digest);
    if (i >= 0 && !skip.has(a.index.located(i).pack)) return a.index.located(i);
  }
  return null;
}
const NONE: ReadonlySet<Digest> = new Set();

/** The packs already in the registry that hold a bundle redacted here (design.md §23): never named again by what this push writes. */
function redactedPacks(known: RemoteArchive[], redacted: readonly Digest[]): Set<Digest> {
  const out = new Set<Digest>();
  for (const a of known)
    for (const d of redacted) {
      const i = a.index.find(d);
      if (i >= 0) out.add(a.index.located(i).pack);
    }
  return out;
}

/**
 * The archive artifacts the repository holds, to learn which bundles are there already: the target
 * tag first, then (when that one lacks something) every other tag, in name order. A tag that holds
 * no docket-archive/v2, or a damaged one, is passed over: its blobs are simply not reused.
 */
async function readKnown(client: RegistryClient, reference: string, cache: IndexCache): Promise<RemoteArchive | null> {
  try {
    const a = await readArchive(client, reference, cache, true);
    return a?.format === ARCHIVE_FORMAT_V2 ? a : null;
  } catch (e) {
    if (e instanceof DocketError && e.exitCode === EXIT.FINDINGS) return null;
    throw e;
  }
}

export async function pushArchive(client: RegistryClient, archiveDir: string, opts: PushOptions): Promise<PushReport> {
  if (client.ref.digest || !client.ref.tag) throw usageError('EREF', `push names its target by tag, not digest: ${formatRef(client.ref)}`, { ref: formatRef(client.ref) });
  const packSize = opts.packSize ?? DEFAULT_PACK_SIZE;
  const store = new Store(archiveDir);
  const listing = store.list();
  if (listing.objects.length === 0) throw usageError('EEMPTY', `the archive ${archiveDir} has no objects; nothing to push`, { archive: archiveDir });
  let objects: LocalObject[] = listing.objects.map((o) => ({ digest: o.digest, path: join(archiveDir, o.path) }));
  const present = new Set(objects.map((o) => o.digest));
  let refs: Record<string, Digest> = {};
  for (const r of store.listRefs()) {
    const d = store.readRef(r.name);
    if (!d) continue;
    if (!present.has(d) && !store.redaction(d))
      throw findingError('EREF', `ref ${r.name} points to ${d}, which is not in the archive; nothing pushed. Run 'docket verify'.`, { ref: r.name, digest: d });
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
  const tag = ref.tag!;
  const cache = opts.cache ?? new IndexCache();
  await client.ping();
  // What the repository has: the tag's own artifact first (a second push of the same archive needs
  // nothing else), then the other tags' when something is still missing.
  const current = await readKnown(client, tag, cache);
  const known: RemoteArchive[] = current ? [current] : [];
  const redactedHere = store.redactions().map((r) => r.digest);
  let skip = redactedPacks(known, redactedHere);
  let missing = objects.filter((o) => !locate(known, o.digest, skip));
  let tagsRead = 0;
  if (missing.length) {
    const others = (await client.tags()).filter((t) => t !== tag).sort();
    const found: (RemoteArchive | null)[] = new Array(others.length).fill(null);
    await eachLimit(others, opts.concurrency, async (t, i) => {
      found[i] = await readKnown(client, t, cache);
    });
    tagsRead = others.length;
    for (const a of found) if (a) known.push(a);
    skip = redactedPacks(known, redactedHere);
    missing = objects.filter((o) => !locate(known, o.digest, skip));
  }

  // New packs for what is missing. Every bundle that would leave the machine (those the repository
  // lacks) is re-hashed and read by the secret scanner, on every core, before the first byte is
  // sent: a hit sends nothing (issue #33); what the repository holds already does not leave again.
  const counts: BlobCounts = { total: 0, present: 0, uploaded: 0, bytes: 0 };
  const sized = missing.map((o) => ({ ...o, size: statSync(o.path).size }));
  const plans = planPacks(sized, packSize);
  const prepared = await preparePacks(archiveDir, plans, { workers: opts.workers });
  const hits = prepared.flatMap((p) => p.hits);
  if (hits.length) throw secretError(hits, 'docket push');
  const fresh: NewPack[] = plans.map((bundles, i) => ({
    bundles: bundles.map((b, k) => ({ ...b, offset: prepared[i]!.offsets[k]! })),
    digest: prepared[i]!.digest,
    size: prepared[i]!.size,
  }));
  // Then each checked (HEAD) before it is sent: a pack a killed push already sent is the same pack
  // again (same bundles, same order), so it is not sent twice. Its bytes are read again (from the
  // page cache) into one of a few reused buffers; the registry checks them against the digest.
  const buffers: Buffer[] = [];
  let done = 0;
  await eachLimit(fresh, Math.min(opts.concurrency, PACKS_IN_FLIGHT), async (pack) => {
    const have = await client.headBlob(pack.digest);
    if (have === pack.size) counts.present++;
    else {
      let buf = buffers.pop();
      if (!buf || buf.length < pack.size) buf = Buffer.allocUnsafeSlow(Math.max(pack.size, packSize));
      try {
        const bytes = readPack(pack, buf);
        await client.uploadBlob(pack.digest, pack.size, (s, e) => bytes.subarray(s, e), opts.chunkSize);
      } finally {
        buffers.push(buf);
      }
      counts.uploaded++;
      counts.bytes += pack.size;
    }
    opts.onProgress?.(++done, fresh.length);
  });

  // The pack index: every bundle of this artifact, where it is now. When the tag's own index
  // lists exactly these bundles, it is that index (the common second push: nothing rebuilt).
  let indexBytes: Buffer;
  let packs: Map<Digest, PackRef>;
  let reused = 0;
  if (current && !fresh.length && objects.length === current.index.entries && !skip.size) {
    indexBytes = current.index.bytes;
    packs = new Map(current.index.packRefs().map((p) => [p.digest, p]));
    reused = packs.size;
  } else {
    const where = new Map<Digest, Located>();
    packs = new Map<Digest, PackRef>();
    for (const p of fresh) {
      packs.set(p.digest, { digest: p.digest, size: p.size });
      for (const b of p.bundles) where.set(b.digest, { digest: b.digest, pack: p.digest, offset: b.offset, length: b.size });
    }
    for (const o of objects) {
      if (where.has(o.digest)) continue;
      const at = locate(known, o.digest, skip)!;
      where.set(o.digest, at);
      if (!packs.has(at.pack)) {
        reused++;
        const a = known.find((k) => k.index.find(o.digest) >= 0 && k.index.located(k.index.find(o.digest)).pack === at.pack)!;
        packs.set(at.pack, a.index.packRefs().find((p) => p.digest === at.pack)!);
      }
    }
    indexBytes = encodePackIndex([...packs.values()], [...where.values()]);
  }
  const indexDesc = packIndexLayer(sha256(indexBytes), indexBytes.length);
  // Redaction records go in the config (design.md §19, §23): the record ships, the content never does.
  const redactions = store.redactions().map((r) => store.redaction(r.digest)!);
  const config: ArchiveConfigV2 = { format: ARCHIVE_FORMAT_V2, refs, ...(redactions.length ? { redactions } : {}) };
  const configBytes = jsonBytes(config);
  const configDesc: Descriptor = { mediaType: MEDIA.archiveConfig, digest: sha256(configBytes), size: configBytes.length };
  const layers = [indexDesc, ...[...packs.values()].sort((a, b) => (a.digest < b.digest ? -1 : 1)).map((p) => packLayer(p.digest, p.size))];
  const parts = splitLayers(layers, opts.manifestLimit ?? DEFAULT_MANIFEST_LIMIT).map((l) => {
    const bytes = imageManifest(MEDIA.archive, configDesc, l);
    return { bytes, digest: sha256(bytes) };
  });
  const top =
    parts.length === 1
      ? { ...parts[0]!, mediaType: MEDIA.manifest }
      : (() => {
          const bytes = imageIndex(
            MEDIA.archive,
            parts.map((m) => ({ mediaType: MEDIA.manifest, digest: m.digest, size: m.bytes.length, artifactType: MEDIA.archive })),
          );
          return { bytes, digest: sha256(bytes), mediaType: MEDIA.index };
        })();

  const bundleBytes = fresh.reduce((n, p) => n + p.size, 0);
  const unchanged = current?.digest === top.digest; // the tag names this very artifact: its blobs are all there
  counts.total = packs.size + 2;
  counts.present += reused;
  if (unchanged) counts.present += 2;
  else {
    await ensureBlob(client, { ...indexDesc, bytes: indexBytes }, counts, opts.chunkSize);
    cache.put(indexDesc.digest, indexBytes); // the next push or pull here reads it from disk
    await ensureBlob(client, { ...configDesc, bytes: configBytes }, counts, opts.chunkSize);
    if (parts.length > 1) for (const m of parts) await client.putManifest(m.digest, m.bytes, MEDIA.manifest);
    await client.putManifest(tag, top.bytes, top.mediaType);
  }
  return {
    ok: true,
    ref: formatRef(ref),
    digest: top.digest,
    mediaType: top.mediaType,
    manifests: parts.length,
    unchanged,
    bundles: { total: objects.length, present: objects.length - missing.length, packed: missing.length, bytes: bundleBytes },
    packs: { total: packs.size, new: fresh.length, reused },
    blobs: counts,
    refs: Object.keys(refs).length,
    tagsRead,
  };
}
