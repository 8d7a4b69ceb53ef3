// Worker thread for the release read pass: SHA-256 of the file's pieces, in order, straight from the
// shared slots the main thread reads into (stream.ts), so the main thread only reads and inflates.
// After each piece it publishes how many pieces are hashed; the main thread reuses a slot only then.
import { createHash } from 'node:crypto';
import { parentPort as port, workerData } from 'node:worker_threads';
import { PIECES_HASHED } from './shared-cells.ts';

if (!port) throw new Error('a worker thread entry: load it with new Worker()');
const parentPort = port;

const { data, progress, pieceBytes } = workerData as { data: SharedArrayBuffer; progress: Int32Array; pieceBytes: number };
const hash = createHash('sha256');
let done = 0;
parentPort.on('message', (m: 'end' | { slot: number; length: number }) => {
  if (m === 'end') {
    parentPort.postMessage(hash.digest('hex'));
    return;
  }
  hash.update(new Uint8Array(data, m.slot * pieceBytes, m.length));
  Atomics.store(progress, PIECES_HASHED, ++done);
  Atomics.notify(progress, PIECES_HASHED);
});
