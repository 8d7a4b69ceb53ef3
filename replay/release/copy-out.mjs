// Extraction of one tar entry from the read pass's spool (a private copy of the inflated tar) into
// its file under staging, hashing exactly the bytes written. Plain JavaScript so the extract worker
// starts without the TypeScript loader; verify.ts runs the same function on the main thread.
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync, writeSync } from 'node:fs';

/**
 * @param {number} spool descriptor of the spool, read with positional reads only (shared by threads)
 * @param {{ abs: string, mode: number, offset: number, size: number }} file
 * @param {Buffer} buf a reused piece buffer
 * @returns {string} hex SHA-256 of the bytes written
 */
export function copyOut(spool, file, buf) {
  const fd = openSync(file.abs, 'wx', file.mode); // exclusive: nothing can be there to follow or overwrite
  try {
    const hash = createHash('sha256');
    for (let done = 0; done < file.size; ) {
      const n = readSync(spool, buf, 0, Math.min(buf.length, file.size - done), file.offset + done);
      if (n === 0) throw new Error(`the spool ends inside ${file.abs}`);
      const piece = buf.subarray(0, n);
      hash.update(piece);
      for (let off = 0; off < n; ) off += writeSync(fd, piece, off, n - off);
      done += n;
    }
    return hash.digest('hex');
  } finally {
    closeSync(fd);
  }
}
