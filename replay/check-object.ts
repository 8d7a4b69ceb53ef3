import { closeSync, openSync, readSync, readFileSync, statSync } from 'node:fs';
import { decodeBundle, BundleError, MAX_OBJECT_BYTES, type Descriptor } from './bundle.ts';
import { sha256, sha256Stream, type Digest } from './digest.ts';
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

const BUF = Buffer.allocUnsafe(1 << 20);

export function checkObject(absPath: string, rel: string, digest: Digest, quick: boolean, expectedSize?: number): ObjectResult {
  const r: ObjectResult = { digest, path: rel, size: 0, passed: 0 };
  const fail = (stage: StageName, code: string, message: string) => {
    r.failure = { stage, code, message };
    return r;
  };
  let size: number;
  try {
    size = statSync(absPath).size;
  } catch (e) {
    return fail('size', 'EREAD', `cannot read: ${(e as Error).message}`);
  }
  r.size = size;
  if (size === 0) return fail('size', 'ESIZE', 'empty object');
  if (size > MAX_OBJECT_BYTES) return fail('size', 'ESIZE', `${size} bytes, over the ${MAX_OBJECT_BYTES}-byte object cap`);
  if (expectedSize !== undefined && expectedSize !== size) return fail('size', 'ESIZE', `${size} bytes, the index records ${expectedSize}`);
  r.passed = 1;
  if (quick) {
    const actual = hashFile(absPath);
    if (actual !== digest) return fail('digest', 'EDIGEST', `content hashes to ${actual}`);
    r.passed = 2;
    return r;
  }
  const bytes = readFileSync(absPath);
  const actual = sha256(bytes);
  if (actual !== digest) return fail('digest', 'EDIGEST', `content hashes to ${actual}`);
  r.passed = 2;
  try {
    const d = decodeBundle(bytes, digest, actual);
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

function hashFile(path: string): Digest {
  const h = sha256Stream();
  const fd = openSync(path, 'r');
  try {
    for (;;) {
      const n = readSync(fd, BUF, 0, BUF.length, null);
      if (n === 0) break;
      h.update(BUF.subarray(0, n));
    }
  } finally {
    closeSync(fd);
  }
  return h.digest();
}
