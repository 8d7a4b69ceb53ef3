import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs';

/** Make a rename or link in `dir` durable. */
export function fsyncDir(dir: string) {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Write a whole buffer to a new file that must not exist yet, and fsync it (the first step of every atomic put). */
export function writeExclusive(path: string, bytes: Uint8Array): void {
  const fd = openSync(path, 'wx', 0o644);
  try {
    let off = 0;
    while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
