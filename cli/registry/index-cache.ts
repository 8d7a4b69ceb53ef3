import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { hexOf, sha256, type Digest } from '../../replay/format/digest.ts';
import { tempName } from '../../replay/store/temps.ts';

/**
 * Pack indexes already fetched, kept by digest so a push or pull reads a repository's indexes over
 * the network once (docs/design.md §19). A cached file is used only when its bytes hash to its name,
 * so the cache can be stale or damaged without changing an answer; writing to it is best effort.
 * Where: $DOCKET_CACHE_DIR, else $XDG_CACHE_HOME/docket, else ~/.cache/docket; `pack-index/<hex>`.
 */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.DOCKET_CACHE_DIR) return env.DOCKET_CACHE_DIR;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'docket');
}

export class IndexCache {
  constructor(readonly dir: string = join(cacheDir(), 'pack-index')) {}

  get(digest: Digest): Buffer | null {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(this.dir, hexOf(digest)));
    } catch {
      return null;
    }
    return sha256(bytes) === digest ? bytes : null;
  }

  /** Atomic (temp, fsync, rename); any failure leaves the cache as it was. */
  put(digest: Digest, bytes: Uint8Array): void {
    let temp: string | null = null;
    try {
      mkdirSync(this.dir, { recursive: true });
      temp = join(this.dir, tempName());
      const fd = openSync(temp, 'wx', 0o644);
      try {
        for (let off = 0; off < bytes.length; ) off += writeSync(fd, bytes, off, bytes.length - off);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(temp, join(this.dir, hexOf(digest)));
      temp = null;
    } catch {
      // a read-only home, a full disk: the next command fetches the index again
    } finally {
      if (temp) rmSync(temp, { force: true });
    }
  }
}
