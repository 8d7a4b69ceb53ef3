import { createHash } from 'node:crypto';
import { readSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { createInflateRaw } from 'node:zlib';
import type { Digest } from '../format/digest.ts';
import { crcUpdate, GZIP_HEADER } from '../format/gzip.ts';
import { PIECES_HASHED } from '../accel/shared-cells.ts';
import { endProblem, heldError, longEnough, RULES, takePiece, TRAILER } from '../format/gzip-rules.ts';
import { compiledModule } from '../package-files.ts';

/**
 * One streaming pass over a release file: optionally SHA-256 of every byte, and a strict gunzip
 * (gzip-rules.ts: our fixed header, one raw-deflate member, CRC-32 and ISIZE trailer, nothing after
 * it) whose output goes to `onOutput` in chunks of up to 1 MiB, each valid only during its call.
 * Nothing is ever held whole: this thread reads 1 MiB pieces into reused slots, libuv's thread pool
 * inflates through Node's public zlib stream, and big files are hashed on a worker, so a 200 MB
 * release costs a few tens of MB of memory and the two cores overlap. (A ring pass that inflated on
 * a worker through zlib's private handle into reused shared slots measured no steadier gain, so it
 * went: docs/benchmarks.md.)
 */
export interface PassOptions {
  hash: boolean;
  maxOut: number; // absolute cap on the inflated stream (a gzip bomb stops here)
  /**
   * Handler for inflated bytes; 'stop' stops inflating (hashing still finishes), a promise makes the
   * pass wait for it before reading on (backpressure from slow consumers).
   */
  onOutput: (chunk: Buffer) => void | 'stop' | Promise<void>;
  /** Tests: hash on the worker thread from this file size (default 64 MiB) and use this many slots. */
  hashThreadFrom?: number;
  slots?: number;
}
export interface PassResult {
  digest: Digest | null;
  /** EGZIP (format), ETOTAL (cap), ECHANGED (the file changed size while read); null when clean */
  error: { code: 'EGZIP' | 'ETOTAL' | 'ECHANGED'; message: string } | null;
  outBytes: number;
}

const PIECE = 1 << 20;

/** The pass over the `size` bytes at `fd`: read here, inflated by Node's public zlib stream, hashed on a worker for big files. */
export async function tgzPass(fd: number, size: number, opts: PassOptions): Promise<PassResult> {
  const slotCount = opts.slots ?? SLOTS;
  const hash = opts.hash ? new PieceHasher(slotCount) : null;
  if (hash && size >= (opts.hashThreadFrom ?? OFF_THREAD_FROM)) hash.offThread();
  const res: PassResult = { digest: null, error: null, outBytes: 0 };
  const fail = (code: 'EGZIP' | 'ETOTAL' | 'ECHANGED', message: string) => {
    res.error = heldError(res.error, { code, message });
    stopInflating();
  };
  const bodyEnd = size - TRAILER;
  let inflating = longEnough(size, GZIP_HEADER);
  if (!inflating) res.error = { code: 'EGZIP', message: RULES.tooShort };
  const slots = new Slots(hash, slotCount);
  // writableHighWaterMark reaches the Transform underneath (Node passes the options through).
  const inflater = createInflateRaw({ chunkSize: PIECE, writableHighWaterMark: 4 * PIECE } as Parameters<typeof createInflateRaw>[0]);
  let crc = 0;
  let ended = false;
  const waits: Promise<void>[] = [];
  const finished = new Promise<void>((resolve) => {
    inflater.on('end', () => {
      ended = true;
      resolve();
    });
    inflater.on('error', (e: NodeJS.ErrnoException) => {
      ended = true;
      if (inflating) fail('EGZIP', RULES.badDeflate(e.message));
      resolve();
    });
    inflater.on('close', () => resolve());
  });
  function stopInflating() {
    if (!inflating) return;
    inflating = false;
    inflater.destroy();
    // A destroyed zlib may never call back for the write in flight: its slots are not waited for.
    // (Reusing one is safe: its output is ignored, and a slot still waits for the hasher.)
    slots.releaseAll();
  }
  // zlib emits 'data' inside the callback that would start inflating the next chunk on the thread
  // pool; handling the output right there kept the two from overlapping. The output is queued and
  // handled in a microtask, once zlib is already busy with the next chunk.
  const queue: Buffer[] = [];
  let scheduled = false;
  const drain = () => {
    scheduled = false;
    for (let c = queue.shift(); c && inflating; c = queue.shift()) {
      crc = crcUpdate(c, crc);
      const r = opts.onOutput(c);
      if (r === 'stop') stopInflating();
      else if (r) waits.push(r);
    }
    queue.length = 0;
  };
  inflater.on('data', (c: Buffer) => {
    if (!inflating) return;
    res.outBytes += c.length;
    if (res.outBytes > opts.maxOut) return fail('ETOTAL', RULES.overCap(opts.maxOut));
    queue.push(c);
    if (!scheduled) {
      scheduled = true;
      queueMicrotask(drain);
    }
  });

  const head = Buffer.alloc(GZIP_HEADER.length);
  const trailer = Buffer.alloc(TRAILER);
  let pos = 0;
  while (pos < size && (inflating || hash)) {
    while (waits.length) await waits.shift();
    // Input pieces are recycled once zlib has consumed them and they are hashed: fresh buffers
    // fault in page by page. Each piece is read once; the bytes hashed are the bytes inflated.
    const slot = await slots.take();
    const buf = slots.buffer(slot);
    const n = readSync(fd, buf, 0, Math.min(PIECE, size - pos), pos); // page cache: cheaper than a thread-pool round trip
    if (n === 0) {
      slots.give(slot);
      fail('ECHANGED', RULES.shrank(pos, size));
      break;
    }
    const piece = buf.subarray(0, n);
    hash?.update(slot, piece);
    const { bad, body } = takePiece(piece, pos, GZIP_HEADER, head, trailer, bodyEnd, inflating);
    if (bad) fail('EGZIP', bad);
    pos += n;
    const feed = inflating && !ended && body.length > 0;
    if (!feed) slots.give(slot);
    if (feed && !inflater.write(body, () => slots.give(slot))) {
      await new Promise<void>((resolve) => {
        const done = () => {
          inflater.off('drain', done);
          inflater.off('close', done);
          resolve();
        };
        inflater.on('drain', done);
        inflater.on('close', done);
      });
    }
  }
  if (pos === size && readSync(fd, Buffer.alloc(1), 0, 1, size) !== 0) fail('ECHANGED', RULES.grew(size));
  if (inflating) {
    if (!ended) inflater.end();
    await finished;
    drain();
  }
  if (inflating && !res.error) {
    const bad = endProblem({ ended, consumed: inflater.bytesWritten, body: bodyEnd - GZIP_HEADER.length, trailer, crc, outBytes: res.outBytes });
    if (bad) fail('EGZIP', bad);
  }
  stopInflating();
  if (hash) res.digest = `sha256:${await hash.digest()}` as Digest;
  return res;
}

const SLOTS = 32; // 32 MiB: room to read on while the hasher thread starts (~60 ms)
const OFF_THREAD_FROM = 64 * PIECE; // smaller files are hashed here: a thread costs more than it saves

/**
 * SHA-256 of the pieces in read order: on a worker thread for big files (the main thread was the
 * read pass's bottleneck), else inline. Pieces live in shared slots until hashed.
 */
class PieceHasher {
  private inline = createHash('sha256');
  private worker: Worker | null = null;
  private failure: Error | null = null;
  private sent = 0;
  data: SharedArrayBuffer | null = null; // the slots, when hashed off thread
  readonly progress = new Int32Array(new SharedArrayBuffer(4)); // shared-cells.ts PIECES_HASHED: pieces hashed by the worker
  private readonly seqOf: number[]; // the piece each slot holds until hashed
  constructor(private readonly slots: number) {
    this.seqOf = new Array<number>(slots).fill(-1);
  }

  offThread(): void {
    this.data = new SharedArrayBuffer(this.slots * PIECE);
    this.worker = new Worker(compiledModule('replay/accel/hash-worker'), { workerData: { data: this.data, progress: this.progress, pieceBytes: PIECE } });
    this.worker.on('error', (e) => (this.failure = e));
  }

  update(slot: number, piece: Buffer): void {
    if (!this.worker) {
      this.inline.update(piece);
      return;
    }
    this.seqOf[slot] = this.sent++;
    this.worker.postMessage({ slot, length: piece.length });
  }

  /** Whether the slot's piece is hashed (always, inline). */
  hashed(slot: number): boolean {
    return !this.worker || this.seqOf[slot]! < Atomics.load(this.progress, PIECES_HASHED);
  }

  async waitHashed(): Promise<void> {
    if (this.failure) throw this.failure;
    const seen = Atomics.load(this.progress, PIECES_HASHED);
    const w = Atomics.waitAsync(this.progress, PIECES_HASHED, seen, 1000);
    if (w.async) await w.value;
  }

  async digest(): Promise<string> {
    if (!this.worker) return this.inline.digest('hex');
    const w = this.worker;
    try {
      return await new Promise<string>((resolve, reject) => {
        w.once('message', resolve);
        w.once('error', reject);
        w.postMessage('end');
      });
    } finally {
      void w.terminate();
    }
  }
}

/** The read buffers: `count` 1 MiB pieces (of the hasher's shared buffer when it runs off thread), each reused only once inflated and hashed. */
class Slots {
  private readonly inflated: boolean[];
  private readonly views: (Buffer | undefined)[];
  private wake: (() => void) | null = null;
  constructor(
    private readonly hasher: PieceHasher | null,
    private readonly count: number,
  ) {
    this.inflated = new Array<boolean>(count).fill(true);
    this.views = new Array(count);
  }
  buffer(slot: number): Buffer {
    const shared = this.hasher?.data;
    return (this.views[slot] ??= shared ? Buffer.from(shared, slot * PIECE, PIECE) : Buffer.allocUnsafeSlow(PIECE));
  }
  give(slot: number): void {
    this.inflated[slot] = true;
    this.wake?.();
  }
  releaseAll(): void {
    this.inflated.fill(true);
    this.wake?.();
  }
  async take(): Promise<number> {
    for (;;) {
      for (let k = 0; k < this.count; k++) {
        if (this.inflated[k] && (!this.hasher || this.hasher.hashed(k))) {
          this.inflated[k] = false;
          return k;
        }
      }
      // Every slot is with zlib or the hasher: wait for whichever frees one first.
      const zlibDone = new Promise<void>((resolve) => (this.wake = resolve));
      await Promise.race([zlibDone, this.hasher ? this.hasher.waitHashed() : zlibDone]);
      this.wake = null;
    }
  }
}
