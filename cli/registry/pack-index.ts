import { findingError } from '../../replay/errors.ts';
import { MAX_OBJECT_BYTES } from '../../replay/format/bundle.ts';
import { hexOf, type Digest } from '../../replay/format/digest.ts';

/**
 * The pack index of an archive artifact (docs/design.md §19, "Packs"): for every bundle of the
 * artifact, the pack blob that holds it and where. Binary, so that 10^5–10^6 entries stay small
 * (44 bytes each) and are read in place, never as one JS object per bundle:
 *
 *   "DOCKETPI"  u32 version = 1  u32 P  u32 N                       header, 20 bytes
 *   P × ( 32-byte SHA-256 of the pack blob, u32 size )              packs, digest order
 *   N × ( 32-byte SHA-256 of the bundle, u32 pack, u32 offset, u32 length )   bundles, digest order
 *
 * All integers big-endian. The same bundles and packs always give the same bytes.
 */
export const MAGIC = Buffer.from('DOCKETPI', 'ascii');
export const VERSION = 1;
const HEAD = 20;
const PACK = 36;
const ENTRY = 44;
/** A pack is at most this many bytes (u32 offsets). */
export const MAX_PACK_BYTES = 0xffffffff;

export interface PackRef {
  digest: Digest;
  size: number;
}

export interface Located {
  digest: Digest; // the bundle
  pack: Digest;
  offset: number;
  length: number;
}

const raw = (d: Digest) => Buffer.from(hexOf(d), 'hex');
const cmpRaw = (a: Buffer, b: Buffer) => Buffer.compare(a, b);

/** The index's bytes for these bundles in these packs (each pack named by some bundle). */
export function encodePackIndex(packs: PackRef[], bundles: Located[]): Buffer {
  const sortedPacks = [...new Map(packs.map((p) => [p.digest, p])).values()].sort((a, b) => (a.digest < b.digest ? -1 : a.digest > b.digest ? 1 : 0));
  const number = new Map(sortedPacks.map((p, i) => [p.digest, i]));
  const sorted = [...bundles].sort((a, b) => (a.digest < b.digest ? -1 : a.digest > b.digest ? 1 : 0));
  const out = Buffer.alloc(HEAD + PACK * sortedPacks.length + ENTRY * sorted.length);
  MAGIC.copy(out, 0);
  out.writeUInt32BE(VERSION, 8);
  out.writeUInt32BE(sortedPacks.length, 12);
  out.writeUInt32BE(sorted.length, 16);
  let at = HEAD;
  for (const p of sortedPacks) {
    raw(p.digest).copy(out, at);
    out.writeUInt32BE(p.size, at + 32);
    at += PACK;
  }
  for (const b of sorted) {
    const n = number.get(b.pack);
    if (n === undefined) throw new Error(`internal: bundle ${b.digest} names pack ${b.pack}, which is not listed`);
    raw(b.digest).copy(out, at);
    out.writeUInt32BE(n, at + 32);
    out.writeUInt32BE(b.offset, at + 36);
    out.writeUInt32BE(b.length, at + 40);
    at += ENTRY;
  }
  return out;
}

/** A parsed, checked pack index, read in place. */
export class PackIndex {
  readonly packs: number;
  readonly entries: number;
  private readonly entryBase: number;

  private constructor(readonly bytes: Buffer) {
    this.packs = bytes.readUInt32BE(12);
    this.entries = bytes.readUInt32BE(16);
    this.entryBase = HEAD + PACK * this.packs;
  }

  packDigest(p: number): Digest {
    return `sha256:${this.bytes.toString('hex', HEAD + PACK * p, HEAD + PACK * p + 32)}`;
  }
  packSize(p: number): number {
    return this.bytes.readUInt32BE(HEAD + PACK * p + 32);
  }
  digest(i: number): Digest {
    const at = this.entryBase + ENTRY * i;
    return `sha256:${this.bytes.toString('hex', at, at + 32)}`;
  }
  /** The bundle's raw 32 digest bytes (a view). */
  rawDigest(i: number): Buffer {
    const at = this.entryBase + ENTRY * i;
    return this.bytes.subarray(at, at + 32);
  }
  pack(i: number): number {
    return this.bytes.readUInt32BE(this.entryBase + ENTRY * i + 32);
  }
  offset(i: number): number {
    return this.bytes.readUInt32BE(this.entryBase + ENTRY * i + 36);
  }
  length(i: number): number {
    return this.bytes.readUInt32BE(this.entryBase + ENTRY * i + 40);
  }
  located(i: number): Located {
    return { digest: this.digest(i), pack: this.packDigest(this.pack(i)), offset: this.offset(i), length: this.length(i) };
  }
  packRefs(): PackRef[] {
    return Array.from({ length: this.packs }, (_, p) => ({ digest: this.packDigest(p), size: this.packSize(p) }));
  }

