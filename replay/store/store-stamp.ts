import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, type Stats } from 'node:fs';
import { join } from 'node:path';

/**
 * A stamp of the store's shape, cheap to take (a few hundred stats, no file read): what the index
 * records in meta when it is brought up to date, so the next reading command can tell that
 * nothing was added, removed or rewritten since, without listing every object and reading every
 * ref file (15,500 objects and 10,000 refs cost ~0.4 s on every command).
 *
 * What it covers, and why that is enough:
 * - objects: the object directories (objects/v1/sha256 and each shard). Adding, removing or
 *   renaming an object changes its shard directory's ctime; an object rewritten in place is
 *   damage, which verify and check find by reading the bytes (the index never vouched for that).
 * - refs: refs/, each namespace directory and each ref file, whose ctime changes on any write in
 *   place (`cp` over it) as well as on a rename into place.
 * ctime, not mtime: no program can set it back (`cp -p`, `tar`, `touch -d` set mtime only).
 * Inode numbers are in it too, so an index copied in from another archive never matches.
 *
 * A stamp is only usable when every time in it is older than RACY_MS before it was taken: a
 * write in the same clock tick as the stamp would leave the times as they were (git's "racy
 * clean" problem). An unusable stamp (`digest: null`) is never recorded, so the next command
 * looks at every object and ref again, as it would without a stamp.
 */
export interface StoreStamp {
  digest: string | null;
}

/** File systems' timestamps are coarse (a kernel tick, 2 s on FAT): times this recent prove nothing. */
export const RACY_MS = 2000;

export function storeStamp(dir: string, now = Date.now()): StoreStamp {
  const newest = now - RACY_MS;
  const lines: string[] = [];
  let usable = true;
  // Times in ms as doubles keep sub-microsecond precision today, finer than any clock tick that
  // matters here; bigint stats cost twice as much over ten thousand ref files.
  const add = (rel: string, st: Stats | null) => {
    if (!st) {
      lines.push(`${rel} -`);
      return;
    }
    if (st.ctimeMs > newest || st.mtimeMs > newest) usable = false;
    lines.push(`${rel} ${st.isDirectory() ? 'd' : st.isFile() ? 'f' : 'o'} ${st.ino} ${st.ctimeMs} ${st.mtimeMs} ${st.size}`);
  };
  const dirStamp = (rel: string): string[] => {
    const st = stat(join(dir, rel));
    add(rel, st);
    if (!st?.isDirectory()) return [];
    try {
      return readdirSync(join(dir, rel)).sort();
    } catch {
      usable = false; // unreadable: the full look says what is wrong
      return [];
    }
  };
  // A shard's own stat covers its objects (see above): its listing is not read.
  for (const shard of dirStamp('objects/v1/sha256')) add(`objects/v1/sha256/${shard}`, stat(join(dir, 'objects/v1/sha256', shard)));
  for (const ns of dirStamp('refs')) for (const name of dirStamp(`refs/${ns}`)) add(`refs/${ns}/${name}`, stat(join(dir, 'refs', ns, name)));
  return { digest: usable ? `sha256:${createHash('sha256').update(lines.join('\n')).digest('hex')}` : null };
}

function stat(path: string): Stats | null {
  return lstatSync(path, { throwIfNoEntry: false }) ?? null;
}
