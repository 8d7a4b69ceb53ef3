import { Worker } from 'node:worker_threads';
import { checkObjectBytes, type ObjectResult } from '../check-object.ts';
import type { Digest } from '../digest.ts';

/**
 * Bundle checks fed from a streaming tar: each bundle goes to a worker thread while the main thread
 * keeps inflating and walking; when the worker (which may still be starting) falls behind by more
 * than `maxPending` bytes, the main thread checks the bundle itself. Memory stays bounded and both
 * cores stay busy without tuning. No descriptors: a release holds no index to compare content
 * digests with (verifyArchive checks a bundle again if one turns up).
 */
export class BundleChecks {
  readonly results = new Map<string, ObjectResult>();
  private worker: Worker | null = null;
  private pending = new Map<number, number>(); // id -> bytes in flight
  private pendingBytes = 0;
  private nextId = 0;
  private idle: (() => void) | null = null;
  private failure: Error | null = null;

  constructor(
    workers: number,
    private readonly maxPending = 32 * 1024 * 1024,
  ) {
    if (workers < 1) return;
    const w = new Worker(new URL('./check-worker.mjs', import.meta.url));
    this.worker = w;
    // Messages posted while the worker starts are queued, not lost.
    w.on('message', (m: { id: number; result: ObjectResult }) => {
      this.results.set(m.result.path, m.result);
      this.pendingBytes -= this.pending.get(m.id) ?? 0;
      this.pending.delete(m.id);
      if (this.pending.size === 0) this.idle?.();
    });
    w.on('error', (e) => {
      this.failure = e;
      this.idle?.();
    });
  }

  /** `bytes` must own its ArrayBuffer (Buffer.allocUnsafeSlow): it is transferred, not copied. */
  check(bytes: Buffer, rel: string, digest: Digest): void {
    if (!this.worker || this.pendingBytes + bytes.length > this.maxPending) {
      this.results.set(rel, checkObjectBytes(bytes, rel, digest, false));
      return;
    }
    const id = this.nextId++;
    this.pending.set(id, bytes.length);
    this.pendingBytes += bytes.length;
    this.worker.postMessage({ id, rel, digest, bytes }, [bytes.buffer as ArrayBuffer]);
  }

  /** Wait for the worker's share, then stop it. */
  async finish(): Promise<Map<string, ObjectResult>> {
    if (this.pending.size > 0 && !this.failure) await new Promise<void>((resolve) => (this.idle = resolve));
    await this.close();
    if (this.failure) throw this.failure;
    return this.results;
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}
