import { Worker } from 'node:worker_threads';
import type { ObjectResult } from '../check/check-object.ts';
import type { SecretHit } from '../content/secrets.ts';
import type { Digest } from '../format/digest.ts';
import { CLAIM } from '../accel/shared-cells.ts';
import { compiledModule } from '../package-files.ts';
import { checkEntry, type Entry } from './entry-check.ts';

/** Where to write a bundle the listing admits: its tar path, the file under staging, its mode. */
export interface WriteTo {
  path: string;
  abs: string;
  mode: number;
}

const CLAIM_SLOTS = 4096; // at most this many bundles in flight
// Bundles per message to the worker: one message each cost ~35 us of the main thread (2,000+ per
// release); eight keep the worker fed (~400 KB) and cut that cost eightfold.
const BATCH = 8;

/** What the worker (check-worker.ts) is sent for one entry, and what it answers. */
export interface Job {
  id: number;
  slot: number;
  entry: Entry;
  start: number;
  length: number;
  out: { abs: string; mode: number } | undefined;
}
interface Answer {
  id: number;
  result?: ObjectResult;
  written?: Digest;
  hits?: SecretHit[];
  error?: string;
  taken?: true;
}
const { QUEUED, TAKEN } = CLAIM;

/** A bundle posted (or about to be) to the worker: its job, where to write it, its slice's end. */
interface InFlight {
  job: Job;
  end: number;
  to: WriteTo | undefined;
}

/**
 * Bundle checks fed from a streaming tar. The caller asks for a buffer (`reserve`), collects a
 * bundle into it, and hands it back (`submit`). While the worker thread keeps up, that buffer is a
 * slice of a ring of shared memory (8 MiB: a larger ring only faulted in more fresh pages) that the
 * worker reads in place; when the ring is full (the worker, which may still be starting, has fallen
 * behind) it is a reused scratch buffer and the main thread checks the bundle itself. Memory stays
 * bounded, both cores stay busy without tuning, and no bundle costs a fresh allocation (150 MB of
 * fresh buffers per release cost ~0.2 s of page faults and garbage collection here). No descriptors: a release holds no index to compare content digests
 * with (verifyArchive checks a bundle again if one turns up). A bundle given a `WriteTo` is also
 * written there first, and the SHA-256 of the bytes written (`written`, by tar path) is the one the
 * check compares with the bundle's name.
 */
export class BundleChecks {
  readonly results = new Map<string, ObjectResult>();
  readonly written = new Map<string, Digest>(); // tar path -> SHA-256 of the bytes written there
  /** the secret scanner's hits by release path, for every entry it read (the content check reads no file twice) */
  readonly scanned = new Map<string, SecretHit[]>();
  /** Who took how many entries (the worker, this thread when a bundle did not fit, this thread at the end), and how often the ring wrapped. */
  readonly stats = { worker: 0, here: 0, takenBack: 0, wraps: 0 };
  private worker: Worker | null = null;
  private ring: SharedArrayBuffer | null = null;
  private readonly inFlight: InFlight[] = []; // oldest first
  // Per in-flight bundle (slot = id % CLAIM_SLOTS): QUEUED, then taken by the worker or by this
  // thread, whichever claims it first (finish() takes the newest while the worker takes the oldest).
  private readonly claims = new Int32Array(new SharedArrayBuffer(4 * CLAIM_SLOTS));
  private scratch = Buffer.allocUnsafeSlow(0);
  private nextId = 0;
  private batch: Job[] = []; // submitted, not yet posted
  /** Who waits for every bundle up to an id to be answered (settle, finish). */
  private waiters: { upTo: number; resolve: () => void }[] = [];
  private failure: Error | null = null;
  private loaded: Promise<void> = Promise.resolve();
  private markLoaded: () => void = () => {};

  constructor(workers: number, ringBytes = 8 * 1024 * 1024) {
    if (workers < 1) return;
    this.ring = new SharedArrayBuffer(ringBytes);
    const w = new Worker(compiledModule('replay/release/check-worker'), { workerData: { ring: this.ring, claims: this.claims } });
    this.worker = w;
    // Messages posted while the worker starts are queued, not lost. The worker answers each batch
    // with one message, in order.
    this.loaded = new Promise<void>((resolve) => {
      w.once('exit', () => resolve());
      this.markLoaded = resolve;
    });
    w.on('message', (answers: Answer[] | null) => {
      if (answers === null) return this.markLoaded();
      for (const m of answers) {
        const done = this.inFlight.shift();
        if (!done || done.job.id !== m.id) this.failure ??= new Error(`internal: bundle check ${m.id} answered out of order`);
        if (m.error !== undefined) this.failure ??= new Error(m.error);
        if (done?.to && m.written) this.written.set(done.to.path, m.written);
        if (done && m.hits) this.scanned.set(done.job.entry.path, m.hits);
        if (m.result) this.results.set(m.result.path, m.result);
        if (!m.taken && m.error === undefined) this.stats.worker++;
      }
      this.wake();
    });
    w.on('error', (e) => {
      this.failure = e;
      this.wake();
      this.markLoaded();
    });
  }

  /** A buffer of `size` bytes to collect the next bundle into; valid until the next `reserve`. */
  reserve(size: number): Buffer<ArrayBufferLike> {
    // Never an empty slice in the ring: one at the oldest slice's start would make a wrapped ring
    // look unwrapped to place() (an empty bundle is refused at once anyway, here).
    const at = size > 0 && this.ring && !this.failure ? this.place(size) : -1;
    if (at >= 0) return Buffer.from(this.ring!, at, size);
    this.flush(); // the ring is full: the worker gets all there is before this thread checks one itself
    if (this.scratch.length < size) this.scratch = Buffer.allocUnsafeSlow(Math.max(size, 2 * this.scratch.length));
    return this.scratch.subarray(0, size);
  }

