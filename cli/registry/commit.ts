import { execFile } from 'node:child_process';
import { linkSync, promises as fsp, unlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Digest } from '../../replay/format/digest.ts';
import type { Store } from '../../replay/store/store.ts';
import { eachLimit } from './pool.ts';

/**
 * Bundles a pull has checked and written to temps beside their final names, made objects of the
 * store in batches (docs/design.md §4, "Batched puts"): every temp made durable, then each linked to
 * its name (never over an existing file: one already there must hash to its name), the temp
 * removed, and the directories made durable. The store's one-object protocol, with its fsyncs
 * shared by a batch: a final name still appears only once its bytes are on disk.
 */
export interface Staged {
  temp: string;
  digest: Digest;
}

/**
 * Commits run one batch at a time; what is handed over while one runs goes in the next, together.
 * So a pull of many small packs (or v1's one-bundle blobs) pays for durability once per batch.
 */
export class Committer {
  private queue: { items: Staged[]; resolve: () => void; reject: (e: unknown) => void }[] = [];
  private busy = false;
  /** Batches and objects committed (the tests and --json read them). */
  readonly stats = { batches: 0, objects: 0 };

  constructor(private readonly store: Store) {}

  commit(items: Staged[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ items, resolve, reject });
      if (!this.busy) void this.drain();
    });
  }

  private async drain() {
    this.busy = true;
    while (this.queue.length) {
      const batch = this.queue.splice(0);
      try {
        await this.commitBatch(batch.flatMap((b) => b.items));
        for (const b of batch) b.resolve();
      } catch (e) {
        for (const b of batch) b.reject(e);
      }
    }
    this.busy = false;
  }

  private async commitBatch(items: Staged[]) {
    if (!items.length) return;
    await durable(
      this.store.dir,
      items.map((s) => s.temp),
    );
    const dirs = new Set<string>();
    for (const s of items) {
      const final = this.store.objectPath(s.digest);
      try {
        linkSync(s.temp, final);
        dirs.add(dirname(final));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        this.store.checkExisting(final, s.digest); // another writer got there first: it must have written the same
      } finally {
        unlinkSync(s.temp);
      }
    }
    await durable(this.store.dir, [...dirs]);
    this.stats.batches++;
    this.stats.objects += items.length;
  }
}

let syncfsWorks: boolean | null = null;

/**
 * Make these files (or directories) durable. One `sync -f` (syncfs(2) of the file system holding
 * `dir`) when it runs here, which costs one journal commit for the whole batch (measured: 5,000
 * temps ~0.09 s, against ~1.7 s for 5,000 fsyncs, four at a time); else an fsync of each.
 */
export async function durable(dir: string, paths: string[]): Promise<void> {
  if (!paths.length) return;
  if (syncfsWorks !== false) {
    const ok = await new Promise<boolean>((resolve) => execFile('sync', ['-f', dir], (e) => resolve(!e)));
    if (syncfsWorks === null) syncfsWorks = ok;
    if (ok) return;
  }
  await eachLimit(paths, 16, async (p) => {
    const h = await fsp.open(p, 'r');
    try {
      await h.sync();
    } finally {
      await h.close();
    }
  });
}
