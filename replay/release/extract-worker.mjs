// Worker thread for release extraction: copies entries out of the spool, pulling indices from a
// counter shared with the main thread (verify.ts extractFromSpool).
import { parentPort, workerData } from 'node:worker_threads';
import { copyOut } from './copy-out.mjs';

const { spool, files, counter } = workerData;
const buf = Buffer.allocUnsafe(1 << 20);
const done = [];
try {
  for (let i = Atomics.add(counter, 0, 1); i < files.length; i = Atomics.add(counter, 0, 1)) done.push([i, copyOut(spool, files[i], buf)]);
  parentPort.postMessage({ done });
} catch (e) {
  parentPort.postMessage({ done, error: e instanceof Error ? e.message : String(e) });
}
