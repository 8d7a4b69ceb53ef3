import { closeSync, fsyncSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { sweepStaleTemps, tempName } from './temps.ts';

/**
 * Write atomically: exclusive temp file, fsync, rename. The temp sits in `tempDir` (default: the
 * target's directory; it must be on the same file system), so a caller can keep a killed write's
 * leftover out of a directory that is read as data. Temps follow replay/store/temps.ts; a stale one of
 * an interrupted earlier write of the same file is removed first.
 */
export function writeFileAtomic(path: string, bytes: Uint8Array | string, mode = 0o644, tempDir = dirname(path)) {
  sweepStaleTemps(tempDir, basename(path));
  const temp = join(tempDir, tempName(basename(path)));
  const fd = openSync(temp, 'wx', mode);
  try {
    const b = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
    let off = 0;
    while (off < b.length) off += writeSync(fd, b, off, b.length - off);
    fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    unlinkSync(temp);
    throw e;
  }
  closeSync(fd);
  renameSync(temp, path);
}
