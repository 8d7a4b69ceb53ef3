import { createHash } from 'node:crypto';
import { readSync } from 'node:fs';
import { createInflateRaw } from 'node:zlib';
import type { Digest } from '../digest.ts';
import { crcUpdate, GZIP_HEADER } from '../gzip.ts';

/**
 * One streaming pass over a release file: optionally SHA-256 of every byte, and a strict gunzip
 * (our fixed header, one raw-deflate member, CRC-32 and ISIZE trailer, nothing after it) whose
 * output goes to `onOutput` in chunks of up to 1 MiB. Nothing is ever held whole: the input is
 * read in 1 MiB pieces and inflated on libuv's thread pool while this thread handles the output,
 * so a 200 MB release costs a few MB of memory and the two cores overlap. (Reading or inflating
 * the whole file into one buffer was measured at ~3 s of a 6 s verify here: fresh large buffers
 * fault in page by page on this VM.)
 */
export interface PassOptions {
  hash: boolean;
  maxOut: number; // absolute cap on the inflated stream (a gzip bomb stops here)
  /**
   * Handler for inflated bytes; 'stop' stops inflating (hashing still finishes), a promise makes the
   * pass wait for it before reading on (backpressure from slow consumers).
   */
  onOutput: (chunk: Buffer) => void | 'stop' | Promise<void>;
}
export interface PassResult {
  digest: Digest | null;
  /** EGZIP (format), ETOTAL (cap), ECHANGED (the file changed size while read); null when clean */
  error: { code: 'EGZIP' | 'ETOTAL' | 'ECHANGED'; message: string } | null;
  outBytes: number;
}

const PIECE = 1 << 20;
const TRAILER = 8;

export async function tgzPass(fd: number, size: number, opts: PassOptions): Promise<PassResult> {
  const hash = opts.hash ? createHash('sha256') : null;
  const res: PassResult = { digest: null, error: null, outBytes: 0 };
  const fail = (code: 'EGZIP' | 'ETOTAL' | 'ECHANGED', message: string) => {
    res.error ??= { code, message };
    stopInflating();
  };
  const bodyEnd = size - TRAILER;
  let inflating = size >= GZIP_HEADER.length + 2 + TRAILER;
  if (!inflating) res.error = { code: 'EGZIP', message: 'too short to be gzip' };
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
      if (inflating) fail('EGZIP', `bad deflate stream: ${e.message}`);
      resolve();
    });
    inflater.on('close', () => resolve());
  });
  function stopInflating() {
    if (!inflating) return;
    inflating = false;
    inflater.destroy();
  }
  inflater.on('data', (c: Buffer) => {
    if (!inflating) return;
    res.outBytes += c.length;
    if (res.outBytes > opts.maxOut) return fail('ETOTAL', `inflates beyond the ${opts.maxOut}-byte cap (an absolute cap: gzip bomb)`);
    crc = crcUpdate(c, crc);
    const r = opts.onOutput(c);
    if (r === 'stop') stopInflating();
    else if (r) waits.push(r);
  });

  const free: Buffer[] = [];
  const head = Buffer.alloc(GZIP_HEADER.length);
  const trailer = Buffer.alloc(TRAILER);
  let pos = 0;
  while (pos < size && (inflating || hash)) {
    while (waits.length) await waits.shift();
    // Input pieces are recycled once zlib has consumed them: fresh buffers fault in page by page.
    const buf = free.pop() ?? Buffer.allocUnsafeSlow(PIECE);
    const n = readSync(fd, buf, 0, Math.min(PIECE, size - pos), pos); // page cache: cheaper than a thread-pool round trip
    if (n === 0) {
      fail('ECHANGED', `the file ended at byte ${pos} of ${size} while being read: it changed during verification; verify a copy nothing writes to`);
      break;
    }
    const piece = buf.subarray(0, n);
    hash?.update(piece);
    copyRange(piece, pos, 0, GZIP_HEADER.length, head, 0);
    copyRange(piece, pos, bodyEnd, size, trailer, bodyEnd);
    if (pos < GZIP_HEADER.length && pos + n >= GZIP_HEADER.length && inflating && !head.equals(GZIP_HEADER)) {
      const i = [...head].findIndex((b, k) => b !== GZIP_HEADER[k]);
      fail('EGZIP', `non-canonical gzip header (byte ${i} is 0x${head[i]!.toString(16).padStart(2, '0')}, expected 0x${GZIP_HEADER[i]!.toString(16).padStart(2, '0')})`);
    }
    const from = Math.max(pos, GZIP_HEADER.length);
    const to = Math.min(pos + n, bodyEnd);
    pos += n;
    const feed = inflating && !ended && to > from;
    if (!feed) free.push(buf);
    if (feed && !inflater.write(piece.subarray(from - (pos - n), to - (pos - n)), () => free.push(buf))) {
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
  if (pos === size && readSync(fd, Buffer.alloc(1), 0, 1, size) !== 0) fail('ECHANGED', `the file grew past its ${size} bytes while being read: it changed during verification; verify a copy nothing writes to`);
  if (inflating) {
    if (!ended) inflater.end();
    await finished;
  }
  if (inflating && !res.error) {
    const consumed = inflater.bytesWritten;
    const body = bodyEnd - GZIP_HEADER.length;
    if (!ended) fail('EGZIP', 'the deflate stream does not end');
    else if (consumed !== body) fail('EGZIP', `${body - consumed} bytes after the deflate stream (second member or junk)`);
    else if (trailer.readUInt32LE(0) !== crc >>> 0) fail('EGZIP', 'CRC-32 mismatch');
    else if (trailer.readUInt32LE(4) !== res.outBytes >>> 0) fail('EGZIP', 'ISIZE mismatch');
  }
  stopInflating();
  if (hash) res.digest = `sha256:${hash.digest('hex')}` as Digest;
  return res;
}

/** Copy the part of `piece` (which starts at stream offset `at`) inside [from, to) into `into` (which starts at `base`). */
function copyRange(piece: Buffer, at: number, from: number, to: number, into: Buffer, base: number) {
  const lo = Math.max(at, from);
  const hi = Math.min(at + piece.length, to);
  if (hi > lo) piece.copy(into, lo - base, lo - at, hi - at);
}
