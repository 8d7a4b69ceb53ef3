// Writing one extracted file into staging. Plain JavaScript so the bundle-check worker uses it
// without the TypeScript loader; verify.ts runs the same code on the main thread.
import { hash } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';

/** Errors that mean "something is already there": a name that collides on this file system. */
export const CONFLICTS = new Set(['EEXIST', 'ENOTDIR', 'EISDIR']);

/**
 * Create `abs` (exclusive: nothing can be there to follow or overwrite), write all of `bytes`, and
 * return the SHA-256 of exactly those bytes as `sha256:HEX`; null, with nothing written, when the
 * name is taken (CONFLICTS): the caller reports the file as not extracted. Other errors throw.
 * @param {string} abs
 * @param {number} mode
 * @param {Uint8Array} bytes
 * @returns {`sha256:${string}` | null}
 */
export function writeNew(abs, mode, bytes) {
  let fd;
  try {
    fd = openSync(abs, 'wx', mode);
  } catch (e) {
    if (CONFLICTS.has(/** @type {NodeJS.ErrnoException} */ (e).code ?? '')) return null;
    throw e;
  }
  try {
    for (let off = 0; off < bytes.length; ) off += writeSync(fd, bytes, off, bytes.length - off);
  } finally {
    closeSync(fd);
  }
  return `sha256:${hash('sha256', bytes, 'hex')}`; // one-shot: ~15 % faster than a Hash object per file (check-size-digest.mjs)
}
