import { createHash } from 'node:crypto';
import { byUtf8 } from '../format/utf8.ts';
import { hexOf, isDigest, type Digest } from '../format/digest.ts';

/**
 * RFC 6962 §2.1 Merkle tree over an archive's object digests. Leaves are the 32 raw bytes of each
 * `sha256:` digest, in ascending order of the digest string (so the tree of a set is unique):
 *   MTH({})   = SHA-256()
 *   leaf(d)   = SHA-256(0x00 || d)
 *   node(l,r) = SHA-256(0x01 || l || r), split at the largest power of two below n.
 * Hashes are written as `sha256:<hex>` like every other digest in docket.
 */
const LEAF = Buffer.of(0);
const NODE = Buffer.of(1);

const h = (...parts: Uint8Array[]) => {
  const c = createHash('sha256');
  for (const p of parts) c.update(p);
  return c.digest();
};

export const leafHash = (d: Digest) => h(LEAF, Buffer.from(hexOf(d), 'hex'));
const nodeHash = (l: Uint8Array, r: Uint8Array) => h(NODE, l, r);
const toDigest = (b: Uint8Array): Digest => `sha256:${Buffer.from(b).toString('hex')}`;
const fromDigest = (d: string) => Buffer.from(d.slice(7), 'hex');

/** Largest power of two strictly below n (n >= 2). */
function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

export function sortDigests(digests: Iterable<Digest>): Digest[] {
  return [...new Set(digests)].sort(byUtf8);
}

function mth(leaves: Buffer[], lo: number, hi: number): Buffer {
  const n = hi - lo;
  if (n === 0) return h();
  if (n === 1) return leaves[lo]!;
  const k = split(n);
  return nodeHash(mth(leaves, lo, lo + k), mth(leaves, lo + k, hi));
}

/** The root of the tree over these digests (sorted and de-duplicated here). */
export function merkleRoot(digests: Iterable<Digest>): Digest {
  return logRoot(sortDigests(digests));
}

/**
 * The root of the tree over leaves kept in the order given (a log: the plan log is one, design.md
 * §22). Appending a leaf leaves every earlier leaf where it was, as in a transparency log.
 */
export function logRoot(leaves: readonly Digest[]): Digest {
  const hashed = leaves.map(leafHash);
  return toDigest(mth(hashed, 0, hashed.length));
}

export interface InclusionProof {
  kind: 'merkle-inclusion-proof';
  schemaVersion: 1;
  digest: Digest;
  leafIndex: number;
  treeSize: number;
  auditPath: Digest[];
  root: Digest;
}

/** RFC 6962 §2.1.1 PATH(m, D[n]), bottom-up. */
function path(leaves: Buffer[], m: number, lo: number, hi: number): Buffer[] {
  const n = hi - lo;
  if (n <= 1) return [];
  const k = split(n);
  if (m < k) return [...path(leaves, m, lo, lo + k), mth(leaves, lo + k, hi)];
  return [...path(leaves, m - k, lo + k, hi), mth(leaves, lo, lo + k)];
}

/** Inclusion proof for one digest, or null when it is not a leaf. */
export function proveInclusion(digests: Iterable<Digest>, digest: Digest): InclusionProof | null {
  return proveInLog(sortDigests(digests), digest);
}

/** Inclusion proof for one leaf of a log (leaves in the order given), or null when it is not one. */
export function proveInLog(ordered: readonly Digest[], digest: Digest): InclusionProof | null {
  const m = ordered.indexOf(digest);
  if (m < 0) return null;
  const leaves = ordered.map(leafHash);
  return {
    kind: 'merkle-inclusion-proof',
    schemaVersion: 1,
    digest,
    leafIndex: m,
    treeSize: ordered.length,
    auditPath: path(leaves, m, 0, leaves.length).map(toDigest),
    root: toDigest(mth(leaves, 0, leaves.length)),
  };
}

/**
 * RFC 9162 §2.1.3.2: recompute the root from a leaf, its index, the tree size and the audit path.
 * Returns the computed root, or null when the path has the wrong length for (index, size).
 */
export function rootFromProof(digest: Digest, leafIndex: number, treeSize: number, auditPath: string[]): Digest | null {
  if (!Number.isSafeInteger(leafIndex) || !Number.isSafeInteger(treeSize) || leafIndex < 0 || leafIndex >= treeSize) return null;
  let fn = leafIndex;
  let sn = treeSize - 1;
  let r = leafHash(digest);
  for (const p of auditPath) {
    if (!isDigest(p) || sn === 0) return null;
    const pb = fromDigest(p);
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(pb, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = nodeHash(r, pb);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 ? toDigest(r) : null;
}
