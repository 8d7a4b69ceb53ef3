import { decodeBundle, BundleError, MAX_OBJECT_BYTES, type Descriptor } from './bundle.ts';
import { checkSizeAndDigest } from './check-size-digest.mjs';
import type { Digest } from './digest.ts';
import type { BundleRef } from './schemas.ts';

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
  failure?: { stage: StageName; code: string; message: string };
  descriptor?: Descriptor;
  refs?: BundleRef[];
}

export function checkObject(absPath: string, rel: string, digest: Digest, quick: boolean, expectedSize?: number): ObjectResult {
  const { result, bytes } = checkSizeAndDigest(absPath, rel, digest, quick, expectedSize, MAX_OBJECT_BYTES);
  const r: ObjectResult = result;
  if (r.failure || quick || !bytes) return r;
  const fail = (stage: StageName, code: string, message: string) => {
    r.failure = { stage, code, message };
    return r;
  };
  try {
    const d = decodeBundle(bytes, digest, digest); // stage 2 proved the bytes hash to their name
    r.descriptor = d.descriptor;
    r.refs = d.refs;
    r.passed = STAGES.length;
  } catch (e) {
    if (!(e instanceof BundleError)) throw e;
    const stage: StageName = e.code === 'EGZIP' ? 'gzip' : e.code === 'ESIZE' ? 'inflate' : e.code === 'EJSON' ? 'parse' : 'schema';
    r.passed = STAGES.indexOf(stage);
    return fail(stage, e.code, e.message);
  }
  return r;
}
