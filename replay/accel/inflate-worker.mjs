// Worker thread for the release read pass on big files (stream.ts ringPass): reads the file, hashes
// every byte, and inflates the gzip body straight into a ring of reused shared slots that the main
// thread walks. The strict gunzip rules are gzip-rules.mjs's, as for stream.ts's streamPass (a
// differential test holds the two together): our fixed header, one raw-deflate member, CRC-32 and
// ISIZE trailer, nothing after it, an absolute cap on the output.
//
// Why a worker and zlib's handle: the public stream hands out a fresh 1 MiB buffer per output chunk,
// and fresh memory faults in page by page on this VM (most of a cold verify's extra time). The
// handle (zlib-handle.mjs, the one user of Node-private APIs) inflates into memory we choose, so the
// same few MiB serve the whole stream. Where it is unavailable, the worker says so before reading
// and the main thread uses the stream instead. The control cells are shared-cells.mjs's RING.
import { createHash } from 'node:crypto';
import { readSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import * as zlib from 'node:zlib';
import { endProblem, heldError, longEnough, RULES, takePiece, TRAILER } from '../format/gzip-rules.mjs';
import { RING } from './shared-cells.mjs';
import { rawInflater } from './zlib-handle.mjs';

const { POSTED, CONSUMED, WAKE, STOP, DONE, SIGNAL, LEN } = RING;

const { fd, size, hash: hashing, maxOut, ring, ctl: ctlBuffer, slotBytes, slots, header, pieceBytes } = workerData;
const ctl = new Int32Array(ctlBuffer);
const inf = rawInflater();

if (!inf) {
  parentPort.postMessage({ unavailable: true });
} else {
  const crc32 = typeof zlib.crc32 === 'function' ? zlib.crc32 : (await import('crc-32')).default.buf;
  parentPort.postMessage(run(inf, crc32));
}

function run(inf, crc32) {
  const res = { digest: null, error: null, outBytes: 0 };
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
    inf.close();
  };
  // `at`: the slot being filled when the error arose; the main thread drops an inflating error at
  // or after a slot where the consumer said 'stop' (the stream pass never inflates that far).
  const fail = (code, message) => {
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
  const inflate = (input, flush) => {
    let off = 0;
    let left = input.length;
    for (;;) {
      if (!inflating) return;
      if (!room()) return stopInflating();
      const out = views[posted % slots];
      const space = slotBytes - fill;
      if (!inf.write(flush, input, off, left, out, fill, space)) return fail('EGZIP', RULES.badDeflate(inf.error));
      const availOut = inf.availOut;
      const used = left - inf.availIn;
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
