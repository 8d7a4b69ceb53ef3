// Worker thread for `docket release pack`: the canonical deflate (pako, options from replay/format/gzip.ts)
// runs here while the main thread reads, hashes and lays out tar blocks. pako's streaming output
// with Z_NO_FLUSH equals its one-shot output byte for byte (replay/release/release.test.ts checks).
import { parentPort, workerData } from 'node:worker_threads';
import crc32 from 'crc-32';
import { Deflate, type DeflateOptions } from 'pako';

const deflate = new Deflate({ ...(workerData as { options: DeflateOptions }).options });
const out: Uint8Array[] = [];
deflate.onData = (chunk) => out.push(chunk as Uint8Array);
let crc = 0;
let length = 0;
parentPort!.on('message', (msg: Uint8Array | null) => {
  if (msg === null) {
    deflate.push(new Uint8Array(0), true);
    if (deflate.err) throw new Error(`deflate failed: ${deflate.msg}`);
    parentPort!.postMessage({ chunks: out, crc: crc >>> 0, length });
    return;
  }
  const bytes = msg; // a Uint8Array (structured clone)
  crc = crc32.buf(bytes, crc);
  length += bytes.length;
  deflate.push(bytes, false);
  if (deflate.err) throw new Error(`deflate failed: ${deflate.msg}`);
});
