// Writing one extracted file into staging. Plain JavaScript so the bundle-check worker uses it
// without the TypeScript loader; verify.ts runs the same code on the main thread.
import { createHash } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';

/**
 * Create `abs` (exclusive: nothing can be there to follow or overwrite), write all of `bytes`, and
 * return the SHA-256 of exactly those bytes as `sha256:HEX`.
 * @param {string} abs
 * @param {number} mode
 * @param {Uint8Array} bytes
 * @returns {`sha256:${string}`}
 */
export function writeNew(abs, mode, bytes) {
  const fd = openSync(abs, 'wx', mode);
  try {
    for (let off = 0; off < bytes.length; ) off += writeSync(fd, bytes, off, bytes.length - off);
  } finally {
    closeSync(fd);
  }
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}
