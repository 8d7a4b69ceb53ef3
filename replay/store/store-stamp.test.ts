import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Archive } from '../index/archive.ts';
import { Store } from './store.ts';
import { storeStamp, RACY_MS } from './store-stamp.ts';
import { REPO, tempDir } from '../../cli/dev/testkit/core.ts';

/** The shipped archive's objects and refs, copied (the index is built on first use). */
function archiveCopy(): string {
  const dir = join(tempDir('docket-stamp-'), 'evidence');
  cpSync(join(REPO, 'evidence', 'objects'), join(dir, 'objects'), { recursive: true });
  cpSync(join(REPO, 'evidence', 'refs'), join(dir, 'refs'), { recursive: true });
  return dir;
}

/** Every time in a fresh copy is recent: look at it from a minute later, when a stamp is usable. */
const later = () => vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 60_000);

/** Bring the index up to date in a fresh Archive (as each command does) and return its refs table. */
function currentRefs(dir: string) {
  const a = new Archive(dir);
  try {
    return new Map(
      a
        .currentIndex()
        .refs()
        .map((r) => [r.name, r.digest]),
    );
  } finally {
    a.close();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('the store stamp', () => {
  it('is null while the store was written within RACY_MS, and a digest once it is older', () => {
    const dir = archiveCopy();
    expect(storeStamp(dir).digest).toBeNull();
    const now = Date.now() + RACY_MS + 1000;
    expect(storeStamp(dir, now).digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(storeStamp(dir, now).digest).toBe(storeStamp(dir, now).digest);
  });

  it('changes when a ref file is rewritten in place (same inode, same length) and when an object arrives', () => {
    const dir = archiveCopy();
    const now = Date.now() + 60_000;
    const before = storeStamp(dir, now).digest;
    const store = new Store(dir);
    const ref = join(dir, 'refs', 'bank', 'current');
    writeFileSync(ref, `${store.readRef('grades/ref-coin-1')}\n`); // writeFileSync truncates and rewrites the same inode
    const afterRef = storeStamp(dir, now).digest;
    expect(afterRef).not.toBe(before);
    store.put({ kind: 'attachment', schemaVersion: 1, mediaType: 'text/plain', body: 'arrived by copy' });
    expect(storeStamp(dir, now).digest).not.toBe(afterRef);
  });

  it('lets a command skip the look at every object and ref, and a ref rewritten in place is still seen', () => {
    const dir = archiveCopy();
    later();
    const first = currentRefs(dir); // looks at everything and records the stamp
    const list = vi.spyOn(Store.prototype, 'list');
    expect(currentRefs(dir)).toEqual(first);
    expect(list).not.toHaveBeenCalled(); // the stamp matched
    const a = new Archive(dir);
    try {
      a.currentIndex();
      const fromFiles = a.store.listRefs().map((r) => ({ name: r.name, raw: r.raw.trim() }));
      expect(a.listedRefs()).toEqual(fromFiles); // the refs the readers see, in the listing's order
    } finally {
      a.close();
    }

    const store = new Store(dir);
    const other = store.readRef('grades/ref-coin-1')!;
    expect(first.get('bank/current')).not.toBe(other);
    writeFileSync(join(dir, 'refs', 'bank', 'current'), `${other}\n`); // in place: only the file's ctime changes
    expect(currentRefs(dir).get('bank/current')).toBe(other);
    expect(list).toHaveBeenCalled();
  });

  it('an object put by another writer than the archive (a copy, git) is indexed on the next command', () => {
    const dir = archiveCopy();
    later();
    currentRefs(dir);
    const d = new Store(dir).put({ kind: 'attachment', schemaVersion: 1, mediaType: 'text/plain', body: 'copied in' }).digest;
    const a = new Archive(dir);
    try {
      expect(a.currentIndex().object(d)).toBeDefined();
    } finally {
      a.close();
    }
  });
});