  /**
   * Whether `reserve(size)` would now give a slice of the ring (the worker checks it), or waiting
   * could not make it so (no worker, a failure, a bundle larger than the ring): a caller that can
   * wait (a pull's stream) waits for `freed()` while this is false, so this thread never checks a
   * bundle itself and its memory stays that of the stream.
   */
  fits(size: number): boolean {
    if (!this.ring || !this.worker || this.failure || size <= 0 || size > this.ring.byteLength || this.inFlight.length === 0) return true;
    return this.where(size) >= 0;
  }

  /** Resolves once the worker has answered the oldest bundle in flight (its slice is free again). */
  freed(): Promise<void> {
    this.flush();
    const oldest = this.inFlight[0];
    return oldest ? this.answered(oldest.job.id) : Promise.resolve();
  }

  /** Check, scan and write (with `to`) the entry collected in the buffer `reserve` returned last. */
  submit(bytes: Buffer<ArrayBufferLike>, entry: Entry, to?: WriteTo): void {
    if (bytes.buffer !== this.ring) {
      this.stats.here++;
      return this.here(bytes, entry, to);
    }
    const id = this.nextId++;
    const slot = id % CLAIM_SLOTS;
    const job: Job = { id, slot, entry, start: bytes.byteOffset, length: bytes.length, out: to ? { abs: to.abs, mode: to.mode } : undefined };
    this.inFlight.push({ job, end: bytes.byteOffset + bytes.length, to });
    Atomics.store(this.claims, slot, QUEUED);
    this.batch.push(job);
    if (this.batch.length >= BATCH) this.flush();
  }

  /** Post the bundles submitted since the last batch (the read pass calls it after each piece of the stream). */
  flush(): void {
    if (!this.batch.length || !this.worker) return;
    this.worker.postMessage(this.batch);
    this.batch = [];
  }

  private here(bytes: Buffer<ArrayBufferLike>, entry: Entry, to?: WriteTo): void {
    const r = checkEntry(bytes, entry, to);
    if (to && r.written) this.written.set(to.path, r.written);
    if (r.result) this.results.set(entry.rel, r.result);
    if (r.hits) this.scanned.set(entry.path, r.hits);
  }

  /** where(), counting the wraps. */
  private place(size: number): number {
    const at = this.where(size);
    if (at === 0 && this.inFlight.length) this.stats.wraps++;
    return at;
  }

  /**
   * Where in the ring `size` (> 0) contiguous bytes are free, or -1. Slices are taken in order and
   * freed in order, so the free space is after the newest slice and, once it has wrapped, before the
   * oldest. Slices are never empty, so the ring has wrapped exactly when the newest starts before
   * the oldest.
   */
  private where(size: number): number {
    const cap = this.ring!.byteLength;
    if (this.inFlight.length >= CLAIM_SLOTS) return -1;
    const oldest = this.inFlight[0];
    const newest = this.inFlight[this.inFlight.length - 1];
    if (!oldest || !newest) return size <= cap ? 0 : -1;
    if (newest.job.start >= oldest.job.start) {
      if (newest.end + size <= cap) return newest.end;
      if (size > oldest.job.start) return -1;
      return 0;
    }
    return newest.end + size <= oldest.job.start ? newest.end : -1;
  }

  /**
   * Take the bundles still queued, newest first, until meeting the worker (which takes them oldest
   * first), so the last backlog is shared rather than waited for; then wait for the worker's share
   * and stop it.
   */
  async finish(): Promise<Map<string, ObjectResult>> {
    this.flush();
    for (let k = this.inFlight.length - 1; k >= 0 && !this.failure; k--) {
      const f = this.inFlight[k]!;
      const { slot, start, length, entry } = f.job;
      if (Atomics.compareExchange(this.claims, slot, QUEUED, TAKEN) !== QUEUED) break; // the worker has it, and every older one
      this.here(Buffer.from(this.ring!, start, length), entry, f.to);
      this.stats.takenBack++;
    }
    await this.answered(this.nextId - 1);
    await this.close();
    if (this.failure) throw this.failure;
    return this.results;
  }

  /**
   * Resolves once every bundle submitted so far has been answered, the worker still running: a pull
   * waits for one pack's bundles while other packs keep streaming in (answers come in order, so
   * later submissions never hold it up). Throws what the worker failed with.
   */
  async settle(): Promise<void> {
    this.flush();
    await this.answered(this.nextId - 1);
    if (this.failure) throw this.failure;
  }

  private answered(upTo: number): Promise<void> {
    if (this.done(upTo)) return Promise.resolve();
    return new Promise<void>((resolve) => this.waiters.push({ upTo, resolve }));
  }

  private done(upTo: number): boolean {
    return !!this.failure || this.inFlight.length === 0 || this.inFlight[0]!.job.id > upTo;
  }

  private wake() {
    if (!this.waiters.length) return;
    const still = [];
    for (const w of this.waiters) {
      if (this.done(w.upTo)) w.resolve();
      else still.push(w);
    }
    this.waiters = still;
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (!w) return;
    await this.loaded; // see check-worker.ts: never terminated while its modules load
    await w.terminate();
  }
}