  /** The entry of this bundle, or -1 (binary search: entries are in digest order). */
  find(digest: Digest | Buffer): number {
    const want = typeof digest === 'string' ? raw(digest) : digest;
    let lo = 0;
    let hi = this.entries - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = this.entryBase + ENTRY * mid;
      const c = this.bytes.compare(want, 0, 32, at, at + 32); // in place: no view per step
      if (c === 0) return mid;
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** Parse and check every rule of the format; anything else is EMANIFEST (exit 1), naming what. */
  static parse(bytes: Buffer, what: string): PackIndex {
    const bad = (why: string) => findingError('EMANIFEST', `${what}: ${why}; refused, nothing written`, { what });
    if (bytes.length < HEAD || !bytes.subarray(0, 8).equals(MAGIC)) throw bad('not a docket pack index (no DOCKETPI header)');
    if (bytes.readUInt32BE(8) !== VERSION) throw bad(`pack index version ${bytes.readUInt32BE(8)}, this docket reads ${VERSION}`);
    const packs = bytes.readUInt32BE(12);
    const entries = bytes.readUInt32BE(16);
    if (bytes.length !== HEAD + PACK * packs + ENTRY * entries) throw bad(`${bytes.length} bytes, not the ${HEAD + PACK * packs + ENTRY * entries} its ${packs} packs and ${entries} bundles take`);
    const x = new PackIndex(bytes);
    for (let p = 0; p < packs; p++) {
      if (x.packSize(p) < 1) throw bad(`pack ${x.packDigest(p)} has size 0`);
      if (p > 0 && cmpRaw(bytes.subarray(HEAD + PACK * (p - 1), HEAD + PACK * (p - 1) + 32), bytes.subarray(HEAD + PACK * p, HEAD + PACK * p + 32)) >= 0)
        throw bad('packs are not in strict digest order');
    }
    const used = new Uint8Array(packs);
    const spans: number[][] = Array.from({ length: packs }, () => []);
    for (let i = 0; i < entries; i++) {
      if (i > 0 && cmpRaw(x.rawDigest(i - 1), x.rawDigest(i)) >= 0) throw bad('bundles are not in strict digest order');
      const p = x.pack(i);
      if (p >= packs) throw bad(`bundle ${x.digest(i)} names pack ${p} of ${packs}`);
      const len = x.length(i);
      if (len < 1 || len > MAX_OBJECT_BYTES) throw bad(`bundle ${x.digest(i)} has length ${len}, not 1 to ${MAX_OBJECT_BYTES}`);
      if (x.offset(i) + len > x.packSize(p)) throw bad(`bundle ${x.digest(i)} ends at ${x.offset(i) + len}, past the end of pack ${x.packDigest(p)} (${x.packSize(p)} bytes)`);
      used[p] = 1;
      spans[p]!.push(i);
    }
    for (let p = 0; p < packs; p++) {
      if (!used[p]) throw bad(`pack ${x.packDigest(p)} holds none of the bundles`);
      const s = spans[p]!.sort((a, b) => x.offset(a) - x.offset(b));
      for (let k = 1; k < s.length; k++)
        if (x.offset(s[k - 1]!) + x.length(s[k - 1]!) > x.offset(s[k]!)) throw bad(`bundles ${x.digest(s[k - 1]!)} and ${x.digest(s[k]!)} overlap in pack ${x.packDigest(p)}`);
    }
    return x;
  }
}

/**
 * Group bundles into packs: in digest order, each pack filled while it stays within `target` bytes;
 * a bundle larger than the target is a pack of its own (whose bytes, and so digest, are the
 * bundle's). The same bundles and target always give the same packs.
 */
export function planPacks<T extends { digest: Digest; size: number }>(bundles: T[], target: number): T[][] {
  const sorted = [...bundles].sort((a, b) => (a.digest < b.digest ? -1 : a.digest > b.digest ? 1 : 0));
  const packs: T[][] = [];
  let cur: T[] = [];
  let bytes = 0;
  for (const b of sorted) {
    if (b.size > target) {
      packs.push([b]);
      continue;
    }
    if (cur.length && bytes + b.size > target) {
      packs.push(cur);
      cur = [];
      bytes = 0;
    }
    cur.push(b);
    bytes += b.size;
  }
  if (cur.length) packs.push(cur);
  return packs;
}
