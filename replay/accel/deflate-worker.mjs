// Worker thread for `docket release pack`: the canonical deflate (pako, options from replay/format/gzip.ts)
// runs here while the main thread reads, hashes and lays out tar blocks. pako's streaming output
// with Z_NO_FLUSH equals its one-shot output byte for byte (replay/release/release.test.ts checks).
import { parentPort as port, workerData } from 'node:worker_threads';
import crc32 from 'crc-32';
import { Deflate } from 'pako';

if (!port) throw new Error('a worker thread entry: load it with new Worker()');
const parentPort = port;

const deflate = new Deflate({ ...workerData.options });
/** @type {Uint8Array[]} */
const out = [];
deflate.onData = (/** @type {Uint8Array} */ chunk) => out.push(chunk);
let crc = 0;
let length = 0;
parentPort.on('message', (msg) => {
  if (msg === null) {
    deflate.push(new Uint8Array(0), true);
    if (deflate.err) throw new Error(`deflate failed: ${deflate.msg}`);
    parentPort.postMessage({ chunks: out, crc: crc >>> 0, length });
    return;
  }
  const bytes = msg; // a Uint8Array (structured clone)
  crc = crc32.buf(bytes, crc);
  length += bytes.length;
  deflate.push(bytes, false);
  if (deflate.err) throw new Error(`deflate failed: ${deflate.msg}`);
});
