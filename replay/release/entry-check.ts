import { checkObjectBytes, type ObjectResult } from '../check/check-object.ts';
import { scanShipped } from '../content/scan-bundle.ts';
import type { SecretHit } from '../content/secrets.ts';
import type { Digest } from '../format/digest.ts';
import { writeNew } from '../accel/write-new.ts';

/**
 * One entry of a release as verify's read pass takes it (in the worker, accel-free: the same calls
 * on either thread): written into staging when the listing admits it, hashed from the bytes
 * written, checked as a bundle when it is one, and read by the secret scanner when the content
 * rule says so (replay/content/release-check.ts scanRule) — beside the inflate, not after it.
 */
export interface Entry {
  /** a bundle: its path under evidence/ (objects/v1/…) and the digest its name gives; a plain file: its release path and null */
  rel: string;
  digest: Digest | null;
  /** the release path hits are reported under */
  path: string;
  /** scan the bytes: a plain file whole; a bundle inflated, as the JSON it holds (a source snapshot file by file) */
  scan: boolean;
}

export interface EntryResult {
  written?: Digest; // absent: not asked to write, or the name was taken (nothing written)
  result?: ObjectResult; // bundles
  hits?: SecretHit[]; // when scanned
}

export function checkEntry(bytes: Uint8Array, e: Entry, out: { abs: string; mode: number } | undefined): EntryResult {
  const written = (out && writeNew(out.abs, out.mode, bytes)) ?? undefined; // null: the name was taken, nothing written
  if (e.digest === null) return { written, ...(e.scan ? { hits: scanShipped(e.path, bytes) } : {}) };
  const result = checkObjectBytes(bytes, e.rel, e.digest, false, written);
  return { written, result, ...(e.scan ? { hits: scanShipped(e.path, bytes) } : {}) };
}
