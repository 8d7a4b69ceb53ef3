// Worker thread for the release read pass on big files (stream.ts ringPass): reads the file, hashes
// every byte, and inflates the gzip body straight into a ring of reused shared slots that the main
// thread walks. The same strict gunzip as stream.ts's streamPass, rule for rule and message for
// message (a differential test holds the two together): our fixed header, one raw-deflate member,
// CRC-32 and ISIZE trailer, nothing after it, an absolute cap on the output.
//
// Why a worker and zlib's handle: the public stream hands out a fresh 1 MiB buffer per output chunk,
// and fresh memory faults in page by page on this VM (~20k faults per release, most of a cold
// verify's extra time). The handle's writeSync inflates into memory we choose, so the same few MiB
// serve the whole stream. writeSync is Node's own (zlib.js's sync path calls it the same way); where
// it is missing, the worker says so before reading and the main thread uses the stream instead.
//
// Control cells (Int32Array over a SharedArrayBuffer), shared with stream.ts:
//   POSTED   slots filled by the worker (their bytes and length final)
//   CONSUMED slots the main thread is done with (the worker refills only those)
//   WAKE     bumped by the main thread after every change to CONSUMED or STOP (what the worker waits on)
//   STOP     1 once the consumer said 'stop': inflating ends, hashing goes on
//   DONE     1 once no more slots will be posted
//   SIGNAL   bumped by the worker after every post and at DONE (what the main thread waits on)
//   LEN + k  byte length of slot k
import { createHash } from 'node:crypto';
import { readSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import * as zlib from 'node:zlib';
import { CTL, endProblem, heldError, longEnough, RULES, takePiece, TRAILER } from './pass-rules.ts';

const { POSTED, CONSUMED, WAKE, STOP, DONE, SIGNAL, LEN } = CTL;

interface Work {
  fd: number;
  size: number;
  hash: boolean;
  maxOut: number;
  ring: SharedArrayBuffer;
  ctl: SharedArrayBuffer;
  slotBytes: number;
  slots: number;
  header: Uint8Array;
  pieceBytes: number;
}
interface PassError {
  code: string;
  message: string;
  at: number;
}
type Crc32 = (data: Uint8Array, value?: number) => number;
/** The parts of zlib's stream this pass drives directly (Node's own internals; checked below). */
interface RawHandle {
  writeSync(flush: number, input: Uint8Array, inOff: number, inLen: number, out: Uint8Array, outOff: number, outLen: number): void;
}

const { fd, size, hash: hashing, maxOut, ring, ctl: ctlBuffer, slotBytes, slots, header, pieceBytes } = workerData as Work;
const ctl = new Int32Array(ctlBuffer);
const inf = zlib.createInflateRaw() as zlib.InflateRaw & { _handle?: RawHandle; _writeState?: unknown; errored?: Error | null };
const handle = inf._handle;
const state = inf._writeState as Uint32Array;

if (typeof handle?.writeSync !== 'function' || !(state instanceof Uint32Array) || state.length < 2) {
  parentPort!.postMessage({ unavailable: true });
} else {
  inf.on('error', () => {}); // the error is read synchronously below; destroy() also emits it later
  const crc32: Crc32 = typeof (zlib as { crc32?: Crc32 }).crc32 === 'function' ? (zlib as { crc32: Crc32 }).crc32 : (await import('crc-32')).default.buf;
  parentPort!.postMessage(run(crc32, handle));
}

function run(crc32: Crc32, handle: RawHandle) {
  const res: { digest: string | null; error: PassError | null; outBytes: number } = { digest: null, error: null, outBytes: 0 };
  const hash = hashing ? createHash('sha256') : null;
  const bodyEnd = size - TRAILER;
  let inflating = longEnough(size, header);
  if (!inflating) res.error = { code: 'EGZIP', message: RULES.tooShort, at: 0 };
  let ended = false;
  let consumed = 0; // body bytes zlib took
  let crc = 0;
  let posted = 0;
  let fill = 0; // bytes in the slot being filled
  const views = Array.from({ length: slots }, (_, k) => new Uint8Array(ring, k * slotBytes, slotBytes));

  const stopInflating = () => {
    if (!inflating) return;
    inflating = false;
    // The handle is closed only when no error closed it: writeSync on a closed handle aborts.
    if (!inf.destroyed) inf.destroy();
  };
  // `at`: the slot being filled when the error arose; the main thread drops an inflating error at
  // or after a slot where the consumer said 'stop' (the stream pass never inflates that far).
  const fail = (code: string, message: string) => {
    res.error = heldError(res.error, { code, message, at: code === 'ECHANGED' ? -1 : posted });
    stopInflating();
  };
  const post = () => {
    Atomics.store(ctl, LEN + (posted % slots), fill);
    posted++;
    fill = 0;
    Atomics.store(ctl, POSTED, posted);
    signal();
  };
  // A slot to fill: false when the consumer stopped while we waited for one.
  const room = () => {
    for (;;) {
      const wake = Atomics.load(ctl, WAKE);
      if (Atomics.load(ctl, STOP)) return false;
      if (posted - Atomics.load(ctl, CONSUMED) < slots) return true;
      Atomics.wait(ctl, WAKE, wake);
    }
  };
  // Inflate `input` (all of it, unless the deflate stream ends inside it) into the ring.
  const inflate = (input: Uint8Array, flush: number) => {
    let off = 0;
    let left = input.length;
    for (;;) {
      if (!inflating) return;
      if (!room()) return stopInflating();
      const out = views[posted % slots]!;
      const space = slotBytes - fill;
      handle.writeSync(flush, input, off, left, out, fill, space);
      if (inf.destroyed) return fail('EGZIP', RULES.badDeflate(inf.errored?.message ?? 'zlib error'));
      const availOut = state[0]!;
      const used = left - state[1]!;
      consumed += used;
      off += used;
      left -= used;
      const have = space - availOut;
      if (have > 0) {
        res.outBytes += have;
        if (res.outBytes > maxOut) return fail('ETOTAL', RULES.overCap(maxOut));
        crc = crc32(out.subarray(fill, fill + have), crc) >>> 0;
        fill += have;
      }
      if (availOut === 0) {
        post(); // full; zlib may hold more output, so go round even with no input left
        continue;
      }
      if (left > 0) ended = true; // zlib stopped taking input with room to spare: the stream ended
      else if (flush === zlib.constants.Z_FINISH) ended = true; // Z_FINISH without an error: it ended
      return;
    }
  };

  const piece = Buffer.allocUnsafeSlow(pieceBytes);
  const head = Buffer.alloc(header.length);
  const trailer = Buffer.alloc(TRAILER);
  let pos = 0;
  while (pos < size && (inflating || hash)) {
    const n = readSync(fd, piece, 0, Math.min(pieceBytes, size - pos), pos);
    if (n === 0) {
      fail('ECHANGED', RULES.shrank(pos, size));
      break;
    }
    const got = piece.subarray(0, n);
    hash?.update(got);
    const { bad, body } = takePiece(got, pos, header, head, trailer, bodyEnd, inflating);
    if (bad) fail('EGZIP', bad);
    pos += n;
    if (inflating && !ended && body.length > 0) inflate(body, zlib.constants.Z_NO_FLUSH);
    if (Atomics.load(ctl, STOP)) stopInflating();
  }
  if (pos === size && readSync(fd, Buffer.alloc(1), 0, 1, size) !== 0) fail('ECHANGED', RULES.grew(size));
  if (inflating && !ended) inflate(Buffer.alloc(0), zlib.constants.Z_FINISH);
  // Output before an error is handed on too, as the stream hands on every write that succeeded.
  if (fill > 0) post();
  if (inflating && !res.error) {
    const bad = endProblem({ ended, consumed, body: bodyEnd - header.length, trailer, crc, outBytes: res.outBytes });
    if (bad) fail('EGZIP', bad);
  }
  stopInflating();
  if (hash) res.digest = `sha256:${hash.digest('hex')}`;
  Atomics.store(ctl, DONE, 1);
  signal();
  return res;
}

function signal() {
  Atomics.add(ctl, SIGNAL, 1);
  Atomics.notify(ctl, SIGNAL);
}
