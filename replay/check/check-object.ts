import { checkContent, descriptorOf, BundleError, MAX_OBJECT_BYTES, type Descriptor } from '../format/bundle.ts';
import { checkSizeAndDigest, sizeProblem } from '../accel/check-size-digest.ts';
import { sha256, type Digest } from '../format/digest.ts';
import { Inflater } from '../format/gzip.ts';
import type { BundleRef } from '../format/schemas.ts';
import type { Code } from '../codes.ts';

/**
 * Check one object file, hashing while reading and never trusting its name. Pure apart from reading
 * the file, so it runs the same inline or in a worker thread. Stops at the first failing stage: a
 * later stage means nothing once an earlier one failed (a wrong digest is never decompressed).
 */
export type StageName = 'size' | 'digest' | 'gzip' | 'inflate' | 'parse' | 'schema';
export const STAGES: StageName[] = ['size', 'digest', 'gzip', 'inflate', 'parse', 'schema'];

export interface ObjectResult {
  digest: Digest;
  path: string;
  size: number;
  passed: number; // how many STAGES passed (full: 6 when clean; quick: 2)
  failure?: { stage: StageName; code: Code; message: string };
  kind?: string; // once decoded
  descriptor?: Descriptor; // once decoded, when asked for (its content digest is for an index to compare)
  refs?: BundleRef[];
}

/**
 * `descriptor`: also compute the descriptor, whose content digest (SHA-256 of the whole inflated
 * text) only an index row is compared with: without an index it is work that checks nothing.
 */
export function checkObject(absPath: string, rel: string, digest: Digest, quick: boolean, expectedSize?: number, descriptor = true): ObjectResult {
  const { result, bytes } = checkSizeAndDigest(absPath, rel, digest, quick, expectedSize, MAX_OBJECT_BYTES);
  const r: ObjectResult = result;
  if (r.failure || quick || !bytes) return r;
  return decodeStages(r, bytes, digest, descriptor);
}

/**
 * The same stages for bytes already in memory (a release's bundles, checked while its tar streams
 * by): size, SHA-256 against the name, then the bundle stages. `actual`: the SHA-256 of these very
 * bytes when the caller has just computed it (a release hashes each bundle once, for its name and
 * for the manifest).
 */
export function checkObjectBytes(bytes: Uint8Array, rel: string, digest: Digest, descriptor = true, actual?: Digest): ObjectResult {
  const r: ObjectResult = { digest, path: rel, size: bytes.length, passed: 0 };
  const problem = sizeProblem(bytes.length, MAX_OBJECT_BYTES, undefined);
  if (problem) return { ...r, failure: { stage: 'size', code: 'ESIZE', message: problem } };
  r.passed = 1;
  actual ??= sha256(bytes);
  if (actual !== digest) return { ...r, failure: { stage: 'digest', code: 'EDIGEST', message: `content hashes to ${actual}` } };
  r.passed = 2;
  return decodeStages(r, bytes, digest, descriptor);
}

// One per thread: each bundle's text is checked and let go before the next is inflated.
const scratch = new Inflater();

function decodeStages(r: ObjectResult, bytes: Uint8Array, digest: Digest, descriptor: boolean): ObjectResult {
  try {
    const d = checkContent(bytes, digest, digest, scratch); // the digest stage proved the bytes hash to their name
    r.kind = d.kind;
    if (descriptor) r.descriptor = descriptorOf(d, bytes.length);
    r.refs = d.refs;
    r.passed = STAGES.length;
  } catch (e) {
    if (!(e instanceof BundleError)) throw e;
    const stage: StageName = e.code === 'EGZIP' ? 'gzip' : e.code === 'ESIZE' ? 'inflate' : e.code === 'EJSON' ? 'parse' : 'schema';
    r.passed = STAGES.indexOf(stage);
    r.failure = { stage, code: e.code, message: e.message };
  }
  return r;
}
