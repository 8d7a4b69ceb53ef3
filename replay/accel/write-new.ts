// Writing one extracted file into staging: shared by the bundle-check worker (check-worker.ts) and
// verify.ts on the main thread.
import { hash } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';

/** Errors that mean "something is already there": a name that collides on this file system. */
export const CONFLICTS: Set<string> = new Set(['EEXIST', 'ENOTDIR', 'EISDIR']);

/**
 * Create `abs` (exclusive: nothing can be there to follow or overwrite), write all of `bytes`, and
 * return the SHA-256 of exactly those bytes as `sha256:HEX`; null, with nothing written, when the
 * name is taken (CONFLICTS): the caller reports the file as not extracted. Other errors throw.
 */
export function writeNew(abs: string, mode: number, bytes: Uint8Array): `sha256:${string}` | null {
  let fd;
  try {
    fd = openSync(abs, 'wx', mode);
  } catch (e) {
    if (CONFLICTS.has((e as NodeJS.ErrnoException).code ?? '')) return null;
    throw e;
  }
  try {
    for (let off = 0; off < bytes.length; ) off += writeSync(fd, bytes, off, bytes.length - off);
  } finally {
    closeSync(fd);
  }
  return `sha256:${hash('sha256', bytes, 'hex')}`; // one-shot: ~15 % faster than a Hash object per file (check-size-digest.ts)
}
