import { Worker } from 'node:worker_threads';
import type { Digest } from '../../replay/format/digest.ts';
import { compiledModule } from '../../replay/package-files.ts';
import type { StoreReply } from './store-worker.ts';

/**
 * Worker threads that check and durably store fetched blobs (store-worker.ts), so a pull's fsyncs
 * overlap each other and the network instead of stopping the main thread one at a time.
 */
export class StorePool {
  private readonly workers: Worker[];
  private readonly waiting = new Map<number, (r: StoreReply) => void>();
  private next = 0;
  private failed: Error | null = null;

  constructor(dir: string, size: number) {
    this.workers = Array.from({ length: size }, () => {
      const w = new Worker(compiledModule('cli/registry/store-worker'), { workerData: { dir }, resourceLimits: { maxYoungGenerationSizeMb: 4 } }); // small young space: each job's garbage is short-lived
      w.on('message', (r: StoreReply) => {
        const done = this.waiting.get(r.id);
        this.waiting.delete(r.id);
        done?.(r);
      });
      w.on('error', (e) => this.fail(e));
      return w;
    });
  }

  private fail(e: Error) {
    this.failed = e;
    for (const [id, done] of this.waiting) done({ id, ok: false, code: 'EINTERNAL', message: e.message, bundle: false, exitCode: 2 });
    this.waiting.clear();
  }

  /** Check and store one blob; resolves once it is durable (or refused). */
  put(bytes: Uint8Array, digest: Digest): Promise<StoreReply> {
    const id = this.next++;
    if (this.failed) return Promise.resolve({ id, ok: false, code: 'EINTERNAL', message: this.failed.message, bundle: false, exitCode: 2 });
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.workers[id % this.workers.length]!.postMessage({ id, bytes, digest });
    });
  }

  close() {
    for (const w of this.workers) void w.terminate();
  }
}
